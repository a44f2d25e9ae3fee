/**
 * The creator's hand on one video's comments: pin one comment (replacing the pin before), heart a
 * comment or reply (the author hears of it), approve a held one (it is published and notifies as
 * a new one would), and turn comments off and on. Only the video's creator (403 for anyone else);
 * a comment they may not see, or one deleted, is 404.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { CommentSettings, HeartState, PinState } from '../../contract/conversation.js';
import type { Comment } from '../../contract/shapes.js';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/client.js';
import { comments, videos } from '../db/schema.js';
import { forbidden, invalid, notFound } from '../errors.js';
import { announceComment, announceNotifications } from '../events/live-topics.js';
import { notifyOne } from '../notifications/index.js';
import type { MediaUrls } from '../media/media-urls.js';
import { COMMENT_NOT_FOUND, commentById } from './comment-rows.js';
import { commentFor, creatorsComment, isBlocked, onlyCreator, videoFor } from './comment-access.js';
import { notifyPublished } from './conversation-notify.js';

export const ONLY_COMMENTS_PINNED = 'Only a comment can be pinned, not a reply';

/** Published and not deleted: the creator's pin and heart apply to what everyone sees. */
async function publishedOfCreator(db: Db, commentId: string, callerId: string, what: string) {
  const row = await creatorsComment(db, commentId, callerId, what);
  if (row.status !== 'published' || row.deletedAt) throw notFound(COMMENT_NOT_FOUND);
  return row;
}

export async function setPinned(
  db: Db,
  commentId: string,
  callerId: string,
  pinned: boolean,
): Promise<PinState> {
  if (!pinned) {
    const row = await creatorsComment(db, commentId, callerId, 'pin comments');
    await db.update(comments).set({ pinnedAt: null }).where(eq(comments.id, commentId));
    const [left] = await db
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.videoId, row.videoId), isNotNull(comments.pinnedAt)));
    return { pinnedCommentId: left?.id ?? null };
  }
  const row = await publishedOfCreator(db, commentId, callerId, 'pin comments');
  if (row.parentId !== null) throw invalid(ONLY_COMMENTS_PINNED);
  await db.transaction(async (tx) => {
    // The video's row serializes two pins at once (one pinned comment per video: a unique index).
    await tx
      .select({ id: videos.id })
      .from(videos)
      .where(eq(videos.id, row.videoId))
      .for('no key update');
    await tx
      .update(comments)
      .set({ pinnedAt: null })
      .where(and(eq(comments.videoId, row.videoId), isNotNull(comments.pinnedAt)));
    await tx.update(comments).set({ pinnedAt: new Date() }).where(eq(comments.id, commentId));
  });
  return { pinnedCommentId: commentId };
}

export async function setHearted(
  ctx: Pick<ServerContext, 'db' | 'events'>,
  commentId: string,
  callerId: string,
  hearted: boolean,
): Promise<HeartState> {
  const { db } = ctx;
  const row = hearted
    ? await publishedOfCreator(db, commentId, callerId, 'heart comments')
    : await creatorsComment(db, commentId, callerId, 'heart comments');
  const notified = await db.transaction(async (tx) => {
    await tx
      .update(comments)
      .set({ heartedAt: hearted ? (row.heartedAt ?? new Date()) : null })
      .where(eq(comments.id, commentId));
    if (!hearted) return false;
    // Once per comment, however often the heart is taken back and given again.
    return notifyOne(tx, {
      recipientId: row.ownerId,
      type: 'heart',
      actorId: callerId,
      videoId: row.videoId,
      commentId,
      dedupeKey: `heart:${commentId}`,
    });
  });
  if (notified) await announceNotifications(ctx.events, [row.ownerId]);
  return { hearted };
}

/** Publishes a held comment or reply; one already published answers as it is. */
export async function approveComment(
  ctx: Pick<ServerContext, 'db' | 'events'>,
  commentId: string,
  callerId: string,
  urls: MediaUrls,
): Promise<Comment> {
  const { db } = ctx;
  const row = await creatorsComment(db, commentId, callerId, 'approve comments');
  if (row.status === 'blocked' || row.deletedAt) throw notFound(COMMENT_NOT_FOUND);
  if (row.status === 'held') {
    const thread = row.parentId ? await commentFor(db, row.parentId, callerId) : null;
    // Its author blocked since: approved, it joins their other comments as blocked.
    const blocked = await isBlocked(db, callerId, row.ownerId);
    const notified = await db.transaction(async (tx) => {
      const done = await tx
        .update(comments)
        .set({ status: blocked ? 'blocked' : 'published' })
        .where(and(eq(comments.id, commentId), eq(comments.status, 'held')))
        .returning({ id: comments.id });
      if (done.length === 0 || blocked) return [];
      return notifyPublished(tx, {
        id: commentId,
        videoId: row.videoId,
        videoOwnerId: row.videoOwnerId,
        videoPublished: row.videoPublished,
        authorId: row.ownerId,
        content: row.content,
        parentId: row.parentId,
        threadAuthorId: thread && !thread.deletedAt ? thread.ownerId : null,
        replyToUserId: row.replyToUserId,
      });
    });
    if (!blocked) await announceComment(ctx.events, row.videoId, commentId, row.parentId);
    await announceNotifications(ctx.events, notified);
  }
  return commentById(db, commentId, callerId, urls);
}

export async function setCommentsOff(
  db: Db,
  videoId: string,
  callerId: string,
  commentsOff: boolean,
): Promise<CommentSettings> {
  const video = await videoFor(db, videoId, callerId);
  if (video.ownerId !== callerId) throw forbidden(onlyCreator('turn comments on or off'));
  await db.update(videos).set({ commentsOff }).where(eq(videos.id, videoId));
  return { commentsOff };
}
