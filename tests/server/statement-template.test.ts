/**
 * A statement's text written once per shape (statement-template.ts, fixed-text.ts): a bound call
 * must send exactly the text and values drizzle would have written for it, and a call whose text
 * would differ must be left to drizzle. Differential: every case compares with drizzle's own
 * dialect.
 */
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { fixedText, isFixedText, shapedText } from '../../server/db/fixed-text.js';
import { users, videos } from '../../server/db/schema.js';
import { dialect, StatementTemplate } from '../../server/db/statement-template.js';
import { pageByViewsStatement } from '../../server/feed/search-postings-sorted.js';
import {
  pageStatement,
  shapeOf,
  type PostingFilters,
  type PostingsSearch,
} from '../../server/feed/search-postings.js';

/** What the drivers are sent (drizzle's typings are for other dialects' drivers). */
const written = (statement: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { text, params };
};

let sites = 0;
/** A site of its own per call of a test: shapes are remembered per site for the process. */
const newSite = () => `template-test-${++sites}`;

function searchOf(
  words: string[],
  { phraseOnly = false, filters = {}, offset = 0 }: Partial<PostingsSearch> = {},
): PostingsSearch {
  const pairs = words.slice(1).map((word, i) => `${words[i]} ${word}`);
  return {
    plain: words.join(' '),
    channelName: words.join(' '),
    terms: { lexemes: words, pairs },
    phraseOnly,
    filters,
    // A share per word that orders them differently from the order typed.
    shareOf: (lexeme) => lexeme.length / 100,
    cap: 1_000,
    offset,
    limit: 20,
  };
}

const WORDS = ['ferry', 'night', 'train', 'sourdough', 'kayak'];
const FILTERS: PostingFilters[] = [
  {},
  { sinceHours: 24 },
  { minDuration: 240, maxDuration: 1_200 },
  { sinceHours: 168, minDuration: 1_200 },
];

