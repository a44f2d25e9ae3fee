/**
 * Likes of videos, comments and tweets (one row per user and target; the target's likes_count
 * moves with it). Targets the caller may not see (unpublished videos of others, and their
 * comments) are 404, as are unknown tweets.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LikeStatus, LikeToggle } from '../../contract/engagement.js';
import type { ServerContext } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import { fixedText } from '../db/fixed-text.js';
import { comments, likes, tweets, videos } from '../db/schema.js';
import { COMMENT_NOT_FOUND, seenBy } from './comment-rows.js';
import { notFound } from '../errors.js';
import { countedToggle } from '../db/counted-toggle.js';
import { announceNotifications } from '../events/live-topics.js';
import { isLikeMilestone, notifyOne } from '../notifications/index.js';
import { TWEET_NOT_FOUND } from '../tweets/index.js';
import { VIDEO_NOT_FOUND, reachableBy } from '../videos/index.js';

type Target = 'video' | 'comment' | 'tweet';
/** Comments and tweets toggle through countedToggle; videos in one statement (toggleVideoLike). */
type OtherTarget = Exclude<Target, 'video'>;

function likeRow(userId: string, targetType: Target, targetId: string) {
  return and(
    eq(likes.userId, userId),
    eq(likes.targetType, targetType),
    eq(likes.targetId, targetId),
  );
}

async function assertVisibleComment(db: Db, commentId: string, viewerId: string) {
  const [row] = await db
    .select({ id: comments.id })
    .from(comments)
    .innerJoin(videos, eq(videos.id, comments.videoId))
    // Someone else's held or blocked comment, and a tombstone, are not there to like.
    .where(
      and(
        eq(comments.id, commentId),
        reachableBy(viewerId),
        seenBy(viewerId),
        isNull(comments.deletedAt),
      ),
    );
  if (!row) throw notFound(COMMENT_NOT_FOUND);
}

async function assertTweet(db: Db, tweetId: string) {
  const [row] = await db.select({ id: tweets.id }).from(tweets).where(eq(tweets.id, tweetId));
  if (!row) throw notFound(TWEET_NOT_FOUND);
}

export async function videoLikeStatus(
  db: Db,
  videoId: string,
  userId: string,
): Promise<LikeStatus> {
  const [video] = await db
    .select({ likeCount: videos.likesCount })
    .from(videos)
    .where(and(eq(videos.id, videoId), reachableBy(userId)));
  if (!video) throw notFound(VIDEO_NOT_FOUND);
  const [mine] = await db
    .select({ userId: likes.userId })
    .from(likes)
    .where(likeRow(userId, 'video', videoId));
  return { likeCount: video.likeCount, likedByUser: !!mine };
}

/**
 * Holds the liked row for the toggle's transaction (the lock its counter update takes anyway).
 * The target was checked before, but a concurrent delete may have removed it since: then there is
 * no row, and the toggle is the 404 it would have been a moment later (likes have no foreign key
 * that could refuse it). The deletes lock the same row before they remove its likes
 * (video-lifecycle.ts, comments.ts, tweet-edits.ts), so a like either commits before a delete
 * reads the likes it removes, or finds its target gone here.
 */
async function lockTarget(tx: Tx, targetType: OtherTarget, targetId: string): Promise<void> {
  const [table, missing] =
    targetType === 'tweet' ? [tweets, TWEET_NOT_FOUND] : [comments, COMMENT_NOT_FOUND];
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(eq(table.id, targetId))
    .for('no key update');
  if (rows.length === 0) throw notFound(missing);
}

function bumpCounter(targetType: OtherTarget, targetId: string) {
  return async (tx: Tx, delta: 1 | -1) => {
    if (targetType === 'tweet') {
      const [row] = await tx
        .update(tweets)
        .set({ likesCount: sql`${tweets.likesCount} + ${delta}` })
        .where(eq(tweets.id, targetId))
        .returning({ n: tweets.likesCount });
      return row?.n ?? 0;
    }
    const [row] = await tx
      .update(comments)
      .set({ likesCount: sql`${comments.likesCount} + ${delta}` })
      .where(eq(comments.id, targetId))
      .returning({ n: comments.likesCount });
    return row?.n ?? 0;
  };
}

