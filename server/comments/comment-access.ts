/**
 * Who may do what to a comment: every route of the conversation loads its comment (or video)
 * here. A comment the caller may not see is 404 (an unpublished video of another, someone else's
 * held or blocked comment: the video's creator excepted, who reviews them); an action of the
 * creator's asked by anyone else is 403.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { fixedText } from '../db/fixed-text.js';
import { channelBlockedUsers, channelHeldWords, comments, videos } from '../db/schema.js';
import { forbidden, notFound } from '../errors.js';
import { notificationWrite, type OneNotification } from '../notifications/index.js';
import { VIDEO_NOT_FOUND, reachableBy } from '../videos/index.js';
import { COMMENT_NOT_FOUND } from './comment-rows.js';

export const COMMENTS_OFF = 'Comments are turned off';
export const BLOCKED_FROM_CHANNEL = "You can't comment on this channel";
export const NOT_AUTHOR = 'Only the author can change this comment';
export const NOT_AUTHOR_OR_CREATOR =
  "Only the author or the video's creator can delete this comment";
export const onlyCreator = (what: string) => `Only the video's creator can ${what}`;

export async function videoFor(db: Db | Tx, videoId: string, callerId: string) {
  const [video] = await fixedText(
    'video-of-comments',
    db
      .select({
        id: videos.id,
        ownerId: videos.ownerId,
        isPublished: videos.isPublished,
        commentsOff: videos.commentsOff,
        commentCount: videos.commentCount,
        conversationCount: videos.conversationCount,
      })
      .from(videos)
      .where(and(eq(videos.id, videoId), reachableBy(callerId))),
  );
  if (!video) throw notFound(VIDEO_NOT_FOUND);
  return video;
}

export type VideoOfComments = Awaited<ReturnType<typeof videoFor>>;

/**
 * The video a new comment goes under, as videoFor reads it, with whether its channel blocked the
 * author and the channel's held words: one statement where videoFor, isBlocked and heldWordsOf
 * were three. Issue 35: on the embedded database each statement of a request waits its turn in
 * the database thread's queue, so a new comment's seven waited seven times (p50 220 ms at 100
 * connections against 46 for a watch's one). 404 as videoFor.
 */
export async function videoForNewComment(db: Db, videoId: string, authorId: string) {
  const [video] = await fixedText(
    'video-for-new-comment',
    db
      .select({
        id: videos.id,
        ownerId: videos.ownerId,
        isPublished: videos.isPublished,
        commentsOff: videos.commentsOff,
        authorBlocked: sql<boolean>`exists (select 1 from ${channelBlockedUsers}
          where ${channelBlockedUsers.channelId} = ${videos.ownerId}
            and ${channelBlockedUsers.userId} = ${authorId})`,
        heldWords: sql<string[]>`array(select ${channelHeldWords.word} from ${channelHeldWords}
          where ${channelHeldWords.channelId} = ${videos.ownerId})`,
      })
      .from(videos)
      .where(and(eq(videos.id, videoId), reachableBy(authorId))),
  );
  if (!video) throw notFound(VIDEO_NOT_FOUND);
  return video;
}

/** A comment (or reply) with its video, as the caller may see it; 404 otherwise. */
export async function commentFor(db: Db | Tx, commentId: string, callerId: string) {
  const [row] = await db
    .select({
      id: comments.id,
      videoId: comments.videoId,
      parentId: comments.parentId,
      replyToUserId: comments.replyToUserId,
      ownerId: comments.ownerId,
      content: comments.content,
      status: comments.status,
      deletedAt: comments.deletedAt,
      replyCount: comments.replyCount,
      pinnedAt: comments.pinnedAt,
      heartedAt: comments.heartedAt,
      videoOwnerId: videos.ownerId,
      videoPublished: videos.isPublished,
      commentsOff: videos.commentsOff,
    })
    .from(comments)
    .innerJoin(videos, eq(videos.id, comments.videoId))
    .where(
      and(
        eq(comments.id, commentId),
        reachableBy(callerId),
        or(
          eq(comments.status, 'published'),
          eq(comments.ownerId, callerId),
          eq(videos.ownerId, callerId),
        ),
      ),
    );
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  return row;
}

export type CommentInContext = Awaited<ReturnType<typeof commentFor>>;

/** A published, undeleted comment of the caller's own video, for the creator's hand. */
export async function creatorsComment(db: Db, commentId: string, callerId: string, what: string) {
  const row = await commentFor(db, commentId, callerId);
  if (row.videoOwnerId !== callerId) throw forbidden(onlyCreator(what));
  return row;
}

