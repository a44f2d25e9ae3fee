/**
 * Watch history: one row per user and video holding the latest watch time. Lists leave out other
 * people's videos that have since been unpublished (they exist only for their owner).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { HistoryPage } from '../../contract/history.js';
import type { Db, Tx } from '../db/client.js';
import { newId } from '../db/ids.js';
import { users, videos, watchHistory } from '../db/schema.js';
import { descNullsLast } from './order.js';
import { toVideoItem, videoItemColumns, visibleTo, type MediaUrls } from './video-dto.js';

export async function recordWatch(db: Db | Tx, userId: string, videoId: string): Promise<void> {
  await db
    .insert(watchHistory)
    .values({ id: newId(), userId, videoId })
    .onConflictDoUpdate({
      target: [watchHistory.userId, watchHistory.videoId],
      set: { watchedAt: sql`now()` },
    });
}

/**
 * The caller's entries minus those whose video is hidden from them (someone else's, unpublished).
 * Joining every entry to its video scans the whole catalogue; the hidden ones are found from the
 * unpublished videos instead (videos_feed_idx leads with is_published). That still grows with the
 * number of unpublished videos: a visibility flag kept on the history rows would make it
 * independent of the catalogue (see the issue 8 note).
 */
async function countVisibleHistory(db: Db, userId: string): Promise<number> {
  const result = await db.execute(sql`
    select (select count(*) from ${watchHistory} where ${watchHistory.userId} = ${userId})
         - (select count(*) from ${videos}
            join ${watchHistory} on ${watchHistory.videoId} = ${videos.id}
                                and ${watchHistory.userId} = ${userId}
            where not ${videos.isPublished} and ${videos.ownerId} <> ${userId}) as n`);
  // Drivers hand bigint counts back as text.
  const { rows } = result as { rows: { n: number | string }[] };
  return Number(rows[0]?.n ?? 0);
}

export async function listHistory(
  db: Db,
  userId: string,
  page: number,
  limit: number,
  urls: MediaUrls,
): Promise<HistoryPage> {
  const where = and(eq(watchHistory.userId, userId), visibleTo(userId));
  const [rows, totalHistory] = await Promise.all([
    db
      .select({ ...videoItemColumns, entryId: watchHistory.id, watchedAt: watchHistory.watchedAt })
      .from(watchHistory)
      .innerJoin(videos, eq(videos.id, watchHistory.videoId))
      .innerJoin(users, eq(users.id, videos.ownerId))
      .where(where)
      // Exactly the order of watch_history_user_time_idx: the page is read, not sorted.
      .orderBy(descNullsLast(watchHistory.watchedAt), descNullsLast(watchHistory.id))
      .limit(limit)
      .offset((page - 1) * limit),
    countVisibleHistory(db, userId),
  ]);
  return {
    history: rows.map((row) => ({
      _id: row.entryId,
      watchedAt: row.watchedAt.toISOString(),
      video: toVideoItem(row, urls),
    })),
    currentPage: page,
    totalPages: Math.max(1, Math.ceil(totalHistory / limit)),
    totalHistory,
  };
}

/** Removes one video from the caller's history; false when it was not there. */
export async function removeFromHistory(db: Db, userId: string, videoId: string) {
  const removed = await db
    .delete(watchHistory)
    .where(and(eq(watchHistory.userId, userId), eq(watchHistory.videoId, videoId)))
    .returning({ id: watchHistory.id });
  return removed.length > 0;
}

export async function clearHistory(db: Db, userId: string): Promise<number> {
  const removed = await db
    .delete(watchHistory)
    .where(eq(watchHistory.userId, userId))
    .returning({ id: watchHistory.id });
  return removed.length;
}
