/**
 * How many videos a search matches: exact up to the cap, "at least n" past it. Counting stops one
 * row after the cap, yet for a broad word that still reads thousands of videos per request (about
 * 4 200 for the 1 001 "music" matches at 1 000 000 videos: two thirds of the search's database
 * time). When the planner's statistics say the query matches many times more videos than counting
 * would reach, the count's answer is already known, and it is not run.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { searchWords, videos } from '../db/schema.js';
import type { LexemeStats } from './search-density.js';
import type { PostingFilters } from './search-postings.js';
import type { SearchQueries } from './video-search.js';

/** A query's tsqueries as Postgres printed them (tsquery::text), with its lexemes. */
export interface CompiledSearch {
  lexemes: string[];
  any: string;
  all: string;
}

export interface SearchTotal {
  total: number;
  /** True when `total` only says there are at least that many matches. */
  atLeast: boolean;
}

/**
 * The statistics must promise this many times the rows a count would stop at before it is
 * skipped. They come from a sample of 30 000 videos and may be up to an hour old (autovacuum's
 * analyze, or maintenance/embedded-vacuum.ts), so a word must have lost nine in ten of its
 * published videos since for the promise to be wrong, and video-feed.ts still counts when a page
 * then comes back short.
 */
const SURE_FACTOR = 10;

/**
 * Recently searched texts as Postgres compiled them (their lexemes and tsqueries; the count query
 * returns them). They are a function of the text alone, so they never go stale; a text's first
 * search counts.
 */
const MAX_KNOWN_TEXTS = 1_000;
const knownTexts = new Map<string, CompiledSearch>();

function learn(words: string, compiled: CompiledSearch): void {
  knownTexts.delete(words);
  knownTexts.set(words, compiled);
  if (knownTexts.size > MAX_KNOWN_TEXTS)
    knownTexts.delete(knownTexts.keys().next().value as string);
}

/** A total, with the text's compiled form when it is plain words. */
type Counted = SearchTotal & { compiled?: CompiledSearch };

/**
 * True when more than `n` published videos surely hold at least one of `lexemes`: the most common
 * one's share of the published catalogue is SURE_FACTOR × n or more. A match is any of the words,
 * so the most common one alone is a lower bound; words outside the statistics count for nothing.
 */
export function surelyMatchesMoreThan(
  stats: LexemeStats | undefined,
  lexemes: readonly string[] | null | undefined,
  n: number,
): boolean {
  if (!stats || !lexemes?.length) return false;
  const share = Math.max(...lexemes.map((lexeme) => stats.shares.get(lexeme) ?? 0));
  return share * stats.published >= SURE_FACTOR * n;
}

/** Where a search looks, and the page it is for. */
export interface SearchScope {
  where: SQL | undefined;
  /** `where` without the search's own condition (published, channel, tag, filters). */
  base?: SQL | undefined;
  search: SearchQueries;
  /** Whether a channel or tag narrows the search: the statistics are of the whole catalogue. */
  narrowed: boolean;
  cap: number;
  offset: number;
  limit: number;
  /**
   * Set when the search postings can answer its relevance order (search-postings.ts): plain words
   * or one quoted phrase over the whole catalogue, with upload date and duration filters only.
   */
  postings?: {
    plain: string;
    phraseOnly: boolean;
    filters: PostingFilters;
    /** The query as typed, trimmed, for the channels it names (named-channels.ts). */
    channelName: string;
  };
}

/**
 * The number of matches, exact up to `cap` (SEARCH_COUNT_CAP). Past it, counting stops one row
 * after the cap or after the requested page, whichever is further: the answer is then "at least
 * n" with n greater than every row shown so far, so a client paging while offset < total keeps
 * paging to the last match, and no request counts more rows than its own page reads.
 */
