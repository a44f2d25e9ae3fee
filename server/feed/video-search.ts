/**
 * Full-text search over the public feed: what a query matches and the page of matches in
 * relevance order, for the searches the search postings cannot answer (search-postings.ts reads
 * plain words and one quoted phrase over the whole catalogue; this file a search within a channel
 * or a tag, one naming a channel, and web-search syntax with -exclusions or `or`). Their total, capped so that a broad query never counts the whole catalogue, is
 * search-total.ts's; how each candidate source is read, search-density.ts's.
 *
 * Relevance (issue 31): matches are ordered by
 *   1. all words before some (a stray word still finds what the others find),
 *   2. the exact phrase before scattered words (plain multi-word queries),
 *   3. the field the words are in: title (weight A) before tags (B) before description (C),
 *   4. popularity (views_tier, views in steps of about 4 %), then freshness (created_at), then id:
 *      a stable total order, so pages never repeat or skip a video.
 * What is ranked: every match when the query has at most the count cap's matches (1 000 by
 * default; the total is exact then), or when the statistics say its matches are few enough to
 * read them all through the search index (search-density.ts: a word in 0.5 % of 100 000 videos).
 * A broader query (a word in 25 % of 1 000 000 videos) is
 * ranked over a bounded candidate set read through indexes: the CANDIDATES most viewed matches,
 * the CANDIDATES newest matches, the CANDIDATES most viewed holding all words in the title
 * (through the title's own search index), and for a query of several words the CANDIDATES most
 * viewed videos holding all of them. A walk of the popularity or feed index to find them reads at
 * most SCAN_BUDGET videos: a match of a broad query whose words sit only in tags or description,
 * below the 5 000 most viewed and newest published videos, is no candidate. The candidates fill
 * the first pages; the remaining matches follow, newest first (docs/decisions.md).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users, videos } from '../db/schema.js';
import type { VideoItemRow } from '../videos/index.js';

/** Search syntax a user typed on purpose: a "phrase", an -exclusion or an OR. */
export const WEBSEARCH_SYNTAX = /"|(^|\s)-\S|\sor\s/i;
/** Words beyond this many add nothing a user meant and only cost index probes. */
const MAX_WORDS = 16;

export interface SearchQueries {
  /** What a video must match to be found. */
  any: SQL;
  /** Matching this too ranks a video above those that match only `any`. */
  all: SQL;
  /** The words as a phrase, for a plain query of several words. */
  phrase?: SQL;
  /**
   * The lexemes `any` looks for (text[]), when it is plain words; a query in web-search syntax
   * has none (an excluded word is no match). search-density.ts estimates their share.
   */
  lexemes?: SQL;
  /** The words `lexemes` are of, as one text: what search-total.ts remembers them by. */
  words?: string;
  /** A match holds every lexeme (a quoted phrase): its share is the rarest one's. */
  conjunctive?: boolean;
}

/** Web-search syntax that takes words away or offers alternatives: no lexeme share holds. */
const EXCLUDING_SYNTAX = /(^|\s)-\S|\sor\s/i;

