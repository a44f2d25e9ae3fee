/**
 * Finding videos: the public feed (channel and tag filters, ranked full-text search from
 * video-search.ts, sorting, counts) and the caller's own list.
 */
import { and, arrayContains, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { OwnVideoList, VideoSortBy, SortType, VideoList } from '../../contract/videos.js';
import type { Db } from '../db/client.js';
import type { PreparedStatements } from '../db/prepared.js';
import { users, videoProcessing, videos } from '../db/schema.js';
import { preparedFeedPage, scopeCount, singleScope } from './feed-pages.js';
import { ascNullsFirst, descNullsLast } from '../db/order.js';
import { toProcessing } from '../processing/index.js';
import { toVideoItem, videoItemColumns, type VideoItemRow } from '../videos/index.js';
import type { MediaUrls } from '../media/media-urls.js';
import { readsThroughSearchIndex, type SearchStatistics } from './search-density.js';
import {
  cappedTotal,
  countSearch,
  knownCompiled,
  searchTotal,
  type SearchScope,
  type SearchTotal,
} from './search-total.js';
import {
  indexedSearchWithCount,
  rankWindowEnd,
  rankedSearch,
  searchQueries,
  walkedSearch,
  type SearchQueries,
} from './video-search.js';

/** What the feed reads: the database, its prepared statements and its search statistics. */
export interface FeedDatabase {
  db: Db;
  statements: PreparedStatements;
  searchStats: SearchStatistics;
}

export interface FeedFilters {
  userId?: string | undefined;
  query?: string | undefined;
  tag?: string | undefined;
  sortBy?: VideoSortBy | undefined;
  sortType?: SortType | undefined;
  page: number;
  limit: number;
}

const SORT_COLUMNS = {
  createdAt: [videos.createdAt],
  // views_tier orders like views and is indexed; views itself is on no index (migration 0005).
  views: [videos.viewsTier, videos.views],
  duration: [videos.duration],
  title: [videos.title],
} as const;

function orderOf(filters: FeedFilters): SQL[] {
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

/**
 * totalVideos of a feed query without search. The whole feed, one channel and one tag read the
 * trigger-kept video_counts row (one lookup instead of counting up to 100 000 rows); a channel and
 * tag together are selective enough to count exactly.
 */
async function countFeed(
  { db, statements }: FeedDatabase,
  filters: FeedFilters,
  where: SQL | undefined,
): Promise<number> {
  const single = singleScope(filters);
  if (single) return scopeCount(statements, single);
  const [row] = await db.select({ n: count() }).from(videos).where(where);
  return row?.n ?? 0;
}

/**
 * The public feed: published videos only, filtered, ranked or sorted, paged. A search's total is
 * exact up to `searchCountCap` matches and a lower bound past it (`totalIsLowerBound`).
 */
export async function listFeed(
  database: FeedDatabase,
  filters: FeedFilters,
  urls: MediaUrls,
  searchCountCap: number,
): Promise<VideoList> {
  const { db } = database;
  const conditions: SQL[] = [eq(videos.isPublished, true)];
  if (filters.userId) conditions.push(eq(videos.ownerId, filters.userId));
  // `@>` lets the planner use the GIN index on tags.
  if (filters.tag) conditions.push(arrayContains(videos.tags, [filters.tag]));
  let search: SearchQueries | undefined;
  if (filters.query) {
    search = searchQueries(filters.query);
    conditions.push(sql`${videos.searchVector} @@ ${search.any}`);
  }
  const where = and(...conditions);
  const offset = (filters.page - 1) * filters.limit;
  const sorted = () =>
    db
      .select(videoItemColumns)
      .from(videos)
      .innerJoin(users, eq(users.id, videos.ownerId))
      .where(where)
      .orderBy(...orderOf(filters))
      .limit(filters.limit)
      .offset(offset);
  let rows: VideoItemRow[];
  let total: SearchTotal;
  if (search) {
    const scope: SearchScope = {
      where,
      search,
      narrowed: Boolean(filters.userId || filters.tag),
      cap: searchCountCap,
      offset,
      limit: filters.limit,
    };
    ({ rows, total } = await searchPage(database, scope, filters.sortBy ? sorted : undefined));
  } else {
    const prepared = await preparedFeedPage(database.statements, filters, offset);
    const [page, n] = prepared
      ? [prepared.rows, prepared.total]
      : await Promise.all([sorted(), countFeed(database, filters, where)]);
    rows = page;
    total = { total: n, atLeast: false };
  }
  return {
    videos: rows.map((row) => toVideoItem(row, urls)),
    totalVideos: total.total,
    ...(search ? { totalIsLowerBound: total.atLeast } : {}),
    page: filters.page,
    limit: filters.limit,
  };
}

/**
 * A search's page and total. The ranked page waits for the total: it tells how to read the
 * matches. `sorted` reads the page in a chosen order instead of by relevance.
 */
async function searchPage(
  { db, statements, searchStats }: FeedDatabase,
  scope: SearchScope,
  sorted: (() => Promise<VideoItemRow[]>) | undefined,
): Promise<{ rows: VideoItemRow[]; total: SearchTotal }> {
  const { where, search, offset, limit } = scope;
  // The statistics answer at once after a database's first search.
  const stats = await searchStats.current();
  const windowEnd = rankWindowEnd(offset, limit);
  const known = knownCompiled(search);
  if (!sorted && known && readsThroughSearchIndex(stats, known.lexemes, windowEnd) === true) {
    // Every match is read to sort them, so the same statement counts them.
    const { rows, matches } = await indexedSearchWithCount(db, where, search, offset, limit);
    const total =
      matches === undefined ? await countSearch(db, scope) : cappedTotal(matches, scope);
    return { rows, total };
  }
  const counted = await searchTotal(db, scope, stats);
  const reading = readsThroughSearchIndex(stats, counted.compiled?.lexemes ?? null, windowEnd);
  let rows: VideoItemRow[];
  if (sorted) rows = await sorted();
  else if (counted.atLeast && reading === false && counted.compiled && !scope.narrowed) {
    rows = await walkedSearch(statements, counted.compiled, offset, limit);
  } else {
    const throughSearchIndex = !counted.atLeast || reading === true;
    rows = await rankedSearch(db, where, search, offset, limit, throughSearchIndex);
  }
  // A short page ends the matches before the promised total: the statistics were wrong.
  const total = counted.estimated && rows.length < limit ? await countSearch(db, scope) : counted;
  return { rows, total };
}

/**
 * The caller's own videos, published or not, newest first, each with its like count: the
 * video's `likes_count`, which the like toggle moves with the likes rows in one transaction, so
 * the count is a column of the same row and costs no query of its own.
 */
export async function listOwnVideos(
  db: Db,
  ownerId: string,
  page: number,
  limit: number,
  urls: MediaUrls,
): Promise<OwnVideoList> {
  const where = eq(videos.ownerId, ownerId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...videoItemColumns, likeCount: videos.likesCount, processing: videoProcessing })
      .from(videos)
      .innerJoin(users, eq(users.id, videos.ownerId))
      // Videos from before adaptive streaming (the demo's) have no row: ready, MP4 only.
      .leftJoin(videoProcessing, eq(videoProcessing.videoId, videos.id))
      .where(where)
      .orderBy(descNullsLast(videos.createdAt), asc(videos.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(videos).where(where),
  ]);
  return {
    videos: rows.map((row) => ({
      ...toVideoItem(row, urls),
      likeCount: row.likeCount,
      processing: toProcessing(row.processing, urls),
    })),
    totalVideos: total?.n ?? 0,
    page,
    limit,
  };
}
