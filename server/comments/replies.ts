/**
 * A comment's thread: its replies oldest first, 10 a page, and a new reply. Replies nest one
 * level: a reply to a reply joins the same thread and answers that reply's author (`replyTo`).
 * One may reply only to a published comment or reply that is not deleted (404 otherwise, as for
 * what one may not see); comments off and a blocked author are 403.
 */
import type { ReplyList } from '../../contract/conversation.js';
import type { Comment } from '../../contract/shapes.js';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { comments } from '../db/schema.js';
import { listStatements } from './list-statements.js';
import { notFound } from '../errors.js';
import { announceComment, announceNotifications } from '../events/live-topics.js';
import type { MediaUrls } from '../media/media-urls.js';
import { COMMENT_NOT_FOUND, commentById, toComment } from './comment-rows.js';
import { assertMayComment, assertNotBlockedNow, commentFor } from './comment-access.js';
import { statusFor } from './held-words.js';
import { notifyPublished } from './conversation-notify.js';

export async function listReplies(
  ctx: Pick<ServerContext, 'db' | 'statements'>,
  commentId: string,
  viewerId: string,
  { page, limit }: { page: number; limit: number },
  urls: MediaUrls,
): Promise<ReplyList> {
  const parent = await commentFor(ctx.db, commentId, viewerId);
  const statements = ctx.statements.of(listStatements);
  const rows = await statements.replies.execute({
    commentId,
    viewerId,
    limit,
    offset: (page - 1) * limit,
  });
  const [own] = await statements.ownReplies.execute({ commentId, viewerId });
  return {
    replies: rows.map((row) => toComment(row, urls)),
    // The thread's counter (published replies) and the caller's own held or blocked ones.
    totalReplies: parent.replyCount + (own?.n ?? 0),
    page,
    limit,
  };
}

/** A comment or reply one may answer: published and not deleted (a tombstone's thread may grow). */
async function answerable(db: Db, commentId: string, authorId: string) {
  const target = await commentFor(db, commentId, authorId);
  if (target.status !== 'published' || target.deletedAt) throw notFound(COMMENT_NOT_FOUND);
  if (target.parentId === null) return { target, threadAuthorId: target.ownerId };
  const thread = await commentFor(db, target.parentId, authorId);
  if (thread.status !== 'published') throw notFound(COMMENT_NOT_FOUND);
  return { target, threadAuthorId: thread.deletedAt ? null : thread.ownerId };
}

export async function addReply(
  ctx: Pick<ServerContext, 'db' | 'events'>,
  commentId: string,
  authorId: string,
  content: string,
  urls: MediaUrls,
): Promise<Comment> {
  const { db } = ctx;
  const { target, threadAuthorId } = await answerable(db, commentId, authorId);
  const threadId = target.parentId ?? target.id;
  const video = { ownerId: target.videoOwnerId, commentsOff: target.commentsOff };
  await assertMayComment(db, video, authorId);
  const status = await statusFor(db, target.videoOwnerId, authorId, content);
  const id = newId();
  const notified = await db.transaction(async (tx) => {
    await assertNotBlockedNow(tx, target.videoOwnerId, authorId);
    await tx.insert(comments).values({
      id,
      videoId: target.videoId,
      ownerId: authorId,
      content,
      status,
      parentId: threadId,
      replyToUserId: target.ownerId,
    });
    if (status !== 'published') return [];
    return notifyPublished(tx, {
      id,
      videoId: target.videoId,
      videoOwnerId: target.videoOwnerId,
      videoPublished: target.videoPublished,
      authorId,
      content,
      parentId: threadId,
      threadAuthorId,
      replyToUserId: target.ownerId,
    });
  });
  // Together, as for a comment (comments.ts, addComment).
  const [reply] = await Promise.all([
    commentById(db, id, authorId, urls),
    status === 'published' ? announceComment(ctx.events, target.videoId, id, threadId) : undefined,
    announceNotifications(ctx.events, notified),
  ]);
  return reply;
}