describe('statement templates: a shape written once, values bound', () => {
  it('sends the text and values drizzle writes, for every search shape and its other values', () => {
    const relevance = newSite();
    const byViews = newSite();
    let bound = 0;
    for (let count = 1; count <= 4; count++) {
      for (const phraseOnly of [false, true]) {
        for (const filters of FILTERS) {
          // The shape's first call makes its template; each call takes it with its values.
          for (const [i, offset] of [0, 20, 40].entries()) {
            const words = WORDS.slice(i, i + count);
            const search = searchOf(words, { phraseOnly, filters, offset });
            for (const [site, shape, build] of [
              [relevance, shapeOf(search), () => pageStatement(search)],
              [byViews, `${shapeOf(search)} asc`, () => pageByViewsStatement(search, 'asc')],
              [byViews, `${shapeOf(search)} desc`, () => pageByViewsStatement(search, 'desc')],
            ] as const) {
              const statement = build();
              const sent = shapedText(site, shape, statement, 1_000);
              if (sent !== statement) bound++;
              expect(written(sent)).toEqual(written(build()));
            }
          }
        }
      }
    }
    // Every call was bound: 4 counts × 2 × 4 filters × 3 offsets × 3 statements.
    expect(bound).toBe(4 * 2 * 4 * 3 * 3);
  });

  it('leaves a call whose text would differ under the same shape to drizzle, unnamed', () => {
    const site = newSite();
    const first = sql`select ${videos.id} from ${videos} where ${videos.views} > ${1}`;
    const known = shapedText(site, 'one', first, 4);
    expect(isFixedText(written(known).text)).toBe(true);
    const others: SQL[] = [
      // Another text chunk.
      sql`select ${videos.id} from ${videos} where ${videos.views} >= ${1}`,
      // Another column in a name's place.
      sql`select ${videos.id} from ${videos} where ${videos.duration} > ${1}`,
      // A value where there was none, and none where there was one.
      sql`select ${videos.id} from ${videos} where ${videos.views} > ${1} and ${2} = 2`,
      sql`select ${videos.id} from ${videos} where ${videos.views} > 1${sql``}`,
      // The same text chunks around a list of two values instead of one.
      sql`select ${videos.id} from ${videos} where ${videos.views} > ${[1, 2]}`,
      // An alias of the table writes another name.
      sql`select ${alias(videos, 'v').id} from ${videos} where ${videos.views} > ${1}`,
    ];
    for (const other of others) {
      expect(shapedText(site, 'one', other, 4)).toBe(other);
      expect(isFixedText(written(other).text)).toBe(false);
    }
    // The shape's own text with another value is still bound.
    const again = sql`select ${videos.id} from ${videos} where ${videos.views} > ${7}`;
    const sent = shapedText(site, 'one', again, 4);
    expect(sent).not.toBe(again);
    expect(written(sent)).toEqual(written(again));
  });

  it('reads lists, identifiers, encoded values, dates and statements as values as drizzle does', () => {
    const site = newSite();
    const statement = (ids: number[], at: Date, id: string) =>
      sql`select ${sql.identifier('a b')} from ${users} where ${users.id} = ${id}
        and ${videos.id} in ${ids} and ${videos.createdAt} > ${at}
        and ${sql.param(at, videos.createdAt)} is not null and ${null} is null
        and ${sql.param(sql`now()`)} is not null`;
    const first = statement([1, 2], new Date(0), 'u1');
    expect(written(shapedText(site, '', first, 1))).toEqual(written(first));
    const next = statement([3, 4], new Date(1_000), 'u2');
    const sent = shapedText(site, '', next, 1);
    expect(sent).not.toBe(next);
    expect(written(sent)).toEqual(written(next));
    expect(written(sent).params).toEqual([
      'u2',
      3,
      4,
      new Date(1_000),
      new Date(1_000).toISOString(),
      null,
    ]);
  });

  it('makes no template of placeholders or inlined values, which drizzle writes otherwise', () => {
    expect(StatementTemplate.of(sql`select ${sql.placeholder('id')}`)).toBeUndefined();
    expect(StatementTemplate.of(sql`select ${1}`.inlineParams())).toBeUndefined();
    expect(StatementTemplate.of(sql`select ${sql`${1}`.inlineParams()}`)).toBeUndefined();
    // A site whose statement has no template is sent as drizzle writes it, and named.
    const site = newSite();
    const inlined = sql`select ${5} as n`.inlineParams();
    expect(fixedText(site, inlined)).toBe(inlined);
    expect(isFixedText('select 5 as n')).toBe(true);
    const template = StatementTemplate.of(sql`select ${1}`);
    expect(template?.bind(sql`select ${2}`.inlineParams())).toBeUndefined();
  });
});

describe('search statements: each word and filter bound once', () => {
  // Shares that order the same words two ways.
  const byShare = (shares: Record<string, number>) => (lexeme: string) => shares[lexeme] ?? 0;
  const words = ['night', 'train', 'ferry'];
  const filters = { sinceHours: 168, maxDuration: 240 };
  const one = {
    ...searchOf(words, { filters }),
    shareOf: byShare({ night: 3, train: 1, ferry: 2 }),
  };
  const other = {
    ...searchOf(words, { filters }),
    shareOf: byShare({ night: 1, train: 3, ferry: 2 }),
  };

  it('sends the words as one list, the rarest first, and the same text whatever their order', () => {
    for (const build of [
      (s: PostingsSearch) => pageStatement(s),
      (s: PostingsSearch) => pageByViewsStatement(s, 'desc'),
    ]) {
      const a = written(build(one));
      const b = written(build(other));
      expect(a.text).toBe(b.text);
      // No word is a value of its own: each is read from its list, bound once.
      for (const word of words) expect(a.params).not.toContain(word);
      expect(a.params).toContain('{"train","ferry","night"}');
      expect(b.params).toContain('{"night","ferry","train"}');
      // A pair is as rare as its rarer word: a tie here, kept in the order typed.
      expect(a.params).toContain('{"night train","train ferry"}');
      // The filters likewise: each value once, however many reads test it.
      expect(a.params.filter((value) => value === 168)).toHaveLength(1);
      expect(a.params.filter((value) => value === 240)).toHaveLength(1);
    }
  });

  it('writes a word that would break out of its list as a quoted element', () => {
    const odd = searchOf(['a"b', 'c\\d']);
    expect(written(pageStatement(odd)).params).toContain('{"a\\"b","c\\\\d"}');
  });
});
