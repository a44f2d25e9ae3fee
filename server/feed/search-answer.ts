/**
 * A search's page and its total. Plain words or one quoted phrase in relevance order or sorted by
 * views are read from the search postings, page and total in one statement (search-postings.ts,
 * search-postings-sorted.ts). For the others:
 * when the statistics say a search's matches are few enough to be read all through the search
 * index (search-density.ts), its page reads every match anyway (the relevance order ranks them
 * all, a chosen sort sorts them all), so the statement that reads the page counts them too
 * (`count(*) over ()`) and no count statement is sent: on the embedded database, whose one thread
 * serves requests one after another, counting "guitar riff"'s 1 001 matches read 4 300 heap pages
 * of the 5 250 its page read again. Otherwise the total is counted (or promised by the
 * statistics, search-total.ts) first, and the page is read as it says.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { videos } from '../db/schema.js';
import type { VideoItemRow } from '../videos/index.js';
import { candidatePaths, readsThroughSearchIndex, type LexemeStats } from './search-density.js';
import {
  countSearch,
  countStop,
  knownCompiled,
  searchTotal,
  type SearchScope,
  type SearchTotal,
} from './search-total.js';
import { countedSortedPage, sortedPage, type SortShape } from './sorted-page.js';
import { postingsPage, queryTerms } from './search-postings.js';
import { postingsPageByViews } from './search-postings-sorted.js';
import { countedRelevantSearch, relevantSearch, type RankPlan } from './video-search.js';

export interface SearchAnswer {
  rows: VideoItemRow[];
  total: SearchTotal;
  /**
   * The ids of the channels the query names, when the statement asked (the postings' do:
   * named-channels.ts); undefined when it did not.
   */
  named?: string[];
}

/** Whether the search postings answer `scope` in `sort` (search-postings.ts). */
export function readsPostings(
  scope: SearchScope,
  sort: SortShape,
): scope is SearchScope & Required<Pick<SearchScope, 'postings'>> {
  return scope.postings !== undefined && (!sort.sortBy || sort.sortBy === 'views');
}

/** The page of `scope` in relevance order, or in `sort`'s when it names one, and the total. */
export async function searchAnswer(
  db: Db,
  scope: SearchScope,
  stats: LexemeStats | undefined,
  sort: SortShape,
): Promise<SearchAnswer> {
  if (readsPostings(scope, sort)) {
    return postingsAnswer(db, scope, scope.postings, stats, sort);
  }
  const counted = await pageOfEveryMatch(db, scope, stats, sort);
  if (counted) return counted;
  const total = await searchTotal(db, scope, stats);
  return searchPage(db, scope, stats, total, sort);
}

/**
 * The relevance page, or the page sorted by views (search-postings-sorted.ts), and the total,
 * read from the search postings (search-postings.ts).
 */
async function postingsAnswer(
  db: Db,
  scope: SearchScope,
  { plain, phraseOnly, filters, channelName }: NonNullable<SearchScope['postings']>,
  stats: LexemeStats | undefined,
  sort: SortShape,
): Promise<SearchAnswer> {
  const terms = await queryTerms(db, plain);
  // Stop words only: the search document holds none of them, so nothing matches.
  if (terms.lexemes.length === 0) return { rows: [], total: { total: 0, atLeast: false } };
  const shareOf = (lexeme: string) => stats?.shares.get(lexeme) ?? stats?.otherShare ?? 0;
  const { cap, offset, limit } = scope;
  const search = { plain, channelName, terms, phraseOnly, filters, shareOf, cap, offset, limit };
  if (sort.sortBy === 'views') return postingsPageByViews(db, search, sort.sortType);
  return postingsPage(db, search);
}

/** Every match of `where`, read through the search index (the `offset 0` fence keeps it so). */
function everyMatch(where: SQL | undefined): SQL | undefined {
  return and(sql`${videos.id} in (select ${videos.id} from ${videos} where ${where} offset 0)`);
}

/**
 * The page and total in one statement when the page is sure to read every match (a text searched
 * before, whose lexemes are known; see the head of this file), else undefined.
 */
async function pageOfEveryMatch(
  db: Db,
  scope: SearchScope,
  stats: LexemeStats | undefined,
  sort: SortShape,
): Promise<SearchAnswer | undefined> {
  const lexemes = knownCompiled(scope.search)?.lexemes;
  if (!lexemes) return undefined;
  const { where, search, offset, limit } = scope;
  let found: { rows: VideoItemRow[]; matches: number | undefined };
  if (sort.sortBy) {
    // searchPage's `few` whatever the count says.
    const few = !scope.narrowed && readsThroughSearchIndex(stats, lexemes, offset + limit);
    if (few !== true) return undefined;
    found = await countedSortedPage(db, everyMatch(where), sort, offset);
  } else {
    // searchPage ranks every match when the count is exact, and past the cap on this path.
    if (candidatePaths(stats, lexemes, search.conjunctive).any !== 'index') return undefined;
    found = await countedRelevantSearch(db, where, search, offset, limit);
  }
  const { rows, matches } = found;
  if (matches === undefined) {
    // No row carried the count: the first page of no match, or a page past the last one.
    if (offset === 0) return { rows, total: { total: 0, atLeast: false } };
    return { rows, total: await countSearch(db, scope) };
  }
  // Capped as countSearch caps it.
  const stopAt = countStop(scope);
  return { rows, total: { total: Math.min(matches, stopAt), atLeast: matches >= stopAt } };
}

/**
 * A search's page: in the chosen sort, or by relevance (video-search.ts) over every match when
 * the total is exact (at most the cap), else over the bounded candidates, read as the statistics
 * say. A short page ends the matches before a promised total: the statistics were wrong, and the
 * total is counted.
 */
async function searchPage(
  db: Db,
  scope: SearchScope,
  stats: LexemeStats | undefined,
  total: SearchTotal & { estimated?: boolean; compiled?: { lexemes: string[] } },
  sort: SortShape,
): Promise<SearchAnswer> {
  const { where, search, offset, limit } = scope;
  const lexemes = total.compiled?.lexemes ?? null;
  let rows: VideoItemRow[];
  if (sort.sortBy) {
    // Few matches (an exact total, or a rare word by the statistics) are read through the search
    // index and sorted: walking the sort's index for them could read the whole catalogue (a rare
    // word sorted by views took 1.6 s at 100 000 videos).
    const few =
      !total.atLeast ||
      (!scope.narrowed && readsThroughSearchIndex(stats, lexemes, offset + limit) === true);
    rows = await sortedPage(db, few ? everyMatch(where) : where, sort, offset);
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
