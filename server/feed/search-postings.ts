/**
 * A search's ranked page read from search_postings (migration 0025) in relevance order: a term's
 * rows in its rank index are its matches ordered as relevance orders them (field, popularity,
 * date, id), so a page reads about the page's rows per term instead of ranking every match
 * (ranking "guitar riff"'s 2 000 matches read 1 800 heap pages per request).
 *
 * Relevance, as video-search.ts orders the other searches (docs/decisions.md):
 *   1. the phrase (a plain query of several words, every pair of its words one after the other in
 *      a field) before all words scattered, before some words;
 *   2. within the phrase group, the field the phrase is in; within all words, the field every word
 *      reaches (all in the title 3, all in title or tags 2, else 1); within some words, the best
 *      field any word is in;
 *   3. popularity (views_tier), then freshness (created_at), then id: a total order, so pages
 *      never repeat or skip a video.
 * Each group's first `offset + limit` are read and the groups joined (a video keeps its best
 * group), which is exact: a group's next video ranks below those read, and a group is only reached
 * when the ones above it hold fewer than the page's end.
 *
 * - Some words: each word's first `offset + limit` rows, merged (a video's best field is in some
 *   word's first rows, or more than that many videos rank above it).
 * - All words, and a phrase of several pairs: none when a term is in no video (one probe each);
 *   when the rarest term's first SAMPLE rows hold every term SAMPLE_HITS times or more, a walk by
 *   level (3, 2, 1): the rarest term's rows of fields at or above the level in popularity order,
 *   each probed for the other terms in the membership index, kept when the lowest field is the
 *   level; it stops at the page's end (after about k × SAMPLE / hits rows) or after WALK_BUDGET
 *   rows per level. Else few videos hold them all, and the search document's GIN index
 *   intersects the words' lists without reading them in order ("night train ferry": none among
 *   20 000 titles per word, where the walk read its whole budget to learn that).
 * The total counts the matches of any word up to the cap (each word's rows up to the cap first:
 * one past it already says "at least"); a quoted phrase's, its phrase group's.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { arrayLiteral } from '../db/array-literal.js';
import { shapedText } from '../db/fixed-text.js';
import { users, videos } from '../db/schema.js';
import { namedChannelsOf } from './named-channels.js';
import type { VideoItemRow } from '../videos/index.js';

/** Rows of the rarest term one level of a conjunctive walk reads at most. */
export const WALK_BUDGET = 20_000;
/**
 * Statement texts per site run as named statements (fixed-text.ts): a text's shape is the number
 * of words and pairs and which filters are set; the words themselves are bound values. A named
 * text with its plan holds about 0.3 MB on each connection (PostgreSQL's memory contexts, three
 * words), so two statements of 16 shapes hold at most about 10 MB per connection.
 */
export const SHAPES = 16;
/**
 * Both search statements run on one plan for all words (fixed-text.ts, `genericPlan`). Left to
 * choose, PostgreSQL planned some shapes for their words on every run (a phrase, two or three
 * words sorted by views: 30 custom plans of 30), and planning them cost more than their generic
 * plans' runs took (docs/bench.md, issue 31).
 */
export const GENERIC_PLAN = { genericPlan: true };
/** What a statement's text varies with: the number of words and pairs, and which filters are set. */
export function shapeOf({ terms, phraseOnly, filters }: PostingsSearch): string {
  const { sinceHours, minDuration, maxDuration } = filters;
  const set = (value: unknown) => (value === undefined || value === null ? 0 : 1);
  return [
    terms.lexemes.length,
    terms.pairs.length,
    phraseOnly ? 1 : 0,
    set(sinceHours),
    set(minDuration),
    set(maxDuration),
  ].join(' ');
}

/** Query texts whose terms are remembered (they depend on the text alone). */
const MAX_KNOWN_TEXTS = 1_000;

/** A query's terms as the postings hold them. */
export interface QueryTerms {
  /** Its lexemes, each once, in the order typed. */
  lexemes: string[];
  /** Each lexeme with the next one ("guitar riff"), each once. */
  pairs: string[];
}

