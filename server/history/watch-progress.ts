/**
 * Resume where you left off: where each viewer stopped in each video, kept in their watch-history
 * row (schema.ts, `position_seconds`), so clearing history forgets positions too. A report for a
 * video not yet in history (its row was removed while the page stayed open) writes the row again.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { WatchProgress } from '../../contract/watch-progress.js';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { videos, watchHistory } from '../db/schema.js';
import { invalid, notFound } from '../errors.js';
import { VIDEO_NOT_FOUND, reachableBy } from '../videos/index.js';

/** A report may overshoot the probed duration by this much (players round and overrun). */
const DURATION_SLACK_SECONDS = 1;

export async function saveWatchProgress(
  db: Db,
  userId: string,
  videoId: string,
  seconds: number,
): Promise<WatchProgress> {
  // The video's row first (key share), then the history row: a delete of the video takes them in
  // that order too, so the two wait for each other instead of deadlocking (issue 34's retention
  // trigger makes the history write check the video's key).
  return db.transaction(async (tx) => {
    const [video] = await tx
      .select({ duration: videos.duration })
      .from(videos)
      .where(and(eq(videos.id, videoId), reachableBy(userId)))
      .for('key share');
    if (!video) throw notFound(VIDEO_NOT_FOUND);
    if (seconds > video.duration + DURATION_SLACK_SECONDS) {
      throw invalid(`seconds: must be at most the video's duration (${video.duration})`);
    }
    const position = Math.min(seconds, video.duration);
    await tx
      .insert(watchHistory)
      .values({ id: newId(), userId, videoId, positionSeconds: position })
      // Only the position moves: the entry keeps its place in history (its latest opening).
      .onConflictDoUpdate({
        target: [watchHistory.userId, watchHistory.videoId],
        set: { positionSeconds: sql`excluded.position_seconds` },
      });
    return { videoId, seconds: position };
  });
}

/** The caller's positions for these videos (one index lookup each), those with none left out. */
export async function watchProgressOf(
  db: Db,
  userId: string,
  videoIds: string[],
): Promise<WatchProgress[]> {
  if (videoIds.length === 0) return [];
  const rows = await db
    .select({ videoId: watchHistory.videoId, seconds: watchHistory.positionSeconds })
    .from(watchHistory)
    .where(
      and(
        eq(watchHistory.userId, userId),
        inArray(watchHistory.videoId, videoIds),
        isNotNull(watchHistory.positionSeconds),
        sql`${watchHistory.visible}`,
      ),
    );
  return rows.map((r) => ({ videoId: r.videoId, seconds: r.seconds ?? 0 }));
}
