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
 *   ("bre" or "recipe kne" → "No-Knead Bread: The Only Recipe You Need"), through the full-text
 *   index, for a last word of 3 characters or more (shorter ones start too many words). Not a tag
 *   glued after the other words: "crème b" → "crème baking" would offer what no video holds.
 *   The index gives the first matches it finds (at most 128), ranked by views among them: exact
 *   for a rare word, a sample for a word hundreds of titles hold.
 * Completions of the whole text come first, as the large sites show them; within each, the more
 * popular first (see `score`).
 */
import { sql, type SQL } from 'drizzle-orm';
import { SUGGESTIONS_MAX, type Suggestion, type SuggestionKind } from '../../contract/search.js';
import type { Db } from '../db/client.js';
import { SEARCH_LOG_MIN_COUNT } from './search-log.js';

/** The last word needs this many characters before titles are searched word by word. */
const WORD_PREFIX_MIN = 3;
/** Candidates read per source: enough to fill the answer after duplicates are dropped. */
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
function titleWordQuery(typed: string): string | null {
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

/** Titles with a word starting with the last typed word (after the other typed words). */
const titleWordMatches = (words: string) => sql`
    union all
    (select 'title', title, views::float8, false
      from (select title, views, views_tier from videos
        where is_published and search_vector @@ to_tsquery('english', ${words})
        limit ${PER_SOURCE * 8}) as word_matches
      order by views_tier desc, views desc limit ${PER_SOURCE})`;

/** The suggestions for `typed` (already normalised, non-empty), best first. */
export async function suggest(db: Db, typed: string): Promise<Suggestion[]> {
  // Every source is an index lookup; with a LIMIT the planner may still guess that scanning
  // videos finds enough title words early, which for a rare word reads the whole table.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return tx.execute(suggestionsStatement(typed));
  });
  const { rows } = result as {
    rows: { kind: SuggestionKind; text: string; popularity: number; whole: boolean }[];
  };
  return rankSuggestions(
    rows.map((r) => ({ ...r, popularity: Number(r.popularity), whole: Boolean(r.whole) })),
  );
}

/** The one statement reading every source's candidates for `typed` (bench/suggestions.ts prints its plans). */
export function suggestionsStatement(typed: string): SQL {
  const words = titleWordQuery(typed);
  // A prefix is the range [p, p || U+10FFFF) of the folded column, in byte order.
  const starts = (column: ReturnType<typeof sql>, prefix: string) =>
    sql`search_fold(${column}) ~>=~ search_fold(${prefix})
      and search_fold(${column}) ~<~ (search_fold(${prefix}) || chr(1114111))`;
  return sql`
    (select 'query' as kind, text, count::float8 as popularity, true as whole
      from (select text, count, video_id from search_queries
        where ${starts(sql`text`, typed)} and count >= ${SEARCH_LOG_MIN_COUNT}
        order by count desc limit ${SUGGESTIONS_MAX}) as most_searched
      -- A video unpublished or deleted since must not speak through a search of its words.
      where exists (select 1 from videos
        where id = most_searched.video_id and is_published))
    union all
    (select 'title', title, views::float8, true
      from videos
      where is_published and ${starts(sql`title`, typed)}
      order by views_tier desc, views desc limit ${PER_SOURCE})
    union all
    (select 'channel', case when ${starts(sql`full_name`, typed)} then full_name else user_name end,
        subscriber_count::float8, true
      from users u
      where (${starts(sql`full_name`, typed)} or ${starts(sql`user_name`, typed)})
        and exists (select 1 from video_counts c
          where c.scope = 'owner' and c.key = u.id and c.n > 0)
      order by subscriber_count desc limit ${PER_SOURCE})
    union all
    (select 'tag', key, n::float8, true
      from video_counts
      where scope = 'tag' and n > 0 and ${starts(sql`key`, typed)}
      order by n desc limit ${PER_SOURCE})
    ${words === null ? sql`` : titleWordMatches(words)}
  `;
}
