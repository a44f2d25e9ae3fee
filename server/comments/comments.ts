/**
 * Comments of a video (API.md, extended by issue 33): listed newest first (the default) or Top,
 * the pinned one first on page 1 beyond `limit`; added (held when they contain one of the
 * channel's held words); edited by their author; deleted by their author or the video's creator
 * (a comment with published replies stays as a tombstone). A video the caller may not see has no
 * comments for them (404).
 */
import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { CommentList, CommentSort } from '../../contract/engagement.js';
import type { Comment } from '../../contract/shapes.js';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { comments, likes } from '../db/schema.js';
import { forbidden, notFound } from '../errors.js';
import { announceComment, announceNotifications } from '../events/live-topics.js';
import { VIDEO_NOT_FOUND } from '../videos/index.js';
import { listStatements } from './list-statements.js';
import type { MediaUrls } from '../media/media-urls.js';
import { COMMENT_NOT_FOUND, commentById, toComment } from './comment-rows.js';
import {
  NOT_AUTHOR,
  NOT_AUTHOR_OR_CREATOR,
  assertMayCommentOn,
  commentFor,
  insertComment,
  videoForNewComment,
} from './comment-access.js';
import { statusAmong, statusFor } from './held-words.js';
import {
  directNotices,
  mentionedNames,
  notifyMentions,
  type PublishedComment,
} from './conversation-notify.js';

export async function listComments(
  ctx: Pick<ServerContext, 'statements'>,
  videoId: string,
  viewerId: string,
  { page, limit, sort }: { page: number; limit: number; sort: CommentSort },
  urls: MediaUrls,
): Promise<CommentList> {
  const statements = ctx.statements.of(listStatements);
  // Sent together: each waits its turn in the embedded database's queue once, not one after the
  // other (issue 35). The page is read before the video is known to be there for the viewer, and
  // dropped when it is not.
  const [[video], rows] = await Promise.all([
    statements.head.execute({ videoId, viewerId }),
    statements[sort].execute({ videoId, viewerId, limit, offset: (page - 1) * limit }),
  ]);
  if (!video) throw notFound(VIDEO_NOT_FOUND);
  const [pinned] =
    page === 1 && video.pinnedId
      ? await statements.pinned.execute({ commentId: video.pinnedId, viewerId })
      : [];
  // The trigger's counter is what everyone sees; the pinned one comes beyond the pages.
  const total = video.commentCount + video.ownUnlisted - (video.pinnedId ? 1 : 0);
  return {
    comments: (pinned ? [pinned, ...rows] : rows).map((row) => toComment(row, urls)),
    totalComments: Math.max(0, total),
    page,
    limit,
    commentAndReplyCount: video.conversationCount,
    commentsOff: video.commentsOff,
    canModerate: video.ownerId === viewerId,
  };
}

export async function addComment(
  ctx: Pick<ServerContext, 'db' | 'events' | 'config'>,
  videoId: string,
  authorId: string,
  content: string,
  urls: MediaUrls,
): Promise<Comment> {
  const { db } = ctx;
  const video = await videoForNewComment(db, videoId, authorId);
  assertMayCommentOn(video);
  const status = statusAmong(video.heldWords, video.ownerId, authorId, content);
  const id = newId();
  const published: PublishedComment = {
    id,
    videoId,
    videoOwnerId: video.ownerId,
    videoPublished: video.isPublished,
    authorId,
    content,
    parentId: null,
    threadAuthorId: null,
    replyToUserId: null,
  };
  // A comment's direct notice is its creator's, written by the insert itself.
  const [creatorNotice] = status === 'published' ? directNotices(published) : [];
  const row = { id, videoId, ownerId: authorId, content, status };
  const notified = await insertComment(
    db,
    !ctx.config.databaseUrl,
    row,
    video.ownerId,
    creatorNotice,
  );
  if (status === 'published' && mentionedNames(content).length > 0) {
    // Rare, and after the comment: were the process to stop in between, its mentions' notices
    // would be missing (as a like's milestone notice may be, likes.ts).
    notified.push(...(await notifyMentions(db, published, new Set([video.ownerId]))));
  }
  // Every viewer of the watch page sees it appear (a held one waits for its approval). The two
  // announcements and the read of the comment go out together: on PostgreSQL each is a statement
  // of its own, and one after another they were three waits for the pool (issue 35).
  const [comment] = await Promise.all([
    commentById(db, id, authorId, urls),
    status === 'published' ? announceComment(ctx.events, videoId, id, null) : undefined,
    announceNotifications(ctx.events, notified),
  ]);
  return comment;
}