/** The upload date and duration filters, tested on a posting's own columns. */
export interface PostingFilters {
  sinceHours?: number | undefined;
  minDuration?: number | null | undefined;
  maxDuration?: number | null | undefined;
}

export interface PostingsSearch {
  /** The query's words separated by spaces, as typed. */
  plain: string;
  /** The query as typed, trimmed: the channels it names are asked in the same statement. */
  channelName: string;
  terms: QueryTerms;
  /** A quoted phrase: only the phrase's matches are matches. */
  phraseOnly: boolean;
  filters: PostingFilters;
  /** Share of videos holding a lexeme (search-density.ts's statistics), to pick the rarest. */
  shareOf: (lexeme: string) => number;
  cap: number;
  offset: number;
  limit: number;
}

const knownTerms = new Map<string, QueryTerms>();

/** The terms of `plain` (words separated by spaces), compiled by the database once per text. */
export async function queryTerms(db: Db, plain: string): Promise<QueryTerms> {
  const known = knownTerms.get(plain);
  if (known) return known;
  const result = await db.execute(sql`
    with w as (
      select u.lexeme, pos from unnest(to_tsvector('english', ${plain})) as u (lexeme, positions, weights),
        unnest(u.positions) as pos
    )
    select array(select lexeme from w group by lexeme order by min(pos)) as lexemes,
           array(select distinct p.pair from (
             select lexeme || ' ' || lead(lexeme) over (order by pos) as pair from w
           ) as p where p.pair is not null) as pairs`);
  const [row] = (result as { rows: { lexemes: string[]; pairs: string[] }[] }).rows;
  const terms = { lexemes: row?.lexemes ?? [], pairs: row?.pairs ?? [] };
  knownTerms.set(plain, terms);
  if (knownTerms.size > MAX_KNOWN_TEXTS) {
    knownTerms.delete(knownTerms.keys().next().value as string);
  }
  return terms;
}

export const POSTINGS = sql.raw('search_postings');
const ROW_COLUMNS = sql.raw('video_id, field, views_tier, created_at');
const POPULAR_ORDER = sql.raw('views_tier desc, created_at desc, video_id');
const RANK_ORDER = sql.raw('field desc, views_tier desc, created_at desc, video_id');

/**
 * The search's terms and filters, each bound once: the statement opens with this CTE of two
 * lists, its lexemes and its pairs, the rarest first, and reads a term by its place in a list
 * (`TermRef`), a filter by its column (filterOf). Bound at each place it was read, a word of
 * three was sent 20 times or more: 118 values, each written into the Bind message on its own (in
 * a CPU profile of the API, writing strings, these values and the answer, was 0.38 ms of a
 * three-word request); 36 now. And since the places followed the rarest-first order, which place
 * held which word varied with the words; the order now lives in the values, so a shape's text is
 * the same for any words.
 */
export function termsBinding(search: PostingsSearch): SQL {
  const { sinceHours, minDuration, maxDuration } = search.filters;
  return sql`search_terms as materialized (
      select ${arrayLiteral(lexemesRarestFirst(search))}::text[] as lexemes,
             ${arrayLiteral(pairsRarestFirst(search))}::text[] as pairs,
             ${sinceHours ?? null}::int as since_hours,
             ${minDuration ?? null}::float8 as min_duration,
             ${maxDuration ?? null}::float8 as max_duration)`;
}

/** A term of the search as the statement reads it: its place in a bound list (termsBinding). */
export type TermRef = SQL;

const termAt = (list: 'lexemes' | 'pairs', i: number): TermRef =>
  sql.raw(`(select ${list}[${i + 1}] from search_terms)`);

/** The search's lexemes, the rarest first, as the statement reads them. */
export function lexemeRefs(search: PostingsSearch): TermRef[] {
  return search.terms.lexemes.map((_, i) => termAt('lexemes', i));
}

