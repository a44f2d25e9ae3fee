/**
 * How a broad search reads its newest matches: by walking the feed index newest first and testing
 * each video, or through the search index, sorting every match. The walk reads about
 * windowEnd / share videos, the index read share × catalogue matches, so the walk wins for a
 * common word and loses for a word in a few percent of the catalogue: at 100 000 videos, reading
 * "guitar riff" (4 % of videos) through the index took 4.7 ms in the embedded database against
 * 11 ms for the walk; "music" (25 %) 35 ms against 1.8. The planner decides the same way, but it
 * prices testing a video far below what it costs and counted on matches spread evenly over time
 * (the walk read twice the videos it expected), so it walked for both.
 *
 * The share comes from the planner's own statistics of the search document (the most common
 * lexemes and the share of videos holding each, kept by ANALYZE and autovacuum), read once per
 * REFRESH_MS by each database's SearchStatistics (in the app's context). Without statistics (a
 * database never analyzed) the planner decides.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { videoCounts } from '../db/schema.js';
import { CANDIDATES, type CandidatePaths, type SourcePath } from './video-search.js';

const REFRESH_MS = 10 * 60_000;
/**
 * The walk's cost grows without bound when the matches sit in older videos than the statistics
 * suggest, the index read's never beyond the match count; so the walk must look this many times
 * cheaper before it is chosen.
 */
const WALK_RISK = 2;

export interface LexemeStats {
  /** Share of videos (0–1) whose search document holds the lexeme, for the most common ones. */
  shares: Map<string, number>;
  /** What a lexeme outside `shares` is taken to have: half the least common one's share. */
  otherShare: number;
  /**
   * The same for titles alone (the statistics of videos_title_search_idx's expression), when
   * ANALYZE has read them: relevance's title candidates (video-search.ts).
   */
  title?: { shares: Map<string, number>; otherShare: number };
  /** The planner's estimate of the catalogue's size. */
  videos: number;
  /** Published videos (the trigger-kept feed total), when the statistics were read. */
  published: number;
}

async function readStats(db: Db): Promise<LexemeStats | undefined> {
  const result = await db.execute(sql`
    select s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs as freqs,
           c.reltuples::float8 as videos,
           (select ${videoCounts.n} from ${videoCounts}
             where ${videoCounts.scope} = 'all' and ${videoCounts.key} = '')::float8 as published,
           t.most_common_elems::text::text[] as "titleElems",
           t.most_common_elem_freqs as "titleFreqs"
    from pg_stats s
    join pg_namespace n on n.nspname = s.schemaname
    join pg_class c on c.relnamespace = n.oid and c.relname = s.tablename
    left join pg_stats t on t.schemaname = s.schemaname
      and t.tablename = 'videos_title_search_idx' and t.attname = 'to_tsvector'
    where s.schemaname = current_schema() and s.tablename = 'videos'
      and s.attname = 'search_vector'`);
  type Row = {
    elems: string[];
    freqs: number[];
    videos: number;
    published: number | null;
    titleElems: string[] | null;
    titleFreqs: number[] | null;
  };
  const [row] = (result as { rows: Row[] }).rows;
  if (!row?.elems?.length || !row.freqs || !(row.videos > 0)) return undefined;
  const sharesOf = (elems: string[], freqs: number[]) => {
    const shares = new Map(elems.map((lexeme, i) => [lexeme, Number(freqs[i])]));
    return { shares, otherShare: Math.min(...shares.values()) / 2 };
  };
  const title =
    row.titleElems?.length && row.titleFreqs ? sharesOf(row.titleElems, row.titleFreqs) : undefined;
  return {
    ...sharesOf(row.elems, row.freqs),
    ...(title ? { title } : {}),
    videos: Number(row.videos),
    published: Number(row.published ?? 0),
  };
}

/** The statistics of one database's search document, as last read. */
export class SearchStatistics {
  readonly #db: Db;
  #read: { stats: LexemeStats | undefined; at: number } | undefined;
  #refreshing = false;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * The statistics. The first call waits for them; later calls answer at once and refresh them
   * in the background once they are REFRESH_MS old (the old ones serve until that succeeds).
   */
  async current(now = Date.now()): Promise<LexemeStats | undefined> {
    if (!this.#read) {
      this.#read = { stats: await readStats(this.#db), at: now };
    } else if (now - this.#read.at > REFRESH_MS && !this.#refreshing) {
      this.#refreshing = true;
      readStats(this.#db)
        .then((stats) => (this.#read = { stats, at: Date.now() }))
        .catch(() => {}) // the old statistics serve until the next try
        .finally(() => (this.#refreshing = false));
    }
    return this.#read.stats;
  }
}

/**
 * True when `windowEnd` matches of a query holding `lexemes` (any of them; all of them with
 * `combine` 'all') are cheaper to read through the search index, false when by walking the feed
 * or popularity index, undefined when the statistics cannot tell (the planner then decides).
 */
export function readsThroughSearchIndex(
  stats: LexemeStats | undefined,
  lexemes: readonly string[] | null,
  windowEnd: number,
  combine: 'any' | 'all' | 'title' = 'any',
): boolean | undefined {
  if (!stats || !lexemes?.length) return undefined;
  const of = combine === 'title' ? stats.title : stats;
  if (!of) return undefined;
  const shares = lexemes.map((lexeme) => of.shares.get(lexeme) ?? of.otherShare);
  // All words (in the title too): at most the rarest one's share.
  const share =
    combine === 'any'
      ? Math.min(
          1,
          shares.reduce((sum, one) => sum + one, 0),
        )
      : Math.min(...shares);
  // Index read: share × videos rows; walk: windowEnd / share rows, each about as costly.
  return share * stats.videos * share < WALK_RISK * windowEnd;
}

/**
 * How a broad search reads its candidates (video-search.ts): through the search index or by a
 * walk, as the statistics say (a channel, tag or filter narrowing the search is taken to hold
 * the words as often as the catalogue does; the walk reads only videos it keeps, and at most
 * SCAN_BUDGET); PostgreSQL chooses without statistics.
 */
export function candidatePaths(
  stats: LexemeStats | undefined,
  lexemes: readonly string[] | null,
  conjunctive = false,
): CandidatePaths {
  const path = (through: boolean | undefined): SourcePath =>
    through === undefined ? 'planner' : through ? 'index' : 'walk';
  return {
    any: path(readsThroughSearchIndex(stats, lexemes, CANDIDATES, conjunctive ? 'all' : 'any')),
    all: path(readsThroughSearchIndex(stats, lexemes, CANDIDATES, 'all')),
    title: path(readsThroughSearchIndex(stats, lexemes, CANDIDATES, 'title')),
  };
}
