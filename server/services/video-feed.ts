/**
 * Finding videos: the public feed (channel and tag filters, ranked full-text search, sorting,
 * counts) and the caller's own list.
 */
import { and, arrayContains, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { OwnVideoList, VideoSortBy, SortType, VideoList } from '../../contract/videos.js';
import type { Db } from '../db/client.js';
import { users, videoCounts, videoProcessing, videos } from '../db/schema.js';
import { ascNullsFirst, descNullsLast } from './order.js';
import { toProcessing } from './video-processing.js';
import { toVideoItem, videoItemColumns, type MediaUrls, type VideoItemRow } from './video-dto.js';

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
  createdAt: videos.createdAt,
  views: videos.views,
  duration: videos.duration,
  title: videos.title,
} as const;

function orderOf(filters: FeedFilters): SQL[] {
  const ascending = filters.sortType === 'asc';
  const column = SORT_COLUMNS[filters.sortBy ?? 'createdAt'];
  // Directions mirror the indexes (created_at/views/duration DESC NULLS LAST; title plain ASC,
  // whose mirror is plain DESC) and the id tie-break runs against the main direction, so an index
  // scan, forwards or backwards, serves the page without sorting the catalogue
  // (videos_feed_idx is (is_published, created_at DESC NULLS LAST, id)).
  let main: SQL;
  if (filters.sortBy === 'title') main = ascending ? asc(column) : desc(column);
  else main = ascending ? ascNullsFirst(column) : descNullsLast(column);
  return [main, ascending ? desc(videos.id) : asc(videos.id)];
}

/** Search syntax a user typed on purpose: a "phrase", an -exclusion or an OR. */
const WEBSEARCH_SYNTAX = /"|(^|\s)-\S|\sor\s/i;
/** Words beyond this many add nothing a user meant and only cost index probes. */
const MAX_WORDS = 16;

interface SearchQueries {
  /** What a video must match to be found. */
  any: SQL;
  /** Matching this too ranks a video above those that match only `any`. */
  all: SQL;
}

/**
 * Plain words find a video that matches any of them, and videos matching all of them rank first:
 * "lighthouse foghorn" also finds a video about either, and a stray word finds the rest. A query
 * written in web-search syntax ("quoted phrase", -exclude, or) means exactly what it says.
 */
function searchQueries(text: string): SearchQueries {
  const all = sql`websearch_to_tsquery('english', ${text})`;
  const words = text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
  if (WEBSEARCH_SYNTAX.test(text) || words.length < 2) return { any: all, all };
  // `||` of per-word queries: a stop word's empty query drops out instead of emptying the rest.
  const any = sql.join(
    words.map((word) => sql`plainto_tsquery('english', ${word})`),
    sql` || `,
  );
  return { any: sql`(${any})`, all };
}

/** Matches are ranked by relevance in windows of this many, newest window first. */
const RANK_WINDOW = 1000;

/**
 * Search results ordered by relevance (ts_rank_cd) within windows of RANK_WINDOW matches taken
 * newest first: a query with up to 1000 matches is ranked purely by relevance; a very broad one
 * ("music" over 100 000 videos) shows the most relevant of its newest 1000 matches first, then the
 * next 1000, and so on. Ranking every match of a broad query would cost a rank computation per
 * match on every page; this bounds it to one window per page while keeping a stable total order
 * (window, rank, recency, id) for paging.
 */
async function rankedSearch(
  db: Db,
  where: SQL | undefined,
  search: SearchQueries,
  offset: number,
  limit: number,
): Promise<VideoItemRow[]> {
  const windowEnd = Math.ceil((offset + limit) / RANK_WINDOW) * RANK_WINDOW;
  // Every column is read in the innermost scan (which walks the feed index or the search index,
  // as the planner sees fit) so no second pass over videos is needed; rank is computed for at most
  // windowEnd rows.
  const result = await db.execute(sql`
    select w.id, w.title, w.description, w.tags, w.duration, w.views,
           w.is_published as "isPublished", w.video_key as "videoKey",
           w.thumbnail_key as "thumbnailKey", w.created_at as "createdAt",
           u.id as "ownerId", u.user_name as "ownerUserName", u.full_name as "ownerFullName",
           u.avatar_key as "ownerAvatarKey"
    from (
      select m.*, (row_number() over (order by m.created_at desc nulls last, m.id) - 1)
                  / ${sql.raw(String(RANK_WINDOW))} as rank_window
      from (
        select ${videos.id} as id, ${videos.title} as title, ${videos.description} as description,
               ${videos.tags} as tags, ${videos.duration} as duration, ${videos.views} as views,
               ${videos.isPublished} as is_published, ${videos.videoKey} as video_key,
               ${videos.thumbnailKey} as thumbnail_key, ${videos.createdAt} as created_at,
               ${videos.ownerId} as owner_id,
               ${videos.searchVector} @@ ${search.all} as matches_all,
               ts_rank_cd(${videos.searchVector}, ${search.any}) as rank
        from ${videos}
        where ${where}
        order by ${videos.createdAt} desc nulls last, ${videos.id}
        limit ${windowEnd}
      ) m
    ) w
    join ${users} u on u.id = w.owner_id
    order by w.rank_window, w.matches_all desc, w.rank desc, w.created_at desc nulls last, w.id
    limit ${limit} offset ${offset}`);
  // Raw rows: drivers differ in how they hand back timestamps (Date or text).
  type RawRow = Omit<VideoItemRow, 'createdAt'> & { createdAt: Date | string };
  const { rows } = result as { rows: RawRow[] };
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
}

/**
 * totalVideos of a feed query. The whole feed, one channel and one tag read the trigger-kept
 * video_counts row (one lookup instead of counting up to 100 000 rows); combined filters and
 * searches are selective enough to count exactly.
 */
async function countFeed(db: Db, filters: FeedFilters, where: SQL | undefined): Promise<number> {
  const single: [string, string] | null = filters.query
    ? null
    : !filters.userId && !filters.tag
      ? ['all', '']
      : filters.userId && !filters.tag
        ? ['owner', filters.userId]
        : !filters.userId && filters.tag
          ? ['tag', filters.tag]
          : null;
  if (single) {
    const [row] = await db
      .select({ n: videoCounts.n })
      .from(videoCounts)
      .where(and(eq(videoCounts.scope, single[0]), eq(videoCounts.key, single[1])));
    return row?.n ?? 0;
  }
  const [row] = await db.select({ n: count() }).from(videos).where(where);
  return row?.n ?? 0;
}

/** The public feed: published videos only, filtered, ranked or sorted, paged. */
export async function listFeed(db: Db, filters: FeedFilters, urls: MediaUrls): Promise<VideoList> {
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
  const [rows, totalVideos] = await Promise.all([
    search && !filters.sortBy
      ? rankedSearch(db, where, search, offset, filters.limit)
      : db
          .select(videoItemColumns)
          .from(videos)
          .innerJoin(users, eq(users.id, videos.ownerId))
          .where(where)
          .orderBy(...orderOf(filters))
          .limit(filters.limit)
          .offset(offset),
    countFeed(db, filters, where),
  ]);
  return {
    videos: rows.map((row) => toVideoItem(row, urls)),
    totalVideos,
    page: filters.page,
    limit: filters.limit,
  };
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
