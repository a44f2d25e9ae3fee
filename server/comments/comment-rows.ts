/**
 * How a comment or reply is read: one select with its author, whom it answers and whether the
 * caller likes it (an EXISTS per row, so a page's likedByUser costs no second query), and who may
 * see it. Published ones are everyone's; held and blocked ones only their author's; a tombstone
 * (deleted, replies remain) shows while published replies remain under it.
 */
import { and, eq, gt, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Comment } from '../../contract/shapes.js';
import type { Db, Tx } from '../db/client.js';
import { fixedText } from '../db/fixed-text.js';
import { comments, users } from '../db/schema.js';
import { notFound } from '../errors.js';
import { toOwner } from '../accounts/index.js';
import type { MediaUrls } from '../media/media-urls.js';

export const COMMENT_NOT_FOUND = 'Comment not found';

const replyUser = alias(users, 'reply_user');

/** A value, or a prepared statement's placeholder for it (list-statements.ts). */
export type Param<T> = T | Placeholder<string, T>;

function columns(viewerId: Param<string>) {
  return {
    id: comments.id,
    content: comments.content,
    createdAt: comments.createdAt,
    updatedAt: comments.updatedAt,
    videoId: comments.videoId,
    parentId: comments.parentId,
    replyCount: comments.replyCount,
    likesCount: comments.likesCount,
    pinnedAt: comments.pinnedAt,
    heartedAt: comments.heartedAt,
    deletedAt: comments.deletedAt,
    status: comments.status,
    ownerId: users.id,
    userName: users.userName,
    fullName: users.fullName,
    avatarKey: users.avatarKey,
    replyToId: replyUser.id,
    replyToUserName: replyUser.userName,
    liked: sql<boolean>`exists (select 1 from likes l where l.user_id = ${viewerId}
      and l.target_type = 'comment' and l.target_id = ${comments.id})`,
  };
}

/** Comments with their author, whom they answer and the caller's like; add where/order/limit. */
export function selectComments(db: Db | Tx, viewerId: Param<string>) {
  return db
    .select(columns(viewerId))
    .from(comments)
    .innerJoin(users, eq(users.id, comments.ownerId))
    .leftJoin(replyUser, eq(replyUser.id, comments.replyToUserId));
}

type CommentRow = Awaited<ReturnType<ReturnType<typeof selectComments>['execute']>>[number];

export function toComment(row: CommentRow, urls: MediaUrls): Comment {
  return {
    _id: row.id,
    content: row.deletedAt ? '' : row.content,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    owner: toOwner({ ...row, id: row.ownerId }, urls),
    videoId: row.videoId,
    parentId: row.parentId,
    replyTo:
      row.replyToId === null ? null : { _id: row.replyToId, userName: row.replyToUserName ?? '' },
    replyCount: row.replyCount,
    likeCount: row.likesCount,
    likedByUser: Boolean(row.liked),
    pinned: row.pinnedAt !== null,
    hearted: row.heartedAt !== null,
    deleted: row.deletedAt !== null,
    status: row.status,
  };
}

/** Published, or the viewer's own (held or blocked). */
export const seenBy = (viewerId: Param<string>): SQL =>
  or(eq(comments.status, 'published'), eq(comments.ownerId, viewerId))!;

/** seenBy, and not a tombstone without replies left. */
export const shownTo = (viewerId: Param<string>): SQL =>
  and(seenBy(viewerId), or(isNull(comments.deletedAt), gt(comments.replyCount, 0)))!;

/** One comment as `viewerId` reads it (no visibility check: callers checked it). */
export async function commentById(
  db: Db,
  commentId: string,
  viewerId: string,
  urls: MediaUrls,
): Promise<Comment> {
  const [row] = await fixedText(
    'comment-by-id',
    selectComments(db, viewerId).where(eq(comments.id, commentId)),
  );
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  return toComment(row, urls);
}