/** The search's pairs, the rarest first, as the statement reads them. */
export function pairRefs(search: PostingsSearch): TermRef[] {
  return search.terms.pairs.map((_, i) => termAt('pairs', i));
}

/** Every lexeme of the search, as one array (cast: `= any(…)` of a bare subquery reads rows). */
const ALL_LEXEMES = sql.raw('(select lexemes from search_terms)::text[]');

/** The filters that are set, as conditions on a posting's own columns (values: termsBinding). */
export function filterOf({ sinceHours, minDuration, maxDuration }: PostingFilters): SQL {
  const parts: string[] = [];
  if (sinceHours !== undefined) {
    parts.push(
      'and created_at >= now() - make_interval(hours => (select since_hours from search_terms))',
    );
  }
  if (minDuration !== undefined && minDuration !== null) {
    parts.push('and duration >= (select min_duration from search_terms)');
  }
  if (maxDuration !== undefined && maxDuration !== null) {
    parts.push('and duration < (select max_duration from search_terms)');
  }
  return sql.raw(parts.join(' '));
}

/** A constant of the code, written into the text (not a value: the same on every call). */
export const constant = (n: number): SQL => sql.raw(String(n));

/** A term's first `k` rows in relevance order. */
function firstRows(term: TermRef, filter: SQL, k: number): SQL {
  return sql`(select ${ROW_COLUMNS} from ${POSTINGS} where term = ${term} ${filter}
    order by ${RANK_ORDER} limit ${k})`;
}

/** Matches of any of `terms`: the first `k` by (best field, popularity, date, id). */
function anyTerm(terms: readonly TermRef[], filter: SQL, k: number): SQL {
  const parts = sql.join(
    terms.map((term) => firstRows(term, filter, k)),
    sql` union all `,
  );
  return sql`select video_id, max(field) as field, views_tier, created_at
    from (${parts}) as s group by video_id, views_tier, created_at`;
}

/**
 * Videos holding every one of `terms`: the first `k` by (lowest field, popularity, date, id),
 * walked from `terms[0]` (the rarest) level by level.
 */
function everyTerm(terms: readonly TermRef[], filter: SQL, k: number): SQL {
  const [driver, ...others] = terms as [TermRef, ...TermRef[]];
  const level = (at: number) => {
    const fields = [3, 2, 1].filter((field) => field >= at);
    // One ordered read per field, merged in popularity order (a Merge Append of index ranges).
    const ranges = sql.join(
      fields.map(
        (field) => sql`(select ${ROW_COLUMNS} from ${POSTINGS}
          where term = ${driver} and field = ${constant(field)} ${filter} order by ${POPULAR_ORDER})`,
      ),
      sql` union all `,
    );
    // Each other term's field is a scalar subquery: a probe of the membership index per walked
    // row, which keeps the walk in its order and lets the limit stop it (a join was planned as a
    // hash join that read both terms' rows to the budget).
    const probes = others.map(
      (term, i) => sql`(select o.field from ${POSTINGS} as o
        where o.video_id = m.video_id and o.term = ${term}) as ${sql.raw(`f${i}`)}`,
    );
    const probed = others.map((_, i) => sql.raw(`d.f${i}`));
    // A video without the term has no field (null), which least() would skip. The planner merges
    // the probes into these conditions, where each runs twice per row; fenced off (`offset 0`)
    // the walk lost its order and was sorted whole ("guitar riff" 1.1 → 218 ms).
    const holdsAll = sql.join(
      probed.map((field) => sql`${field} >= ${constant(at)}`),
      sql` and `,
    );
    const lowest = sql`least(d.field, ${sql.join(probed, sql`, `)})`;
    return sql`(select d.video_id, ${constant(at)}::smallint as field, d.views_tier, d.created_at
      from (
        select m.*, ${sql.join(probes, sql`, `)}
        from (select * from (${ranges}) as m order by ${POPULAR_ORDER}
          limit ${constant(WALK_BUDGET)}) as m
      ) as d
      where ${holdsAll} and ${lowest} = ${constant(at)}
      order by d.views_tier desc, d.created_at desc, d.video_id limit ${k})`;
  };
  // Without an order above them, the levels are read one after another and the limit stops the
  // read at the page's end: a level below is not walked when the ones above fill the page.
  return sql`select * from (${level(3)} union all ${level(2)} union all ${level(1)}) as a
    limit ${k}`;
}