/**
 * A video's like toggle (issue 35): the check that the caller may see the video, the lock on its
 * row, the like's delete or insert and the counter's move, in ONE statement. On the embedded
 * database a transaction holds its one connection across every round trip to the HTTP thread and
 * back (7 here, milliseconds each under load), and every other request waits meanwhile; the
 * statement holds it once, and statements there run one at a time. The rules are countedToggle's
 * (db/counted-toggle.ts), row for row: the target's row is locked first (`target`, before any like
 * row: deletes take the same order), the like goes if it is there, else it is inserted, and the
 * counter moves by the rows that changed. No row at all: the video is not there for the caller
 * (404).
 *
 * On a PostgreSQL server statements run side by side, and the statement alone deadlocks: when
 * another toggle moved the counter after the statement's snapshot, `target` locks the row's newer
 * version, `counted` then updates the version its snapshot sees and has to lock the newer one
 * again, behind a third toggle already queued on it, which waits for this one. There the row is
 * locked by a statement of its own first, so the toggle's snapshot follows every toggle and
 * delete before it (the same pair's twins included) and its update finds the newest version.
 */
async function toggleVideoLike(
  ctx: Pick<ServerContext, 'db' | 'config'>,
  userId: string,
  videoId: string,
): Promise<{ on: boolean; count: number; ownerId: string }> {
  const statement = fixedText('video-like-toggle', videoToggleStatement(userId, videoId));
  const result = ctx.config.databaseUrl
    ? await ctx.db.transaction(async (tx) => {
        await tx
          .select({ id: videos.id })
          .from(videos)
          .where(eq(videos.id, videoId))
          .for('no key update');
        return tx.execute(statement);
      })
    : await ctx.db.execute(statement);
  const [row] = (result as { rows: ToggledRow[] }).rows;
  if (!row) throw notFound(VIDEO_NOT_FOUND);
  if (row.added + row.removed === 0) throw new Error('like toggle changed no row');
  return { on: row.added > 0, count: Number(row.n), ownerId: row.owner_id };
}

function videoToggleStatement(userId: string, videoId: string) {
  return sql`
      with target as (
        select ${videos.id} as id from ${videos}
        where ${and(eq(videos.id, videoId), reachableBy(userId))}
        for no key update
      ),
      removed as (
        delete from ${likes} using target
        where ${likes.userId} = ${userId} and ${likes.targetType} = 'video'
          and ${likes.targetId} = target.id
        returning 1
      ),
      added as (
        insert into ${likes} (user_id, target_type, target_id)
        select ${userId}, 'video', target.id from target where not exists (select 1 from removed)
        on conflict do nothing
        returning 1
      ),
      counted as (
        update ${videos} set likes_count = ${videos.likesCount}
          + (select count(*) from added) - (select count(*) from removed)
        from target where ${videos.id} = target.id
        returning ${videos.likesCount} as n, ${videos.ownerId} as owner_id
      )
      select (select count(*) from added)::int as added, (select count(*) from removed)::int as removed,
        n, owner_id from counted`;
}

interface ToggledRow {
  added: number;
  removed: number;
  n: number | string;
  owner_id: string;
}

/**
 * A like took the video to a milestone: its owner hears of it (a milestone is everyone's doing:
 * no actor shown, but none when the owner's own like reached it), once per video and milestone
 * however often likes cross it (the dedupe key). Written right after the like, not in its
 * statement: were the process to stop in between, that milestone's notice would be missing.
 */
async function notifyVideoMilestone(
  db: Db,
  videoId: string,
  likerId: string,
  ownerId: string,
  n: number,
) {
  return notifyOne(db, {
    recipientId: ownerId,
    type: 'likeMilestone',
    causedBy: likerId,
    videoId,
    milestone: n,
    dedupeKey: `likes:${videoId}:${n}`,
  });
}

export async function toggleLike(
  ctx: Pick<ServerContext, 'db' | 'events' | 'config'>,
  userId: string,
  targetType: Target,
  targetId: string,
): Promise<LikeToggle> {
  const { db } = ctx;
  if (targetType === 'video') {
    const { on, count, ownerId } = await toggleVideoLike(ctx, userId, targetId);
    if (on && isLikeMilestone(count)) {
      if (await notifyVideoMilestone(db, targetId, userId, ownerId, count)) {
        await announceNotifications(ctx.events, [ownerId]);
      }
    }
    return { liked: on, likeCount: count };
  }
  if (targetType === 'tweet') await assertTweet(db, targetId);
  else await assertVisibleComment(db, targetId, userId);
  const { on, count } = await countedToggle(db, {
    lockKey: `like:${targetType}:${targetId}:${userId}`,
    lockTarget: (tx) => lockTarget(tx, targetType, targetId),
    remove: async (tx) =>
      (
        await tx
          .delete(likes)
          .where(likeRow(userId, targetType, targetId))
          .returning({ userId: likes.userId })
      ).length > 0,
    insert: async (tx) =>
      (
        await tx
          .insert(likes)
          .values({ userId, targetType, targetId })
          .onConflictDoNothing()
          .returning({ userId: likes.userId })
      ).length > 0,
    bump: bumpCounter(targetType, targetId),
  });
  return { liked: on, likeCount: count };
}
