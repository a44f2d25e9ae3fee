/**
 * Comments of a video: newest first, 1…2000 characters after trimming, edited and deleted only by
 * their author. A video the caller may not see has no comments for them (404).
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { CommentList } from '../../contract/engagement.js';
import type { Comment } from '../../contract/shapes.js';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { comments, likes, users, videos } from '../db/schema.js';
import { forbidden, notFound } from '../errors.js';
import { COMMENT_NOT_FOUND } from './likes.js';
import { announceComment, announceNotifications } from '../events/live-topics.js';
import { notifyOne } from '../notifications/index.js';
import { descNullsLast } from '../db/order.js';
import { toOwner } from '../accounts/index.js';
import { visibleTo } from '../videos/index.js';
import type { MediaUrls } from '../media/media-urls.js';
import { assertVisibleVideo } from '../videos/index.js';

const commentColumns = {
  id: comments.id,
  content: comments.content,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
  ownerId: users.id,
  userName: users.userName,
  fullName: users.fullName,
  avatarKey: users.avatarKey,
};

type CommentRow = {
  id: string;
  content: string;
  createdAt: Date;
  updatedAt: Date;
  ownerId: string;
  userName: string;
  fullName: string;
  avatarKey: string;
};

function toComment(row: CommentRow, urls: MediaUrls): Comment {
  return {
    _id: row.id,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    owner: toOwner({ ...row, id: row.ownerId }, urls),
  };
}

async function commentById(db: Db, commentId: string, urls: MediaUrls): Promise<Comment> {
  const [row] = await db
    .select(commentColumns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.ownerId))
    .where(eq(comments.id, commentId));
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  return toComment(row, urls);
}

export async function listComments(
  db: Db,
  videoId: string,
  viewerId: string,
  page: number,
  limit: number,
  urls: MediaUrls,
): Promise<CommentList> {
  await assertVisibleVideo(db, videoId, viewerId);
  const [rows, [total]] = await Promise.all([
    db
      .select(commentColumns)
      .from(comments)
      .innerJoin(users, eq(users.id, comments.ownerId))
      .where(eq(comments.videoId, videoId))
      .orderBy(descNullsLast(comments.createdAt), desc(comments.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(comments).where(eq(comments.videoId, videoId)),
  ]);
  return {
    comments: rows.map((row) => toComment(row, urls)),
    totalComments: total?.n ?? 0,
    page,
    limit,
  };
}

export async function addComment(
  ctx: Pick<ServerContext, 'db' | 'events'>,
  videoId: string,
  ownerId: string,
  content: string,
  urls: MediaUrls,
): Promise<Comment> {
  const { db } = ctx;
  const video = await assertVisibleVideo(db, videoId, ownerId);
  const id = newId();
  const notified = await db.transaction(async (tx) => {
    await tx.insert(comments).values({ id, videoId, ownerId, content });
    return notifyOne(tx, {
      recipientId: video.ownerId,
      type: 'comment',
      actorId: ownerId,
      videoId,
      commentId: id,
      dedupeKey: `comment:${id}`,
    });
  });
  // Every viewer of the watch page sees it appear; the owner's bell counts it.
  await announceComment(ctx.events, videoId, id);
  if (notified) await announceNotifications(ctx.events, [video.ownerId]);
  return commentById(db, id, urls);
}

/** A comment the caller may change: 404 when unknown or hidden from them, 403 when not theirs. */
async function ownComment(db: Db, commentId: string, callerId: string) {
  const [row] = await db
    .select({ id: comments.id, ownerId: comments.ownerId })
    .from(comments)
    .innerJoin(videos, eq(videos.id, comments.videoId))
    .where(and(eq(comments.id, commentId), visibleTo(callerId)));
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  if (row.ownerId !== callerId) throw forbidden('Only the author can change this comment');
  return row;
}

export async function editComment(
  db: Db,
  commentId: string,
  callerId: string,
  content: string,
  urls: MediaUrls,
): Promise<Comment> {
  await ownComment(db, commentId, callerId);
  await db
    .update(comments)
    .set({ content, updatedAt: new Date() })
    .where(eq(comments.id, commentId));
  return commentById(db, commentId, urls);
}

/** Deletes a comment and the likes it received, in one transaction. */
export async function deleteComment(db: Db, commentId: string, callerId: string): Promise<void> {
  await ownComment(db, commentId, callerId);
  // The row first: a concurrent like's counter update then either committed before (its like is
  // removed below) or finds the comment gone and rolls its like back (likes.ts).
  await db.transaction(async (tx) => {
    await tx.delete(comments).where(eq(comments.id, commentId));
    await tx
      .delete(likes)
      .where(and(eq(likes.targetType, 'comment'), eq(likes.targetId, commentId)));
  });
}
