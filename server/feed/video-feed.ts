/**
 * Finding videos: the public feed (channel, tag, upload date and duration filters, ranked
 * full-text search from video-search.ts with spelling correction from spelling.ts, sorting,
 * counts) and the caller's own list.
 */
import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { OwnVideoList, VideoSortBy, SortType, VideoList } from '../../contract/videos.js';
import {
  DURATION_SECONDS,
  UPLOAD_DATE_HOURS,
  type DurationFilter,
  type Spelling,
  type UploadDate,
} from '../../contract/search.js';
import type { Db } from '../db/client.js';
import type { PreparedStatements } from '../db/prepared.js';
import { users, videoProcessing, videos } from '../db/schema.js';
import { preparedFeedPage, scopeCount, singleScope } from './feed-pages.js';
import { ascNullsFirst, descNullsLast } from '../db/order.js';
import { ownVideoColumns, toOwnVideoItem } from '../videos/index.js';
import { toVideoItem, videoItemColumns, type VideoItemRow } from '../videos/index.js';
import type { MediaUrls } from '../media/media-urls.js';
import {
  candidatePaths,
  readsThroughSearchIndex,
  type SearchStatistics,
} from './search-density.js';
import {
  countSearch,
  countStop,
  searchTotal,
  type SearchScope,
  type SearchTotal,
} from './search-total.js';
import { correctedQuery, SPELLING_FEW } from './spelling.js';
import { namedChannelIds } from './named-channels.js';
import { relevantSearch, searchQueries, type RankPlan } from './video-search.js';

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
  uploaded?: UploadDate | undefined;
  duration?: DurationFilter | undefined;
  /** Search exactly what was typed: no spelling correction. */
  exact?: boolean | undefined;
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
 * The upload date and duration filters as conditions: a range of created_at (videos_feed_idx
 * reads it in order) and of duration. "Within the last n hours" is counted back from the
 * database's clock.
 */
function filterConditions(filters: FeedFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.uploaded) {
    const hours = UPLOAD_DATE_HOURS[filters.uploaded];
    conditions.push(sql`${videos.createdAt} >= now() - make_interval(hours => ${hours})`);
  }
  if (filters.duration) {
    const { min, max } = DURATION_SECONDS[filters.duration];
    if (min !== null) conditions.push(gte(videos.duration, min));
    if (max !== null) conditions.push(lt(videos.duration, max));
  }
  return conditions;
}

/**
 * totalVideos of a feed query without search. The whole feed, one channel and one tag read the
 * trigger-kept video_counts row (one lookup instead of counting up to 100 000 rows); a channel and
 * tag together are selective enough to count exactly. An upload date or duration filter counts
 * like a search: exactly up to the cap, "at least" past it.
 */
async function countFeed(
  { db, statements }: FeedDatabase,
  filters: FeedFilters,
  where: SQL | undefined,
  scope: Omit<SearchScope, 'where' | 'search' | 'narrowed'>,
): Promise<SearchTotal> {
  if (filters.uploaded || filters.duration) {
    const stopAt = countStop(scope);
    const [row] = await db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(sql`(select 1 from ${videos} where ${where} limit ${stopAt}) as m`);
    const n = row?.n ?? 0;
    return { total: n, atLeast: n >= stopAt };
  }
  const single = singleScope(filters);
  if (single) return { total: await scopeCount(statements, single), atLeast: false };
  const [row] = await db.select({ n: count() }).from(videos).where(where);
  return { total: row?.n ?? 0, atLeast: false };
}

/**
 * The public feed: published videos only, filtered, ranked or sorted, paged. A search's total is
 * exact up to `searchCountCap` matches and a lower bound past it (`totalIsLowerBound`), and so is
 * that of a feed narrowed by upload date or duration. A search that finds fewer than SPELLING_FEW
 * videos is offered a correction of its spelling (contract/search.ts, Spelling) unless `exact`.
 */