/**
 * Videos holding every one of `terms` found through the search document's GIN index, which
 * intersects the words' lists of videos without reading them in order, each term's field probed in
 * the postings; the first `k` by (lowest field, popularity, date, id). For few such videos: "night
 * train ferry" has none in the bench catalogue, where each word is in 20 000 titles, and the walk
 * would read its whole budget to learn that. The words are the search's lexemes, which are the
 * words of its pairs too.
 */
function intersected(terms: readonly TermRef[], filter: SQL, k: number, shared?: SQL): SQL {
  const probes = terms.map(
    (term, i) => sql`(select o.field from ${POSTINGS} as o
      where o.video_id = v.id and o.term = ${term}) as ${sql.raw(`f${i}`)}`,
  );
  // Probed once per video (`offset 0` below: merged into the conditions, each ran twice).
  const probed = terms.map((_, i) => sql.raw(`c.f${i}`));
  const holdsAll = sql.join(
    probed.map((field) => sql`${field} is not null`),
    sql` and `,
  );
  return sql`select * from (
      select c.id as video_id, least(${sql.join(probed, sql`, `)}) as field, c.views_tier,
             c.created_at
      from (
        select v.id, v.views_tier, v.created_at, ${sql.join(probes, sql`, `)}
        from ${shared ?? everyWordMatches(filter)} as v
        offset 0
      ) as c
      where ${holdsAll}
    ) as x order by ${RANK_ORDER} limit ${k}`;
}

/**
 * Published videos holding every lexeme of the search, through the search document's GIN index
 * (quoted, the lexemes are taken as they are: no parsing or stemming again).
 */
function everyWordMatches(filter: SQL): SQL {
  return sql`(select id, views_tier, created_at from ${videos}
    where is_published and search_vector @@ (select string_agg(quote_literal(w), ' & ')::tsquery
      from unnest(${ALL_LEXEMES}) as w) ${filter})`;
}

/** Rows of the rarest term tested before choosing the walk or the GIN index. */
export const SAMPLE = 100;
/** Of them, this many holding every term make the walk the cheaper read. */
export const SAMPLE_HITS = 3;

/**
 * The group's rows: a single term's first rows; for several terms none when one of them is in
 * no video (one probe each), else the walk when the rarest term's first SAMPLE rows hold all
 * terms SAMPLE_HITS times or more (the walk then stops after about k × SAMPLE / hits rows), else
 * the GIN intersection (few videos hold them all: 2 ms where the walk read 20 000 rows).
 */
function conjunctive(terms: readonly TermRef[], filter: SQL, k: number, shared?: SQL): SQL {
  if (terms.length === 1) return firstRows(terms[0] as TermRef, filter, k);
  const [driver, ...others] = terms as [TermRef, ...TermRef[]];
  const exists = sql.join(
    terms.map((term) => sql`exists (select 1 from ${POSTINGS} where term = ${term})`),
    sql` and `,
  );
  const probes = others.map(
    // Scalar probes, not EXISTS: a semi-join was planned as a hash join reading the term's rows.
    (term) => sql`(select true from ${POSTINGS} as o
      where o.video_id = m.video_id and o.term = ${term})`,
  );
  // Counting stops at the SAMPLE_HITS-th row holding every term: "guitar riff"'s first 100 rows
  // all hold both words, and probing all of them was 0.4 of its 0.9 ms.
  const hits = sql`(select count(*) from (
      select 1 from (
        select video_id from ${POSTINGS} where term = ${driver} ${filter}
        order by ${RANK_ORDER} limit ${constant(SAMPLE)}
      ) as m where ${sql.join(probes, sql` and `)} limit ${constant(SAMPLE_HITS)}
    ) as h)`;
  return sql`select * from (
      with read as materialized (
        select case when not (${exists}) then 'none'
          when ${hits} >= ${constant(SAMPLE_HITS)} then 'walk' else 'gin' end as how
      )
      (select * from (${intersected(terms, filter, k, shared)}) as i
        where (select how from read) = 'gin')
      union all
      (select * from (${everyTerm(terms, filter, k)}) as w
        where (select how from read) = 'walk')
    ) as g`;
}

