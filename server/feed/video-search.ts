/**
 * Full-text search over the public feed: what a query matches and the ranked page of matches.
 * Their total, capped so that a broad query never counts the whole catalogue, is search-total.ts's.
 */
import { eq, sql, type Column, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { statementSet, type PreparedStatements } from '../db/prepared.js';
import { users, videos } from '../db/schema.js';
import { descNullsLast } from '../db/order.js';
import { videoItemColumns, type VideoItemRow } from '../videos/index.js';

/** Search syntax a user typed on purpose: a "phrase", an -exclusion or an OR. */
const WEBSEARCH_SYNTAX = /"|(^|\s)-\S|\sor\s/i;
/** Words beyond this many add nothing a user meant and only cost index probes. */
const MAX_WORDS = 16;

export interface SearchQueries {
  /** What a video must match to be found. */
  any: SQL;
  /** Matching this too ranks a video above those that match only `any`. */
  all: SQL;
  /**
   * The lexemes `any` looks for (text[]), when it is plain words; a query in web-search syntax
   * has none (an excluded word is no match). search-density.ts estimates their share.
   */
  lexemes?: SQL;
  /** The words `lexemes` are of, as one text: what search-total.ts remembers them by. */
  words?: string;
}

/**
 * Plain words find a video that matches any of them, and videos matching all of them rank first:
 * "lighthouse foghorn" also finds a video about either, and a stray word finds the rest. A query
 * written in web-search syntax ("quoted phrase", -exclude, or) means exactly what it says.
 */
export function searchQueries(text: string): SearchQueries {
  const all = sql`websearch_to_tsquery('english', ${text})`;
  const words = text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
  if (WEBSEARCH_SYNTAX.test(text)) return { any: all, all };
  const plain = words.join(' ');
  const lexemes = sql`tsvector_to_array(to_tsvector('english', ${plain}))`;
  if (words.length < 2) return { any: all, all, lexemes, words: plain };
  // `||` of per-word queries: a stop word's empty query drops out instead of emptying the rest.
  const any = sql.join(
    words.map((word) => sql`plainto_tsquery('english', ${word})`),
    sql` || `,
  );
  return { any: sql`(${any})`, all, lexemes, words: plain };
}

/**
 * Matches are ranked by relevance in windows of this many, newest window first. 200, not 1000:
 * at 1 000 000 videos the first page of "music" then costs 2 ms instead of 23 and of
 * "guitar riff" 75 instead of 520 (the walk to the newest matches reads 5× fewer rows), and the
 * top 5 of the bench's fixed queries stayed the same at 100 000 and 1 000 000 videos.
 */
const RANK_WINDOW = 200;

/** How many of the newest matches a page needs: the end of its last rank window. */
export function rankWindowEnd(offset: number, limit: number): number {
  return Math.ceil((offset + limit) / RANK_WINDOW) * RANK_WINDOW;
}

/**
 * Search results ordered by relevance (ts_rank_cd) within windows of RANK_WINDOW matches taken
 * newest first: a query with up to 200 matches is ranked purely by relevance; a broad one ("music"
 * over 100 000 videos) shows the most relevant of its newest 200 matches first, then the next
 * 200, and so on. Ranking every match of a broad query would cost a rank computation per match on
 * every page; this bounds it to one window per page (the bounded candidate set) while keeping a
 * stable total order (window, rank, recency, id) for paging.
 */
export async function rankedSearch(
  db: Db,
  where: SQL | undefined,
  search: SearchQueries,
  offset: number,
  limit: number,
  /**
   * Read the matches through the search index and sort them: when the exact total is known and
   * small (search-total.ts), or when they are too few for walking the feed index to pay
   * (search-density.ts). Otherwise the planner chooses, and walks the feed index for a broad word.
   */
  throughSearchIndex: boolean,
): Promise<VideoItemRow[]> {
  // Walking the feed index is cheap only while matches are dense: for a rare word the planner's
  // guess can make it walk the whole catalogue (seconds at 1 000 000 videos). `offset 0` keeps the
  // ORDER BY out of the subquery, so the matches are read through the search index and sorted.
  const source = throughSearchIndex
    ? sql`(select * from ${videos} where ${where} offset 0) as ${videos}`
    : sql`${videos} where ${where}`;
  const bounds = { windowEnd: rankWindowEnd(offset, limit), limit, offset };
  return (await readRankedPage(db, source, search, bounds)).rows;
}

/**
 * rankedSearch reading the matches through the search index, which reads every match anyway, so
 * it counts them too: the page and the number of matches in one statement instead of a count
 * that reads the same videos again. The count and the recency sort carry only id and created_at,
 * and the windowEnd rows kept are read whole by id: a window count over whole rows (2 100 for
 * "guitar riff" at 100 000 videos) outgrew the embedded database's 2 MB work_mem and spilled to a
 * temporary file, 6 ms more. `matches` is undefined for a page past the end, which has no row to
 * carry it.
 */
export async function indexedSearchWithCount(
  db: Db,
  where: SQL | undefined,
  search: SearchQueries,
  offset: number,
  limit: number,
): Promise<{ rows: VideoItemRow[]; matches: number | undefined }> {
  const windowEnd = rankWindowEnd(offset, limit);
  const newest = sql`select ${videos.id} as id, ${videos.createdAt} as created_at,
      count(*) over () as matches
    from ${videos} where ${where} offset 0`;
  const source = sql`(select v.*, k.matches from (
      select id, matches from (${newest}) as s
      order by created_at desc nulls last, id limit ${windowEnd}
    ) as k join ${videos} as v on v.id = k.id) as ${videos}`;
  return readRankedPage(db, source, search, { windowEnd, limit, offset, countMatches: true });
}

/** A query's tsqueries as Postgres printed them (tsquery::text), with its lexemes. */
export interface CompiledSearch {
  lexemes: string[];
  any: string;
  all: string;
}

/**
 * The walk of rankedSearch over the whole public catalogue as a prepared statement: parsing and
 * planning were a third of a broad search's database time. Its plan must not depend on the
 * words (a prepared statement's generic plan does not know them), so the published videos are
 * read newest first behind an `offset 0` fence and only then tested: always the walk, which
 * search-density.ts chose from the statistics.
 */
const walkStatements = statementSet((db) => {
  const tsquery = (name: string) => sql`${sql.placeholder(name)}::tsquery`;
  const published = sql`(select * from ${videos} where ${videos.isPublished} = true
    order by ${videos.createdAt} desc nulls last, ${videos.id} offset 0) as ${videos}
    where ${videos.searchVector} @@ ${tsquery('any')}`;
  const page = rankedPageStatement(
    db,
    published,
    { any: tsquery('any'), all: tsquery('all') },
    {
      windowEnd: sql.placeholder('windowEnd'),
      limit: sql.placeholder('limit'),
      offset: sql.placeholder('offset'),
    },
  );
  return { walk: page.prepare('search_walk') };
});

/** rankedSearch's page of the public catalogue, read by walking the feed index. */
export async function walkedSearch(
  statements: PreparedStatements,
  search: CompiledSearch,
  offset: number,
  limit: number,
): Promise<VideoItemRow[]> {
  const windowEnd = rankWindowEnd(offset, limit);
  const { any, all } = search;
  return statements.of(walkStatements).walk.execute({ any, all, windowEnd, limit, offset });
}

type PageBound = number | ReturnType<typeof sql.placeholder>;

interface PageBounds {
  windowEnd: PageBound;
  limit: PageBound;
  offset: PageBound;
  /** `source` has a `matches` column, which each row of the page carries (else null). */
  countMatches?: boolean;
}

/**
 * The ranked rows of the matches `source` yields (a FROM item aliased as videos), newest
 * windowEnd first, as a FROM item aliased as videos again. Every column is read in the innermost
 * scan, so no second pass over videos is needed. Rank and the all-words test are computed a level
 * up, for the windowEnd rows kept only: computed beside the sort, every match read through the
 * search index paid for them (8 ms of 10 for the 4 300 matches of "guitar riff" at 100 000
 * videos). A page reads them joined to their owners, ordered by window, all-words, rank, recency.
 */
function rankedRows(source: SQL, search: Pick<SearchQueries, 'any' | 'all'>, bounds: PageBounds) {
  return sql`(
      select m.*, m.search_vector @@ ${search.all} as matches_all,
             ts_rank_cd(m.search_vector, ${search.any}) as rank,
             (row_number() over (order by m.created_at desc nulls last, m.id) - 1)
               / ${sql.raw(String(RANK_WINDOW))} as rank_window
      from (
        select ${videos.id} as id, ${videos.title} as title, ${videos.description} as description,
               ${videos.tags} as tags, ${videos.duration} as duration, ${videos.views} as views,
               ${videos.isPublished} as is_published, ${videos.videoKey} as video_key,
               ${videos.thumbnailKey} as thumbnail_key, ${videos.createdAt} as created_at,
               ${videos.ownerId} as owner_id, ${videos.searchVector} as search_vector
               ${bounds.countMatches ? sql`, ${videos}.matches as matches` : sql``}
        from ${source}
        order by ${videos.createdAt} desc nulls last, ${videos.id}
        limit ${bounds.windowEnd}
      ) m
    ) as ${videos}`;
}

/**
 * The page of the ranked rows, written as SQL for the searches built per request (rankedSearch,
 * indexedSearchWithCount), whose text depends on the filters and so is never prepared. Not
 * drizzle's select builder, as the prepared walk's page is (rankedPageStatement): building that
 * select took 200-240 µs a request against 37-59 µs for this text (load 8, issue 21's A/B), which
 * made a rare word's search on PostgreSQL 20 % slower (1 connection, p50 0.85 → 1.04 ms).
 */
async function readRankedPage(
  db: Db,
  source: SQL,
  search: Pick<SearchQueries, 'any' | 'all'>,
  bounds: PageBounds,
): Promise<{ rows: VideoItemRow[]; matches: number | undefined }> {
  // Raw rows: drivers differ in how they hand back timestamps (Date or text) and counts.
  type RawRow = Omit<VideoItemRow, 'createdAt'> & {
    createdAt: Date | string;
    matches: number | string | null;
  };
  const result = await db.execute(sql`
    select videos.id, videos.title, videos.description, videos.tags, videos.duration,
           videos.views, videos.is_published as "isPublished", videos.video_key as "videoKey",
           videos.thumbnail_key as "thumbnailKey", videos.created_at as "createdAt",
           ${users.id} as "ownerId", ${users.userName} as "ownerUserName",
           ${users.fullName} as "ownerFullName", ${users.avatarKey} as "ownerAvatarKey",
           ${bounds.countMatches ? sql`videos.matches` : sql`null`} as matches
    from ${rankedRows(source, search, bounds)}
    join ${users} on ${users.id} = videos.owner_id
    order by videos.rank_window, videos.matches_all desc, videos.rank desc,
             videos.created_at desc nulls last, videos.id
    limit ${bounds.limit} offset ${bounds.offset}`);
  const { rows } = result as { rows: RawRow[] };
  return {
    rows: rows.map(({ matches: _, ...row }) => ({ ...row, createdAt: new Date(row.createdAt) })),
    matches: rows[0]?.matches == null ? undefined : Number(rows[0].matches),
  };
}

/**
 * A column of the ranked rows, which rankedRows aliases as videos. drizzle cannot see through the
 * alias and would refuse the column itself, so it is read as SQL with the column's own mapping.
 */
const ranked = <T extends Column>(column: T) => sql`${column}`.mapWith(column);

/** videoItemColumns, read from the ranked rows. */
const rankedItemColumns = {
  ...videoItemColumns,
  id: ranked(videos.id),
  title: ranked(videos.title),
  description: ranked(videos.description),
  tags: ranked(videos.tags),
  duration: ranked(videos.duration),
  views: ranked(videos.views),
  isPublished: ranked(videos.isPublished),
  videoKey: ranked(videos.videoKey),
  thumbnailKey: ranked(videos.thumbnailKey),
  createdAt: ranked(videos.createdAt),
};

/**
 * readRankedPage's page as drizzle's select builder, which `.prepare()` makes a named statement
 * (drizzle has no public way to prepare raw SQL): built once per database, so its building cost
 * is paid once. The same columns, join and order as readRankedPage's text:
 * tests/server/search-density.test.ts holds the walk's pages equal to rankedSearch's.
 */
function rankedPageStatement(
  db: Db,
  source: SQL,
  search: Pick<SearchQueries, 'any' | 'all'>,
  bounds: PageBounds,
) {
  const ranking = (column: string) => sql`${videos}.${sql.raw(column)}`;
  return db
    .select(rankedItemColumns)
    .from(rankedRows(source, search, bounds))
    .innerJoin(users, eq(users.id, videos.ownerId))
    .orderBy(
      ranking('rank_window'),
      sql`${ranking('matches_all')} desc`,
      sql`${ranking('rank')} desc`,
      descNullsLast(videos.createdAt),
      videos.id,
    )
    .limit(bounds.limit)
    .offset(bounds.offset);
}
