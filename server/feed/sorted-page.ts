/**
 * A page of published videos in a chosen order (the feed's, or a search's with a chosen sort),
 * optionally with the number of rows `where` holds in the same statement (a search whose matches
 * are all read anyway, search-answer.ts).
 */
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { SortType, VideoSortBy } from '../../contract/videos.js';
import type { Db } from '../db/client.js';
import { ascNullsFirst, descNullsLast } from '../db/order.js';
import { users, videos } from '../db/schema.js';
import { videoItemColumns, type VideoItemRow } from '../videos/index.js';

/** The part of a feed request that orders and pages it. */
export interface SortShape {
  sortBy?: VideoSortBy | undefined;
  sortType?: SortType | undefined;
  limit: number;
}

const SORT_COLUMNS = {
  createdAt: [videos.createdAt],
  // views_tier orders like views and is indexed; views itself is on no index (migration 0005).
  views: [videos.viewsTier, videos.views],
  duration: [videos.duration],
  title: [videos.title],
} as const;

function orderOf(filters: SortShape): SQL[] {
  const ascending = filters.sortType === 'asc';
  const columns = SORT_COLUMNS[filters.sortBy ?? 'createdAt'];
  // Directions mirror the indexes (created_at/views_tier/duration DESC NULLS LAST; title plain
  // ASC, whose mirror is plain DESC) and the id tie-break runs against the main direction, so an
  // index scan, forwards or backwards, serves the page without sorting the catalogue
  // (videos_feed_idx is (is_published, created_at DESC NULLS LAST, id)); the views sort only
  // sorts within the popularity steps it reads.
  const main = columns.map((column) => {
    if (filters.sortBy === 'title') return ascending ? asc(column) : desc(column);
    return ascending ? ascNullsFirst(column) : descNullsLast(column);
  });
  return [...main, ascending ? desc(videos.id) : asc(videos.id)];
}

/** A page of `where` in the order `filters` ask for, each row with `extra`'s columns. */
function pageOf<T extends Record<string, SQL.Aliased | SQL>>(
  db: Db,
  extra: T,
  where: SQL | undefined,
  filters: SortShape,
  offset: number,
) {
  return db
    .select({ ...videoItemColumns, ...extra })
    .from(videos)
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(where)
    .orderBy(...orderOf(filters))
    .limit(filters.limit)
    .offset(offset);
}

/** A page of `where` in the order `filters` ask for. */
export function sortedPage(
  db: Db,
  where: SQL | undefined,
  filters: SortShape,
  offset: number,
): Promise<VideoItemRow[]> {
  return pageOf(db, {}, where, filters, offset);
}

/** The same page, with the number of rows `where` holds (counted before paging; none past the end). */
export async function countedSortedPage(
  db: Db,
  where: SQL | undefined,
  filters: SortShape,
  offset: number,
): Promise<{ rows: VideoItemRow[]; matches: number | undefined }> {
  const matches = sql<number>`count(*) over ()`.mapWith(Number);
  const found = await pageOf(db, { matches }, where, filters, offset);
  return { rows: found.map(({ matches: _, ...row }) => row), matches: found[0]?.matches };
}