const rarest = (terms: readonly string[], shareOf: (term: string) => number) =>
  [...terms].sort((a, b) => shareOf(a) - shareOf(b));

/** The search's lexemes, the rarest first. */
export function lexemesRarestFirst(search: PostingsSearch): string[] {
  return rarest(search.terms.lexemes, search.shareOf);
}

/** The search's pairs, the rarest first: a pair is as rare as its rarer word, at most. */
export function pairsRarestFirst(search: PostingsSearch): string[] {
  const pairShare = (pair: string) =>
    Math.min(...pair.split(' ').map((lexeme) => search.shareOf(lexeme)));
  return rarest(search.terms.pairs, pairShare);
}

/** The search's matches of each group, each row tagged with its group (2, 1, 0). */
function groups(search: PostingsSearch, filter: SQL, k: number): SQL {
  const lexemes = lexemeRefs(search);
  const pairs = pairRefs(search);
  if (search.phraseOnly && pairs.length > 0) {
    return sql`select 2 as grp, g.* from (${conjunctive(pairs, filter, k)}) as g`;
  }
  const some = sql`select 0 as grp, g.* from (${anyTerm(lexemes, filter, k)}) as g`;
  if (lexemes.length < 2) return some;
  // Of three words or more, the phrase's pairs and the words are both conjunctive, and their GIN
  // reads are the same (the pairs' words are the query's words): read once, when either needs it.
  const shared = pairs.length > 1 ? sql.raw('every_word') : undefined;
  const phrase = sql`select 2 as grp, g.* from (${conjunctive(pairs, filter, k, shared)}) as g`;
  const all = sql`select 1 as grp, g.* from (${conjunctive(lexemes, filter, k, shared)}) as g`;
  const union = sql`${phrase} union all ${all} union all ${some}`;
  if (!shared) return union;
  return sql`with every_word as materialized ${everyWordMatches(filter)} ${union}`;
}

/**
 * The number of matches, exact up to the count's stop and "at least" it past that. The statement
 * opens with termsBinding.
 */
export function totalOf(search: PostingsSearch, filter: SQL, stopAt: number): SQL {
  if (search.phraseOnly && search.terms.pairs.length > 0) {
    return sql`(select count(*)::int from (${conjunctive(pairRefs(search), filter, stopAt)}) as c)`;
  }
  // One word past the stop answers it; otherwise the matches are few and counted once each. The
  // most common word is counted first, and a word past the stop leaves the next ones uncounted
  // (a CASE reads its branches in order): 1 001 rows per word were 0.35 ms each at 1 000 000 videos.
  const commonFirst = lexemeRefs(search).reverse();
  const reaches = commonFirst.map(
    (term) => sql`when (select count(*)::int from (select 1 from ${POSTINGS}
      where term = ${term} ${filter} limit ${stopAt}) as c) >= ${stopAt} then ${stopAt}`,
  );
  const counted = sql`case ${sql.join(reaches, sql` `)}
    else (select count(distinct video_id)::int from ${POSTINGS}
      where term = any(${ALL_LEXEMES}) ${filter}) end`;
  const { sinceHours, minDuration, maxDuration } = search.filters;
  if (
    sinceHours !== undefined ||
    typeof minDuration === 'number' ||
    typeof maxDuration === 'number'
  ) {
    return sql`(select ${counted})`;
  }
  // Unfiltered: the vocabulary's count of published videos holding a word in the title or tags
  // (search_words.videos, migration 0024) is a lower bound that needs no row read; a stop word
  // has no say. Reading 1 001 rows per common word was most of a broad search's time.
  const bound = sql`(select max(w.videos) from search_words as w
    where w.word = any(tsvector_to_array(to_tsvector('simple'::regconfig, ${search.plain})))
      and numnode(plainto_tsquery('english', w.word)) > 0)`;
  return sql`(select case when ${bound} >= ${stopAt} then ${stopAt} else ${counted} end)`;
}

