/**
 * Suggestions while typing (issue 31, `GET /search/suggestions`): completions of what is typed,
 * from others' searches that found videos, published titles, tags and channels, in one round trip
 * of index-backed prefix lookups (migration 0016's search_fold() indexes). Nothing unpublished:
 * titles and tags come from published videos only (tags through the trigger-kept counts of
 * published videos), channels only when they have a published video, and a searched query only
 * while the published video that held all its words when last searched is still published.
 *
 * Two kinds of completion:
 * - of the whole text: a searched query, title, tag or channel name that starts with it
 *   ("no-knead b" → "No-Knead Bread: The Only Recipe You Need");
 * - of its last word: a title with a word starting with it and the other typed words anywhere
 *   ("bre" or "recipe kne" → "No-Knead Bread: The Only Recipe You Need"), for a last word of 3
 *   characters or more (shorter ones start too many words). Not a tag glued after the other
 *   words: "crème b" → "crème baking" would offer what no video holds. One word typed: the 16
 *   words of the search vocabulary starting with it that most videos hold, and the most popular
 *   titles holding them, from the search postings (migration 0027); within a popularity step
 *   (views about 5 % apart) which titles come is the index's choice. More words typed: the
 *   full-text index's first 128 matches, ranked by views among them.
 * Completions of the whole text come first, as the large sites show them; within each, the more
 * popular first (see `score`).
 */
import { sql } from 'drizzle-orm';
import { SUGGESTIONS_MAX, type Suggestion, type SuggestionKind } from '../../contract/search.js';
import { statementSet, type PreparedStatements } from '../db/prepared.js';
import { SEARCH_LOG_MIN_COUNT } from './search-log.js';

/** The last word needs this many characters before titles are searched word by word. */
const WORD_PREFIX_MIN = 3;
/**
 * Candidates read per source: enough to fill the answer after duplicates are dropped. The search
 * of the last word reads eight times as many matches and keeps the most viewed of them.
 */
const PER_SOURCE = SUGGESTIONS_MAX * 2;

interface Row {
  kind: SuggestionKind;
  text: string;
  popularity: number;
  /** Whether the row completes the whole text (else its last word). */
  whole: boolean;
}

/**
 * Lower case without accents, as SQL's search_fold() reads it (for de-duplicating here; lookups
 * fold in SQL so both sides are folded by the same function).
 */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Trimmed, inner spaces collapsed to one: the text as typed, ready to complete. */
export function normaliseTyped(text: string): string {
  return text.trim().replace(/\s+/gu, ' ');
}

/** A prefix tsquery over title words: every typed word, the last one as a prefix ('a:A & b:*A'). */
export function titleWordQuery(typed: string): string | null {
  const words = typed
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const last = words.at(-1);
  if (!last || last.length < WORD_PREFIX_MIN || /[^\p{L}\p{N}]$/u.test(typed)) return null;
  return [...words.slice(0, -1).map((w) => `${w}:A`), `${last}:*A`].join(' & ');
}

/**
 * How popular a row is, in one currency across kinds: roughly, how many searches it stands for.
 * A query counts its searches; a tag its published videos; a channel ten subscribers to a search,
 * a title a hundred views (a view is far cheaper than a search or a subscription). Ties go to the
 * kind that says most about what searchers want: queries, then channels, tags, titles. Every
 * completion of the whole text comes before any completion of the last word alone.
 */
const SCALE: Record<SuggestionKind, number> = { query: 1, channel: 10, tag: 1, title: 100 };
const TIE: Record<SuggestionKind, number> = { query: 3e-6, channel: 2e-6, tag: 1e-6, title: 0 };
const score = (row: Row) =>
  (row.whole ? 1000 : 0) +
  Math.log1p(Math.max(0, row.popularity) / SCALE[row.kind]) +
  TIE[row.kind];

/** Ranks, drops case- and accent-insensitive duplicates (the better one stays), keeps the first max. */
export function rankSuggestions(rows: readonly Row[], max = SUGGESTIONS_MAX): Suggestion[] {
  const seen = new Set<string>();
  const out: Suggestion[] = [];
  for (const row of [...rows].sort((a, b) => score(b) - score(a))) {
    const key = fold(normaliseTyped(row.text));
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ text: row.text, kind: row.kind });
    if (out.length === max) break;
  }
  return out;
}

/**
 * The candidates of every source, in one call of search_suggestion_candidates() (migrations
 * 0019, 0026 and 0027: the sources' statements live there, planned once per connection and kept
 * off sequential scans).
 */
const suggestionStatements = statementSet((db) => ({
  candidates: db
    .select({
      kind: sql<SuggestionKind>`kind`,
      text: sql<string>`text`,
      popularity: sql<number>`popularity`.mapWith(Number),
      whole: sql<boolean>`whole`,
    })
    .from(
      sql`search_suggestion_candidates(${sql.placeholder('typed')}, ${sql.placeholder('words')},
        ${sql.placeholder('perSource')}, ${sql.placeholder('queriesMax')},
        ${sql.placeholder('minCount')})`,
    )
    .prepare('search_suggestions'),
}));

/** The suggestions for `typed` (already normalised, non-empty), best first. */
export async function suggest(
  statements: PreparedStatements,
  typed: string,
): Promise<Suggestion[]> {
  const rows = await statements.of(suggestionStatements).candidates.execute({
    typed,
    words: titleWordQuery(typed),
    perSource: PER_SOURCE,
    queriesMax: SUGGESTIONS_MAX,
    minCount: SEARCH_LOG_MIN_COUNT,
  });
  return rankSuggestions(rows.map((row) => ({ ...row, whole: Boolean(row.whole) })));
}