export async function editComment(
  ctx: Pick<ServerContext, 'db' | 'events'>,
  commentId: string,
  callerId: string,
  content: string,
  urls: MediaUrls,
): Promise<Comment> {
  const { db } = ctx;
  const row = await commentFor(db, commentId, callerId);
  if (row.deletedAt) throw notFound(COMMENT_NOT_FOUND);
  if (row.ownerId !== callerId) throw forbidden(NOT_AUTHOR);
  // An edit may bring a held word in (published → held), never take a comment out of review.
  const status =
    row.status === 'published'
      ? await statusFor(db, row.videoOwnerId, callerId, content)
      : row.status;
  const notified = await db.transaction(async (tx) => {
    await tx
      .update(comments)
      .set({ content, status, updatedAt: new Date() })
      .where(eq(comments.id, commentId));
    if (status !== 'published') return [];
    // Someone newly @named hears of it; those named before were told once (dedupe key).
    return notifyMentions(tx, {
      id: commentId,
      videoId: row.videoId,
      videoOwnerId: row.videoOwnerId,
      videoPublished: row.videoPublished,
      authorId: callerId,
      content,
      parentId: row.parentId,
      threadAuthorId: null,
      replyToUserId: null,
    });
  });
  await announceNotifications(ctx.events, notified);
  return commentById(db, commentId, callerId, urls);
}

/**
 * Deletes a comment or reply (its author, or the video's creator). A comment under which
 * published replies remain becomes a tombstone (content '', unpinned); otherwise the row goes with
 * the likes it and its (unpublished) replies received, and a tombstone whose last reply this was
 * goes too. The trigger moves the counts in the same transaction.
 */
export async function deleteComment(db: Db, commentId: string, callerId: string): Promise<void> {
  const row = await commentFor(db, commentId, callerId);
  if (row.deletedAt) throw notFound(COMMENT_NOT_FOUND);
  if (row.ownerId !== callerId && row.videoOwnerId !== callerId) {
    throw forbidden(NOT_AUTHOR_OR_CREATOR);
  }
  await db.transaction(async (tx) => {
    // The row first (locked): a concurrent like's counter update then either committed before
    // (its like is removed below) or finds the comment gone and rolls its like back (likes.ts).
    const [locked] = await tx
      .select({ replyCount: comments.replyCount })
      .from(comments)
      .where(eq(comments.id, commentId))
      .for('update');
    if (!locked) throw notFound(COMMENT_NOT_FOUND);
    if (row.parentId === null && locked.replyCount > 0) {
      await tx
        .update(comments)
        .set({ content: '', deletedAt: new Date(), pinnedAt: null, heartedAt: null })
        .where(eq(comments.id, commentId));
      return;
    }
    const gone = await tx
      .delete(comments)
      .where(or(eq(comments.id, commentId), eq(comments.parentId, commentId)))
      .returning({ id: comments.id });
    if (row.parentId !== null) {
      const tomb = await tx
        .delete(comments)
        .where(
          and(
            eq(comments.id, row.parentId),
            isNotNull(comments.deletedAt),
            eq(comments.replyCount, 0),
          ),
        )
        .returning({ id: comments.id });
      gone.push(...tomb);
    }
    await tx.delete(likes).where(
      and(
        eq(likes.targetType, 'comment'),
        inArray(
          likes.targetId,
          gone.map((g) => g.id),
        ),
      ),
    );
  });
}
