/**
 * Spelling correction of a search (issue 31): a word of the query that matches no published video
 * is replaced by the most similar word of the search vocabulary (search_words: the words of
 * published titles and tags and of channel names, trigger-kept by migration 0015) by pg_trgm's
 * trigram similarity, at least pg_trgm's default 0.3 (its `%` operator, which the vocabulary's
 * trigram index serves). Among similar words a frequent one wins: the score is the similarity plus
 * FREQUENCY_WEIGHT × ln(the number of videos and channels holding the word), so "bred" becomes
 * "bread" of 30 videos rather than "bred" of one when both are about as close.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { shapedText } from '../db/fixed-text.js';
import { searchWords, videos } from '../db/schema.js';
import { queryWords, WEBSEARCH_SYNTAX } from './video-search.js';

/** Weight of a word's frequency against its similarity: ×e more videos is worth 0.02 similarity. */
const FREQUENCY_WEIGHT = 0.02;

/**
 * A search with fewer matches than this is offered a correction ("Did you mean"); one with none
 * shows the corrected query's results instead ("Showing results for").
 */
export const SPELLING_FEW = 5;

/** How many word counts get a named correction statement (the first seen; fixed-text.ts). */
const MAX_NAMED_WORD_COUNTS = 8;

/**
 * The query with each word that matches no published video replaced by its nearest vocabulary
 * word, lower-cased; undefined when no word needed or found a replacement. Web-search syntax
 * ("phrase", -word, or) is taken as typed.
 */
export async function correctedQuery(db: Db, text: string): Promise<string | undefined> {
  if (WEBSEARCH_SYNTAX.test(text)) return undefined;
  const words = queryWords(text).map((word) => word.toLowerCase());
  if (words.length === 0) return undefined;
  const list = sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  );
  const statement = sql`
    select q.ord::int as ord, (
      select s.word from ${searchWords} as s
      where s.word % q.word
      order by similarity(s.word, q.word) + ${FREQUENCY_WEIGHT} * ln(greatest(s.n, 1)) desc, s.word
      limit 1
    ) as fix
    from unnest(array[${list}]::text[]) with ordinality as q(word, ord)
    where numnode(plainto_tsquery('english', q.word)) > 0
      and not exists (
        select 1 from ${videos}
        where ${videos.isPublished} = true
          and ${videos.searchVector} @@ plainto_tsquery('english', q.word)
      )`;
  // Its text varies only with the number of words: named per count (fixed-text.ts), it is planned
  // once instead of on every search that found few (on the embedded database's one thread, a
  // typo's search spent most of its time planning).
  const result = await db.execute(
    shapedText('spelling-correction', String(words.length), statement, MAX_NAMED_WORD_COUNTS),
  );
  const fixes = (result as { rows: { ord: number; fix: string | null }[] }).rows;
  let changed = false;
  for (const { ord, fix } of fixes) {
    if (fix && fix !== words[ord - 1]) {
      words[ord - 1] = fix;
      changed = true;
    }
  }
  return changed ? words.join(' ') : undefined;
}