export async function countSearch(db: Db, scope: SearchScope): Promise<Counted> {
  const stopAt = countStop(scope);
  const { search } = scope;
  // The `offset 0` fence has the planner read the matches as if it needed all of them: through
  // the search index for a word in a few percent of videos, by scanning for a common one. Planned
  // for the limit, it scanned for both, reading stopAt / share videos: 25 000 rows for the 1 001
  // "guitar riff" matches at 100 000 videos, 2.2 ms against 1.2 through the index (PostgreSQL).
  // A plain-words query also answers how Postgres compiles it, at no extra round trip.
  const compiledColumns = search.lexemes
    ? sql`${search.lexemes}::text[] as lexemes, ${search.any}::text as "any", ${search.all}::text as "all"`
    : sql`null::text[] as lexemes, null as "any", null as "all"`;
  const counted = sql`(select count(*)::int from (
      select 1 from (select 1 from ${videos} where ${scope.where} offset 0) as s limit ${stopAt}
    ) as m)`;
  const bound = wordBound(scope);
  // Evaluated lazily: the matches are counted only when the words' counts leave it open.
  const matches = bound
    ? sql`case when ${bound} >= ${stopAt} then ${stopAt} else ${counted} end`
    : counted;
  const result = await db.execute(sql`select ${matches} as n, ${compiledColumns}`);
  type Row = { n: number; lexemes: string[] | null; any: string | null; all: string | null };
  const [row] = (result as { rows: Row[] }).rows;
  const n = Number(row?.n ?? 0);
  const total = { total: n, atLeast: n >= stopAt };
  if (!row?.lexemes || row.any === null || row.all === null || search.words === undefined) {
    return total;
  }
  const compiled = { lexemes: row.lexemes, any: row.any, all: row.all };
  learn(search.words, compiled);
  return { ...total, compiled };
}

/**
 * The most published videos any one word of a plain-words search holds in its title or tags
 * (search_words.videos, trigger-kept by migration 0024): each of them matches the search, so the
 * search has at least that many matches. Only for a search over the whole catalogue (a filter,
 * channel or tag narrows it to videos the counts do not describe) matching any of its words (a
 * quoted phrase needs all). A stop word matches nothing and has no say; the words are tokenized
 * as the vocabulary's (the simple configuration of the same parser).
 */
function wordBound({ narrowed, search }: SearchScope): SQL | undefined {
  if (narrowed || search.conjunctive || search.words === undefined) return undefined;
  return sql`(select max(w.videos) from ${searchWords} as w
    where w.word = any(tsvector_to_array(to_tsvector('simple'::regconfig, ${search.words})))
      and numnode(plainto_tsquery('english', w.word)) > 0)`;
}

/** Where counting stops: one row past the cap or past the requested page, whichever is further. */
export function countStop({
  cap,
  offset,
  limit,
}: Pick<SearchScope, 'cap' | 'offset' | 'limit'>): number {
  return Math.max(cap, offset + limit) + 1;
}

/** The text's compiled form, when an earlier search of it was counted. */
export function knownCompiled(search: SearchQueries): CompiledSearch | undefined {
  return search.words === undefined ? undefined : knownTexts.get(search.words);
}

/**
 * The search's total as countSearch would answer it and, for plain words, the compiled query.
 * `estimated` says the count was skipped because the statistics
 * promise more matches than it would reach.
 */
export async function searchTotal(
  db: Db,
  scope: SearchScope,
  stats: LexemeStats | undefined,
): Promise<Counted & { estimated: boolean }> {
  const known = knownCompiled(scope.search);
  const stopAt = countStop(scope);
  // A phrase needs all its words: no one word's share bounds its matches from below.
  const sure = !scope.search.conjunctive && surelyMatchesMoreThan(stats, known?.lexemes, stopAt);
  if (known && !scope.narrowed && sure) {
    return { total: stopAt, atLeast: true, compiled: known, estimated: true };
  }
  return { ...(await countSearch(db, scope)), estimated: false };
}
