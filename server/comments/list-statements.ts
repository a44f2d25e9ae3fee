/**
 * The conversation's busiest reads as statements prepared once per database (db/prepared.ts): the
 * head of a video's list (the video, its counters, its pinned comment's id and the caller's own
 * held or blocked comments there, in one round trip), a page of Top or Newest, and a page of a
 * thread. Planning them on every request cost the embedded database more than running them.
 * The builders take values too, so bench/comments.ts explains exactly these statements.
 */
import { and, asc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { CommentSort } from '../../contract/engagement.js';
import type { Db } from '../db/client.js';
import { statementSet } from '../db/prepared.js';
import { descNullsLast } from '../db/order.js';
import { comments, videos } from '../db/schema.js';
import { reachableBy } from '../videos/index.js';
import { seenBy, selectComments, shownTo, type Param } from './comment-rows.js';

/** What a video's list shows the viewer (comments, not replies). */
export const listedTo = (videoId: Param<string>, viewerId: Param<string>) =>
  and(eq(comments.videoId, videoId), isNull(comments.parentId), shownTo(viewerId));

/**
 * One page of a video's comments but the pinned one, in `sort`'s order: a walk of
 * comments_newest_idx or comments_top_idx.
 */
export function commentPage(
  db: Db,
  videoId: Param<string>,
  viewerId: Param<string>,
  sort: CommentSort,
  limit: Param<number>,
  offset: Param<number>,
) {
  const order =
    sort === 'top'
      ? [descNullsLast(comments.score), descNullsLast(comments.id)]
      : [descNullsLast(comments.createdAt), descNullsLast(comments.id)];
  return selectComments(db, viewerId)
    .where(and(listedTo(videoId, viewerId), isNull(comments.pinnedAt)))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

/** One page of a thread, oldest first: a walk of comments_replies_idx. */
export function replyPage(
  db: Db,
  commentId: Param<string>,
  viewerId: Param<string>,
  limit: Param<number>,
  offset: Param<number>,
) {
  return selectComments(db, viewerId)
    .where(and(eq(comments.parentId, commentId), seenBy(viewerId)))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(limit)
    .offset(offset);
}

/** The video as the list needs it; no row when the viewer may not see it. */
function listHead(db: Db, videoId: Param<string>, viewerId: Param<string>) {
  return db
    .select({
      id: videos.id,
      ownerId: videos.ownerId,
      commentsOff: videos.commentsOff,
      commentCount: videos.commentCount,
      conversationCount: videos.conversationCount,
      pinnedId: sql<string | null>`(select c.id from ${comments} c
        where c.video_id = ${videoId} and c.pinned_at is not null
          and (c.status = 'published' or c.owner_id = ${viewerId}))`,
      // The caller's own held and blocked comments here, which only they see (a small index).
      ownUnlisted: sql<number>`(select count(*)::int from ${comments} c
        where c.owner_id = ${viewerId} and c.video_id = ${videoId}
          and c.status <> 'published' and c.parent_id is null
          and (c.deleted_at is null or c.reply_count > 0))`.mapWith(Number),
    })
    .from(videos)
    .where(and(eq(videos.id, videoId), reachableBy(viewerId)));
}

/** The caller's own held or blocked replies in a thread. */
function ownUnlistedReplies(db: Db, commentId: Param<string>, viewerId: Param<string>) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(comments)
    .where(
      and(
        eq(comments.ownerId, viewerId),
        eq(comments.parentId, commentId),
        ne(comments.status, 'published'),
      ),
    );
}

/** The pinned comment, when the head named one. */
function pinnedRow(db: Db, commentId: Param<string>, viewerId: Param<string>) {
  return selectComments(db, viewerId).where(
    and(eq(comments.id, commentId), isNotNull(comments.pinnedAt), seenBy(viewerId)),
  );
}

export const listStatements = statementSet((db) => {
  const p = {
    videoId: sql.placeholder('videoId'),
    commentId: sql.placeholder('commentId'),
    viewerId: sql.placeholder('viewerId'),
    limit: sql.placeholder('limit'),
    offset: sql.placeholder('offset'),
  };
  return {
    head: listHead(db, p.videoId, p.viewerId).prepare('comments_head'),
    top: commentPage(db, p.videoId, p.viewerId, 'top', p.limit, p.offset).prepare('comments_top'),
    newest: commentPage(db, p.videoId, p.viewerId, 'newest', p.limit, p.offset).prepare(
      'comments_newest',
    ),
    pinned: pinnedRow(db, p.commentId, p.viewerId).prepare('comments_pinned'),
    replies: replyPage(db, p.commentId, p.viewerId, p.limit, p.offset).prepare('comment_replies'),
    ownReplies: ownUnlistedReplies(db, p.commentId, p.viewerId).prepare('comment_own_replies'),
  };
});
