/**
 * Watch history: one row per user and video holding the latest watch time. Lists leave out other
 * people's videos that have since been unpublished (they exist only for their owner).
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { HistoryPage } from '../../contract/history.js';
import type { Db } from '../db/client.js';
import { users, videos, watchHistory } from '../db/schema.js';
import { descNullsLast } from '../db/order.js';
import { fixedText } from '../db/fixed-text.js';
import { toVideoItem, videoItemColumns, visibleTo } from '../videos/index.js';
import type { MediaUrls } from '../media/media-urls.js';

/**
 * Entries whose video the caller may see: a count over the partial index. (`visible` is written
 * as a bare predicate, not `= $1`, so that a generic plan can still prove the index applies.)
 */
async function countVisibleHistory(db: Db, userId: string): Promise<number> {
  const [row] = await fixedText(
    'history-count',
    db
      .select({ n: count() })
      .from(watchHistory)
      .where(and(eq(watchHistory.userId, userId), sql`${watchHistory.visible}`)),
  );
  return row?.n ?? 0;
}

export async function listHistory(
  db: Db,
  userId: string,
  page: number,
  limit: number,
  urls: MediaUrls,
): Promise<HistoryPage> {
  // The page is cut from watch_history alone (the partial index, in its order), then only its
  // rows are joined to their videos: a deep page costs an index walk, never a catalogue scan.
  const entries = db
    .select({
      id: watchHistory.id,
      videoId: watchHistory.videoId,
      watchedAt: watchHistory.watchedAt,
      positionSeconds: watchHistory.positionSeconds,
    })
    .from(watchHistory)
    .where(and(eq(watchHistory.userId, userId), sql`${watchHistory.visible}`))
    .orderBy(descNullsLast(watchHistory.watchedAt), descNullsLast(watchHistory.id))
    .limit(limit)
    .offset((page - 1) * limit)
    .as('entries');
  const [rows, totalHistory] = await Promise.all([
    fixedText(
      'history-page',
      db
        .select({
          ...videoItemColumns,
          entryId: entries.id,
          watchedAt: entries.watchedAt,
          positionSeconds: entries.positionSeconds,
        })
        .from(entries)
        .innerJoin(videos, eq(videos.id, entries.videoId))
        .innerJoin(users, eq(users.id, videos.ownerId))
        // The rule every list shares, checked again on the page's few rows.
        .where(visibleTo(userId))
        .orderBy(descNullsLast(entries.watchedAt), descNullsLast(entries.id)),
    ),
    countVisibleHistory(db, userId),
  ]);
  return {
    history: rows.map((row) => ({
      _id: row.entryId,
      watchedAt: row.watchedAt.toISOString(),
      video: toVideoItem(row, urls),
      progressSeconds: row.positionSeconds,
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
