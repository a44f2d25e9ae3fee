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
import { videoProcessing, videos, users } from '../db/schema.js';
import { preparedFeedPage, scopeCount, singleScope } from './feed-pages.js';
import { descNullsLast } from '../db/order.js';
import { ownVideoColumns, toOwnVideoItem } from '../videos/index.js';
import { toVideoItem, type VideoItemRow } from '../videos/index.js';
import type { MediaUrls } from '../media/media-urls.js';
import type { SearchStatistics } from './search-density.js';
import { readsPostings, searchAnswer, type SearchAnswer } from './search-answer.js';
import { countStop, searchTotal, type SearchScope, type SearchTotal } from './search-total.js';
import { sortedPage } from './sorted-page.js';
import { correctedQuery, SPELLING_FEW } from './spelling.js';
import { namedChannelIds } from './named-channels.js';
import { queryWords, searchQueries, WEBSEARCH_SYNTAX } from './video-search.js';

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

/** One quoted phrase and nothing else. */
const ONE_PHRASE = /^\s*"[^"]+"\s*$/u;

/**
 * How the search postings read `text` (search-postings.ts), or undefined when they cannot: a
 * channel or tag narrows the search (the postings hold neither), or the text uses search syntax
 * beyond one quoted phrase (-exclusions, or).
 */
function postingsShape(filters: FeedFilters, text: string): SearchScope['postings'] {
  if (filters.userId || filters.tag) return undefined;
  const phraseOnly = ONE_PHRASE.test(text);
  if (!phraseOnly && WEBSEARCH_SYNTAX.test(text)) return undefined;
  const duration = filters.duration ? DURATION_SECONDS[filters.duration] : undefined;
  return {
    plain: queryWords(text).join(' '),
    channelName: text.trim(),
    phraseOnly,
    filters: {
      sinceHours: filters.uploaded ? UPLOAD_DATE_HOURS[filters.uploaded] : undefined,
      minDuration: duration?.min,
      maxDuration: duration?.max,
    },
  };
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
  const scopeOf = (text: string, channels: string[] = []): SearchScope => {
    const search = searchQueries(text);
    const base = and(...conditions);
    const matches = sql`${videos.searchVector} @@ ${search.any}`;
    const where = and(
      base,
      channels.length ? or(matches, inArray(videos.ownerId, channels)) : matches,
    );
    const postings = channels.length ? undefined : postingsShape(filters, text);
    return { where, base, search, narrowed, ...bounds, ...(postings ? { postings } : {}) };
  };
  const stats = await database.searchStats.current();
  const query = filters.query;
  // A channel named exactly: its videos match too (named-channels.ts). Most queries name none,
  // and their statements stay as they were. The postings' statement asks for the named channels
  // itself, so a query naming none costs no round trip more; one naming some is read again with
  // them. Other searches ask first; a search within a channel asks for none.
  let named: string[] = [];
  let page: SearchAnswer | undefined;
  if (!filters.userId) {
    const unnamed = scopeOf(query);
    if (readsPostings(unnamed, filters)) page = await searchAnswer(db, unnamed, stats, filters);
    named = page?.named ?? (await namedChannelIds(database.statements, query));
  }
  if (!page || named.length > 0) {
    page = await searchAnswer(db, scopeOf(query, named), stats, filters);
  }
  let spelling: Spelling | undefined;
  const typed = page.total;
  // One word that found videos by itself (no channel named) matches some: nothing to correct.
  const matchedAsTyped =
    typed.total > 0 && named.length === 0 && queryWords(filters.query).length === 1;
  if (!filters.exact && !typed.atLeast && typed.total < SPELLING_FEW && !matchedAsTyped) {
    const corrected = await correctedQuery(db, filters.query);
    if (corrected) {
      const fixed = scopeOf(corrected);
      if (typed.total === 0) {
        // Nothing found as typed: the corrected query's page is the answer when it finds any.
        const fixedPage = await searchAnswer(db, fixed, stats, filters);
        if (fixedPage.total.total > 0) {
          spelling = { corrected, applied: true };
          page = fixedPage;
        }
      } else {
        const fixedTotal = await searchTotal(db, fixed, stats);
        if (fixedTotal.atLeast || fixedTotal.total > typed.total) {
          spelling = { corrected, applied: false };
        }
      }
    }
  }
  return { ...answer(page.rows, page.total, true), ...(spelling ? { spelling } : {}) };
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
