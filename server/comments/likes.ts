/**
 * Likes of videos, comments and tweets (one row per user and target; the target's likes_count
 * moves with it). Targets the caller may not see (unpublished videos of others, and their
 * comments) are 404, as are unknown tweets.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LikeStatus, LikeToggle } from '../../contract/engagement.js';
import type { ServerContext } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import { comments, likes, tweets, videos } from '../db/schema.js';
import { COMMENT_NOT_FOUND, seenBy } from './comment-rows.js';
import { notFound } from '../errors.js';
import { countedToggle } from '../db/counted-toggle.js';
import { announceNotifications } from '../events/live-topics.js';
import { isLikeMilestone, notifyOne } from '../notifications/index.js';
import { TWEET_NOT_FOUND } from '../tweets/index.js';
import { VIDEO_NOT_FOUND, reachableBy } from '../videos/index.js';
import { assertVisibleVideo } from '../videos/index.js';

type Target = 'video' | 'comment' | 'tweet';

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
async function lockTarget(tx: Tx, targetType: Target, targetId: string): Promise<void> {
  const [table, missing] =
    targetType === 'video'
      ? [videos, VIDEO_NOT_FOUND]
      : targetType === 'tweet'
        ? [tweets, TWEET_NOT_FOUND]
        : [comments, COMMENT_NOT_FOUND];
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(eq(table.id, targetId))
    .for('no key update');
  if (rows.length === 0) throw notFound(missing);
}

function bumpCounter(
  targetType: Target,
  targetId: string,
  likerId: string,
  notified: (ownerId: string) => void,
) {
  return async (tx: Tx, delta: 1 | -1) => {
    if (targetType === 'video') {
      const [row] = await tx
        .update(videos)
        .set({ likesCount: sql`${videos.likesCount} + ${delta}` })
        .where(eq(videos.id, targetId))
        .returning({ n: videos.likesCount, ownerId: videos.ownerId });
      if (row && delta === 1 && isLikeMilestone(row.n)) {
        // A milestone is everyone's doing: no actor shown, but none when the owner's own like
        // reached it. Once per video and milestone, however often likes cross it.
        const written = await notifyOne(tx, {
          recipientId: row.ownerId,
          type: 'likeMilestone',
          causedBy: likerId,
          videoId: targetId,
          milestone: row.n,
          dedupeKey: `likes:${targetId}:${row.n}`,
        });
        if (written) notified(row.ownerId);
      }
      return row?.n ?? 0;
    }
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

export async function toggleLike(
  ctx: Pick<ServerContext, 'db' | 'events'>,
  userId: string,
  targetType: Target,
  targetId: string,
): Promise<LikeToggle> {
  const { db } = ctx;
  const recipients: string[] = [];
  if (targetType === 'video') await assertVisibleVideo(db, targetId, userId);
  else if (targetType === 'tweet') await assertTweet(db, targetId);
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
    bump: bumpCounter(targetType, targetId, userId, (ownerId) => recipients.push(ownerId)),
  });
  await announceNotifications(ctx.events, recipients);
  return { liked: on, likeCount: count };
}