export async function listFeed(
  database: FeedDatabase,
  filters: FeedFilters,
  urls: MediaUrls,
  searchCountCap: number,
): Promise<VideoList> {
  const { db } = database;
  const conditions: SQL[] = [eq(videos.isPublished, true), ...filterConditions(filters)];
  if (filters.userId) conditions.push(eq(videos.ownerId, filters.userId));
  // `@>` lets the planner use the GIN index on tags.
  if (filters.tag) conditions.push(arrayContains(videos.tags, [filters.tag]));
  const offset = (filters.page - 1) * filters.limit;
  const bounds = { cap: searchCountCap, offset, limit: filters.limit };
  const filtered = Boolean(filters.uploaded || filters.duration);
  const answer = (rows: VideoItemRow[], total: SearchTotal, lowerBound: boolean) => ({
    videos: rows.map((row) => toVideoItem(row, urls)),
    totalVideos: total.total,
    ...(lowerBound ? { totalIsLowerBound: total.atLeast } : {}),
    page: filters.page,
    limit: filters.limit,
  });
  if (!filters.query) {
    const where = and(...conditions);
    const prepared = filtered
      ? undefined
      : await preparedFeedPage(database.statements, filters, offset);
    if (prepared) return answer(prepared.rows, { total: prepared.total, atLeast: false }, false);
    const [rows, total] = await Promise.all([
      sortedPage(db, where, filters, offset),
      countFeed(database, filters, where, bounds),
    ]);
    return answer(rows, total, filtered);
  }
  const narrowed = Boolean(filters.userId || filters.tag || filtered);
  // A channel named exactly: its videos match too (named-channels.ts). Most queries name none,
  // and their statements stay as they were.
  const named = filters.userId ? [] : await namedChannelIds(db, filters.query);
  const scopeOf = (text: string, channels: string[] = []): SearchScope => {
    const search = searchQueries(text);
    const base = and(...conditions);
    const matches = sql`${videos.searchVector} @@ ${search.any}`;
    const where = and(
      base,
      channels.length ? or(matches, inArray(videos.ownerId, channels)) : matches,
    );
    return { where, base, search, narrowed, ...bounds };
  };
  const typed = scopeOf(filters.query, named);
  const stats = await database.searchStats.current();
  const typedTotal = await searchTotal(db, typed, stats);
  let spelling: Spelling | undefined;
  let scope = typed;
  let total: SearchTotal = typedTotal;
  if (!filters.exact && !typedTotal.atLeast && typedTotal.total < SPELLING_FEW) {
    const corrected = await correctedQuery(db, filters.query);
    if (corrected) {
      const fixed = scopeOf(corrected);
      const fixedTotal = await searchTotal(db, fixed, stats);
      if (typedTotal.total === 0 && fixedTotal.total > 0) {
        spelling = { corrected, applied: true };
        scope = fixed;
        total = fixedTotal;
      } else if (fixedTotal.atLeast || fixedTotal.total > typedTotal.total) {
        spelling = { corrected, applied: false };
      }
    }
  }
  const page = await searchPage(database, scope, total, filters);
  return { ...answer(page.rows, page.total, true), ...(spelling ? { spelling } : {}) };
}

/** A page in the order the filters ask for (the feed's; a search's with a chosen sort). */
function sortedPage(
  db: Db,
  where: SQL | undefined,
  filters: FeedFilters,
  offset: number,
): Promise<VideoItemRow[]> {
  return db
    .select(videoItemColumns)
    .from(videos)
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(where)
    .orderBy(...orderOf(filters))
    .limit(filters.limit)
    .offset(offset);
}

/**
 * A search's page: in the chosen sort, or by relevance (video-search.ts) over every match when
 * the total is exact (at most the cap), else over the bounded candidates, read as the statistics
 * say. A short page ends the matches before a promised total: the statistics were wrong, and the
 * total is counted.
 */
async function searchPage(
  { db, searchStats }: FeedDatabase,
  scope: SearchScope,
  total: SearchTotal & { estimated?: boolean; compiled?: { lexemes: string[] } },
  filters: FeedFilters,
): Promise<{ rows: VideoItemRow[]; total: SearchTotal }> {
  const { where, search, offset, limit } = scope;
  const lexemes = total.compiled?.lexemes ?? null;
  const stats = await searchStats.current();
  let rows: VideoItemRow[];
  if (filters.sortBy) {
    // Few matches (an exact total, or a rare word by the statistics) are read through the search
    // index and sorted: walking the sort's index for them could read the whole catalogue (a rare
    // word sorted by views took 1.6 s at 100 000 videos).
    const few =
      !total.atLeast ||
      (!scope.narrowed && readsThroughSearchIndex(stats, lexemes, offset + limit) === true);
    const read = few
      ? and(sql`${videos.id} in (select ${videos.id} from ${videos} where ${where} offset 0)`)
      : where;
    rows = await sortedPage(db, read, filters, offset);
  } else if (!total.atLeast) {
    rows = await relevantSearch(db, where, search, offset, limit, { kind: 'every' });
  } else {
    const paths = candidatePaths(stats, lexemes, search.conjunctive);
    // Matches few enough to read through the search index are read once and all ranked.
    const plan: RankPlan =
      paths.any === 'index' ? { kind: 'every' } : { kind: 'candidates', paths, base: scope.base };
    rows = await relevantSearch(db, where, search, offset, limit, plan);
  }
  if (total.estimated && rows.length < limit) return { rows, total: await countSearch(db, scope) };
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
      .select(ownVideoColumns)
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
    videos: rows.map((row) => toOwnVideoItem(row, urls)),
    totalVideos: total?.n ?? 0,
    page,
    limit,
  };
}