/** A page read from the postings, its total, and the channels the query names. */
export interface PostingsAnswer {
  rows: VideoItemRow[];
  total: { total: number; atLeast: boolean };
  /** The ids of the channels the query names (named-channels.ts): their videos match too. */
  named: string[];
}

/** Where the total's count stops: one past the cap or the page's end, whichever is further. */
export function stopAtOf({ offset, limit, cap }: PostingsSearch): number {
  return Math.max(cap, offset + limit) + 1;
}

/** The page, the total and the channels named, in one statement. */
export async function postingsPage(db: Db, search: PostingsSearch): Promise<PostingsAnswer> {
  const result = await db.execute(
    shapedText(
      'search-postings-page',
      shapeOf(search),
      pageStatement(search),
      SHAPES,
      GENERIC_PLAN,
    ),
  );
  return pageWithTotal(result, stopAtOf(search));
}

/** The statement postingsPage runs. */
export function pageStatement(search: PostingsSearch): SQL {
  const { offset, limit } = search;
  const k = offset + limit;
  const stopAt = stopAtOf(search);
  const filter = filterOf(search.filters);
  const order = (r: string) =>
    sql.raw(`${r}.grp desc, ${r}.field desc, ${r}.views_tier desc, ${r}.created_at desc,
      ${r}.video_id`);
  return sql`
    with ${termsBinding(search)}
    select t.n, t.named, ${PAGE_COLUMNS}
    from (select ${totalOf(search, filter, stopAt)} as n, ${namedOf(search)} as named) as t
    left join (
      select * from (
        select distinct on (video_id) * from (${groups(search, filter, k)}) as x
        order by video_id, grp desc
      ) as r order by ${order('r')} limit ${limit} offset ${offset}
    ) as p on true
    left join ${videos} on ${videos.id} = p.video_id
    left join ${users} on ${users.id} = ${videos.ownerId}
    order by ${order('p')}`;
}

/** The ids of the channels the query names, as an array (named-channels.ts). */
export function namedOf(search: PostingsSearch): SQL {
  return sql`array(select id from ${namedChannelsOf(sql`${search.channelName}`)} as named)`;
}

/** A page's video and owner columns, as VideoItemRow names them. */
export const PAGE_COLUMNS = sql`${videos.id}, ${videos.title}, ${videos.description}, ${videos.tags},
  ${videos.duration}, ${videos.views}, ${videos.isPublished} as "isPublished",
  ${videos.videoKey} as "videoKey", ${videos.thumbnailKey} as "thumbnailKey",
  ${videos.createdAt} as "createdAt",
  ${users.id} as "ownerId", ${users.userName} as "ownerUserName",
  ${users.fullName} as "ownerFullName", ${users.avatarKey} as "ownerAvatarKey"`;

/**
 * The rows of a statement that selects the total as `n` and the named channels as `named` beside
 * PAGE_COLUMNS, left-joined so that an empty page still carries them, the total capped at `stopAt`.
 */
export function pageWithTotal(result: unknown, stopAt: number): PostingsAnswer {
  type RawRow = Omit<VideoItemRow, 'createdAt'> & {
    createdAt: Date | string | null;
    n: number;
    named: string[] | null;
  };
  const raw = (result as { rows: RawRow[] }).rows;
  const n = Number(raw[0]?.n ?? 0);
  const rows = raw
    .filter((row) => row.id !== null)
    .map(({ n: _, named: __, ...row }) => ({
      ...row,
      createdAt: new Date(row.createdAt as Date | string),
    }));
  const total = { total: Math.min(n, stopAt), atLeast: n >= stopAt };
  return { rows, total, named: raw[0]?.named ?? [] };
}