/** The words of a query as search and spelling read them. */
export function queryWords(text: string): string[] {
  return text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

/**
 * Plain words find a video that matches any of them, and videos matching all of them rank first:
 * "lighthouse foghorn" also finds a video about either, and a stray word finds the rest. A query
 * written in web-search syntax ("quoted phrase", -exclude, or) means exactly what it says.
 */
export function searchQueries(text: string): SearchQueries {
  const all = sql`websearch_to_tsquery('english', ${text})`;
  const words = queryWords(text);
  const plain = words.join(' ');
  const lexemes = sql`tsvector_to_array(to_tsvector('english', ${plain}))`;
  if (WEBSEARCH_SYNTAX.test(text)) {
    // Quoted phrases only: every word must match, so the rarest word bounds the matches.
    if (EXCLUDING_SYNTAX.test(text) || words.length === 0) return { any: all, all };
    return { any: all, all, lexemes, words: `"${plain}"`, conjunctive: true };
  }
  if (words.length < 2) return { any: all, all, lexemes, words: plain };
  // `||` of per-word queries: a stop word's empty query drops out instead of emptying the rest.
  const any = sql.join(
    words.map((word) => sql`plainto_tsquery('english', ${word})`),
    sql` || `,
  );
  const phrase = sql`phraseto_tsquery('english', ${plain})`;
  return { any: sql`(${any})`, all, phrase, lexemes, words: plain };
}

/** How many videos each candidate source yields at most (a page is 10–50 videos). */
export const CANDIDATES = 100;
/** The most videos a walk of the popularity or feed index reads to find its candidates. */
export const SCAN_BUDGET = 5_000;

/**
 * How a candidate source is read: `index` reads every match through the search index and keeps
 * the best (a query with few matches); `walk` reads the published catalogue in the source's order
 * and keeps the first matches (a common word: a few hundred videos read); `planner` lets
 * PostgreSQL choose (a channel, tag or filter narrows the search, or no statistics).
 */
export type SourcePath = 'index' | 'walk' | 'planner';

export interface CandidatePaths {
  /** The most viewed and the newest matches of any word. */
  any: SourcePath;
  /** The most viewed matches of all words. */
  all: SourcePath;
  /** The most viewed videos holding all words in the title. */
  title: SourcePath;
}

/** Where the ranked page reads its matches: all of them, or the bounded candidates. */
export type RankPlan =
  | { kind: 'every' }
  | {
      kind: 'candidates';
      paths: CandidatePaths;
      /** The search's other conditions (published, filters), without its words. */
      base: SQL | undefined;
    };

const POPULAR = sql`views_tier desc nulls last`;
const NEWEST = sql`created_at desc nulls last`;

/**
 * The ids of up to CANDIDATES videos of `base` matching `filter`, in `order`, read along `path`.
 * `where` is `base` with the search's own condition, which `filter` implies.
 */
function source(
  base: SQL | undefined,
  where: SQL | undefined,
  filter: SQL,
  order: SQL,
  path: SourcePath,
  /** `filter` as a walk tests it, when a stored column answers it cheaper. */
  walkFilter: SQL = filter,
): SQL {
  const limit = sql.raw(String(CANDIDATES));
  if (path === 'walk') {
    // Fenced by `offset 0` below the filter: the videos of `base` are read in order, each tested,
    // and the walk stops at the CANDIDATES-th match or after SCAN_BUDGET videos.
    return sql`select id from (
        select ${videos.id} as id, ${videos.searchVector} as search_vector
        from ${videos} where ${base}
        order by ${order} limit ${sql.raw(String(SCAN_BUDGET))} offset 0
      ) as ${videos} where ${walkFilter} limit ${limit}`;
  }
  if (path === 'index') {
    // `offset 0` keeps the order out of the subquery: the matches are read through the search
    // index and only they are sorted.
    return sql`select id from (
        select ${videos.id} as id, ${videos.viewsTier} as views_tier,
               ${videos.createdAt} as created_at
        from ${videos} where ${base} and ${filter} offset 0
      ) as s order by ${order}, id limit ${limit}`;
  }
  return sql`select ${videos.id} as id from ${videos} where ${where} and ${filter}
    order by ${order}, ${videos.id} limit ${limit}`;
}

/** The ids of the bounded candidate set (see the head of this file). */
function candidateIds(
  where: SQL | undefined,
  search: SearchQueries,
  { paths, base }: Extract<RankPlan, { kind: 'candidates' }>,
): SQL {
  // Titles are read through videos_title_search_idx and their own statistics: "music" is in a
  // quarter of the tags and a few titles. A title match is a match, so the whole document's
  // condition is left out of that read.
  const inTitle = sql`to_tsvector('english'::regconfig, ${videos.title}) @@ ${search.all}`;
  const matches = sql`${videos.searchVector} @@ ${search.any}`;
  const parts = [
    source(base, where, matches, POPULAR, paths.any),
    source(base, where, matches, NEWEST, paths.any),
    // A walk tests the stored document's title part (weight A) instead of parsing each title.
    source(
      base,
      base,
      inTitle,
      POPULAR,
      paths.title,
      sql`ts_filter(${videos.searchVector}, '{a}') @@ ${search.all}`,
    ),
  ];
  if (search.phrase) {
    const all = sql`${videos.searchVector} @@ ${search.all}`;
    parts.push(source(base, where, all, POPULAR, paths.all));
  }
  return sql.join(
    parts.map((part) => sql`(${part})`),
    sql` union `,
  );
}

/** The relevance keys of a match `v` (the head of this file), as columns. */
function relevanceColumns(search: SearchQueries): SQL {
  const tier = (query: SQL) => sql`case when ts_filter(v.search_vector, '{a}') @@ ${query} then 3
      when ts_filter(v.search_vector, '{a,b}') @@ ${query} then 2 else 1 end`;
  const phrase = search.phrase ? sql`v.search_vector @@ ${search.phrase}` : sql`false`;
  return sql`v.search_vector @@ ${search.all} as all_words, ${phrase} as phrase,
    case when v.search_vector @@ ${search.all} then ${tier(search.all)} else ${tier(search.any)} end
      as field`;
}

/**
 * What ranking needs of a match: the order's keys. The page's other columns are read for its own
 * rows only (readPage): carrying titles and descriptions through the ranking of "guitar riff"'s
 * 1 984 matches (1.1 MB held for the count, then joined to their owners) was half its time.
 */
const MATCH_COLUMNS = sql`v.id, v.views_tier, v.created_at`;

/** The ranked rows (MATCH_COLUMNS and the relevance keys) a page of `where`'s matches reads. */
function rankedRows(
  where: SQL | undefined,
  search: SearchQueries,
  offset: number,
  limit: number,
  plan: RankPlan,
): SQL {
  if (plan.kind === 'every') {
    return sql`select ${MATCH_COLUMNS}, 0 as part, ${relevanceColumns(search)}
      from (select * from ${videos} where ${where} offset 0) as v`;
  }
  const candidates = sql`select ${MATCH_COLUMNS}, 0 as part, ${relevanceColumns(search)}
    from ${videos} as v where v.id in (select id from c)`;
  // At least min(CANDIDATES, matches) candidates exist, so a page ending within them needs
  // nothing else; a later one reads the other matches, newest first, after them.
  const rest = sql`union all
    select ${MATCH_COLUMNS}, 1, false, false, 0 from (
      select * from ${videos} where ${where} and ${videos.id} not in (select id from c)
      order by ${videos.createdAt} desc nulls last, ${videos.id}
      limit ${offset + limit}
    ) as v`;
  return sql`with c as (${candidateIds(where, search, plan)})
    ${candidates} ${offset + limit <= CANDIDATES ? sql`` : rest}`;
}

/**
 * The page of `where`'s matches (published videos, any filters, the search condition) in
 * relevance order, read as `plan` says.
 */
export async function relevantSearch(
  db: Db,
  where: SQL | undefined,
  search: SearchQueries,
  offset: number,
  limit: number,
  plan: RankPlan,
): Promise<VideoItemRow[]> {
  const ranked = rankedRows(where, search, offset, limit, plan);
  return (await readPage(db, ranked, offset, limit, false)).rows;
}

/**
 * The same page ranked over every match, with the number of matches, counted by the statement
 * that ranks them (undefined past the last match, where the page has no row to carry it).
 */
export function countedRelevantSearch(
  db: Db,
  where: SQL | undefined,
  search: SearchQueries,
  offset: number,
  limit: number,
): Promise<{ rows: VideoItemRow[]; matches: number | undefined }> {
  const ranked = rankedRows(where, search, offset, limit, { kind: 'every' });
  return readPage(db, ranked, offset, limit, true);
}

/** A page of `ranked` with their owners, and with `counted` the number of rows `ranked` holds. */
async function readPage(
  db: Db,
  ranked: SQL,
  offset: number,
  limit: number,
  counted: boolean,
): Promise<{ rows: VideoItemRow[]; matches: number | undefined }> {
  // Raw rows: drivers differ in how they hand back timestamps (Date or text).
  type RawRow = Omit<VideoItemRow, 'createdAt'> & { createdAt: Date | string; matches?: number };
  const order = (r: SQL) => sql`${r}.part, ${r}.all_words desc, ${r}.phrase desc,
    ${r}.field desc, ${r}.views_tier desc nulls last, ${r}.created_at desc nulls last, ${r}.id`;
  // The window counts every ranked row: it is computed before the page's limit.
  const result = await db.execute(sql`
    select ${videos.id}, ${videos.title}, ${videos.description}, ${videos.tags},
           ${videos.duration}, ${videos.views}, ${videos.isPublished} as "isPublished",
           ${videos.videoKey} as "videoKey", ${videos.thumbnailKey} as "thumbnailKey",
           ${videos.createdAt} as "createdAt",
           ${users.id} as "ownerId", ${users.userName} as "ownerUserName",
           ${users.fullName} as "ownerFullName", ${users.avatarKey} as "ownerAvatarKey"
           ${counted ? sql`, p.matches` : sql``}
    from (
      select r.* ${counted ? sql`, count(*) over ()::int as matches` : sql``}
      from (${ranked}) as r
      order by ${order(sql`r`)}
      limit ${limit} offset ${offset}
    ) as p
    join ${videos} on ${videos.id} = p.id
    join ${users} on ${users.id} = ${videos.ownerId}
    order by ${order(sql`p`)}`);
  const { rows } = result as { rows: RawRow[] };
  const matches = rows[0]?.matches;
  return {
    rows: rows.map(({ matches: _, ...row }) => ({ ...row, createdAt: new Date(row.createdAt) })),
    matches: matches === undefined ? undefined : Number(matches),
  };
}