/** Whether `channelId` blocked `userId` from commenting on its videos. */
export async function isBlocked(db: Db | Tx, channelId: string, userId: string) {
  const [row] = await fixedText(
    'is-blocked',
    db
      .select({ userId: channelBlockedUsers.userId })
      .from(channelBlockedUsers)
      .where(
        and(eq(channelBlockedUsers.channelId, channelId), eq(channelBlockedUsers.userId, userId)),
      ),
  );
  return row !== undefined;
}

/**
 * A block and a new comment by the blocked user take turns: the comment's transaction holds this
 * lock shared while it checks the block and inserts; the block holds it exclusively while it
 * writes the block and turns the user's comments `blocked`. Without it a comment checked just
 * before the block and inserted just after the block's update would stay published.
 */
export async function takeBlockTurn(
  tx: Tx,
  channelId: string,
  userId: string,
  mode: 'comment' | 'block',
): Promise<void> {
  const key = sql`hashtextextended(${`comment-block:${channelId}:${userId}`}, 0)`;
  await tx.execute(
    mode === 'comment'
      ? fixedText('block-turn-comment', sql`select pg_advisory_xact_lock_shared(${key})`)
      : fixedText('block-turn-block', sql`select pg_advisory_xact_lock(${key})`),
  );
}

/** Inside the insert's transaction: the block, checked again under its turn (takeBlockTurn). */
export async function assertNotBlockedNow(tx: Tx, channelId: string, authorId: string) {
  await takeBlockTurn(tx, channelId, authorId, 'comment');
  if (await isBlocked(tx, channelId, authorId)) throw forbidden(BLOCKED_FROM_CHANNEL);
}

/**
 * A new comment, unless its channel blocked the author (403), with its creator's notice (when it
 * is published and the author is not the creator) in the same statement: the notice stands only
 * if the comment does, and the block is read by the statement that inserts. Returns whom it
 * notified.
 *
 * On PostgreSQL statements run side by side, so the statement runs in a transaction holding the
 * block's turn (takeBlockTurn), taken in the same round trip. The embedded database runs one
 * statement at a time, and a block's transaction keeps every other statement out until it ends,
 * so there the statement alone cannot fall between a block's check and its write: no transaction
 * and no lock. Issue 35: the transaction held the embedded database's one connection across its
 * round trips, and a new comment waited in its queue twice more.
 */
export async function insertComment(
  db: Db,
  embedded: boolean,
  row: { id: string; videoId: string; ownerId: string; content: string; status: string },
  channelId: string,
  notice: OneNotification | undefined,
): Promise<string[]> {
  const insert = sql`
    insert into ${comments} (id, video_id, owner_id, content, status)
    select ${row.id}, ${row.videoId}, ${row.ownerId}, ${row.content}, ${row.status}
    where not exists (select 1 from ${channelBlockedUsers}
      where ${channelBlockedUsers.channelId} = ${channelId}
        and ${channelBlockedUsers.userId} = ${row.ownerId})
    returning id`;
  const write = notice && notificationWrite(notice, sql`exists (select 1 from inserted)`);
  const statement = write
    ? fixedText(
        'comment-insert-noticed',
        sql`with inserted as (${insert}), notified as (${write})
          select (select count(*) from inserted)::int as inserted,
                 array(select recipient_id from notified) as notified`,
      )
    : fixedText(
        'comment-insert',
        sql`with inserted as (${insert})
          select (select count(*) from inserted)::int as inserted, array[]::text[] as notified`,
      );
  const result = embedded
    ? await db.execute(statement)
    : await db.transaction(async (tx) => {
        const [, inserted] = await Promise.all([
          takeBlockTurn(tx, channelId, row.ownerId, 'comment'),
          tx.execute(statement),
        ]);
        return inserted;
      });
  const [answer] = (result as { rows: { inserted: number; notified: string[] }[] }).rows;
  if (!answer?.inserted) throw forbidden(BLOCKED_FROM_CHANNEL);
  return answer.notified;
}

/** Refuses a new comment or reply: comments off (403), or the author blocked by the channel. */
export async function assertMayComment(
  db: Db | Tx,
  video: { ownerId: string; commentsOff: boolean },
  authorId: string,
) {
  if (video.commentsOff) throw forbidden(COMMENTS_OFF);
  if (await isBlocked(db, video.ownerId, authorId)) throw forbidden(BLOCKED_FROM_CHANNEL);
}

/** assertMayComment for a video read by videoForNewComment. */
export function assertMayCommentOn(video: { commentsOff: boolean; authorBlocked: boolean }) {
  if (video.commentsOff) throw forbidden(COMMENTS_OFF);
  if (video.authorBlocked) throw forbidden(BLOCKED_FROM_CHANNEL);
}
