/**
 * The search postings (migration 0025, feed/search-postings.ts): the triggers keep a published
 * video's terms as the video changes, and pages read from them hold every match once, in the
 * relevance order computed here from its definition, with filters and totals.
 */
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericPlanPoolOf } from '../../server/db/client.js';
import { searchPostings, videos } from '../../server/db/schema.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

interface PreparedText {
  statement: string;
  custom_plans: string;
  /** On PostgreSQL: whether it is held by the pool that keeps generic plans (client.ts). */
  genericPool?: boolean;
}

/** The texts PostgreSQL holds as prepared statements, on every connection of the app's pools. */
async function preparedStatementTexts(t: TestApp): Promise<PreparedText[]> {
  const client = (t.ctx.db as unknown as { $client: unknown }).$client;
  const query = 'select statement, custom_plans from pg_prepared_statements';
  if (client instanceof pg.Pool) {
    const heldBy = async (pool: pg.Pool, genericPool: boolean) => {
      const held = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
      try {
        const answers = await Promise.all(held.map((connection) => connection.query(query)));
        return answers.flatMap((answer) =>
          answer.rows.map((row: PreparedText) => ({ ...row, genericPool })),
        );
      } finally {
        for (const connection of held) connection.release();
      }
    };
    return [...(await heldBy(client, false)), ...(await heldBy(genericPlanPoolOf(client)!, true))];
  }
  const answer = (await t.ctx.db.execute(sql.raw(query))) as { rows: PreparedText[] };
  return answer.rows;
}

interface Found {
  data: {
    videos: { _id: string; title: string }[];
    totalVideos: number;
    totalIsLowerBound?: boolean;
  };
}

async function search(t: TestApp, query: string, extra = '', limit = 50) {
  const url = `/api/v1/videos?query=${encodeURIComponent(query)}&limit=${limit}${extra}`;
  const res = await t.app.inject({ url });
  expect(res.statusCode).toBe(200);
  return res.json<Found>().data;
}

describe('search postings kept by the triggers', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, 'postings_owner');
  });
  afterAll(() => t.close());

  async function termsOf(id: string) {
    const rows = await t.ctx.db
      .select({
        term: searchPostings.term,
        field: searchPostings.field,
        tier: searchPostings.viewsTier,
      })
      .from(searchPostings)
      .where(eq(searchPostings.videoId, id));
    return Object.fromEntries(rows.map((row) => [row.term, row.field]));
  }

  it('holds each word and each pair of neighbours with the best field holding it', async () => {
    const id = await insertVideo(t, owner, {
      title: 'Sea otter dive',
      tags: ['wildlife'],
      description: 'A calm otter swim',
    });
    expect(await termsOf(id)).toEqual({
      sea: 3,
      otter: 3,
      dive: 3,
      'sea otter': 3,
      'otter dive': 3,
      wildlif: 2,
      calm: 1,
      swim: 1,
      'calm otter': 1,
      'otter swim': 1,
    });
  });

  it('rewrites them with the text, drops them when unpublished, and follows the views', async () => {
    const id = await insertVideo(t, owner, { title: 'Kayak trip', tags: [], description: 'x' });
    await t.ctx.db.update(videos).set({ title: 'Canoe trip' }).where(eq(videos.id, id));
    expect(Object.keys(await termsOf(id)).sort()).toEqual(['cano', 'cano trip', 'trip', 'x']);

    await t.ctx.db.update(videos).set({ views: 5000 }).where(eq(videos.id, id));
    const [video] = await t.ctx.db
      .select({ tier: videos.viewsTier })
      .from(videos)
      .where(eq(videos.id, id));
    const tiers = await t.ctx.db
      .selectDistinct({ tier: searchPostings.viewsTier })
      .from(searchPostings)
      .where(eq(searchPostings.videoId, id));
    expect(tiers).toEqual([{ tier: video?.tier }]);

    await t.ctx.db.update(videos).set({ isPublished: false }).where(eq(videos.id, id));
    expect(await termsOf(id)).toEqual({});
    expect((await search(t, 'canoe')).videos).toEqual([]);
    await t.ctx.db.update(videos).set({ isPublished: true }).where(eq(videos.id, id));
    expect(Object.keys(await termsOf(id))).toHaveLength(4);
    expect((await search(t, 'canoe')).videos.map((v) => v._id)).toEqual([id]);

    await t.ctx.db.delete(videos).where(and(eq(videos.id, id)));
    expect(await termsOf(id)).toEqual({});
  });
});

/** Words that stem to themselves, so the expected order is computed on the words as written. */
const WORDS = ['otter', 'river', 'stone', 'kayak', 'moss', 'cliff'];

interface Doc {
  id: string;
  fields: [string[], string[], string[]]; // title, tags, description
  views: number;
  createdAt: Date;
  duration: number;
}

/** The relevance key of `doc` for `words`, as search-postings.ts defines it, or null. */
function keyOf(doc: Doc, words: string[], phraseOnly: boolean): number[] | null {
  const best = (word: string) => {
    const i = doc.fields.findIndex((field) => field.includes(word));
    return i < 0 ? 0 : 3 - i;
  };
  const pairField = (a: string, b: string) => {
    const i = doc.fields.findIndex((field) =>
      field.some((word, at) => word === a && field[at + 1] === b),
    );
    return i < 0 ? 0 : 3 - i;
  };
  const pairs = words.slice(1).map((word, i) => pairField(words[i] as string, word));
  const fields = words.map(best);
  const tier = Math.floor((Math.log(doc.views + 1) * 16) / Math.log(2));
  const rest = [tier, doc.createdAt.getTime()];
  if (pairs.length && Math.min(...pairs) > 0) return [2, Math.min(...pairs), ...rest];
  if (phraseOnly) return null;
  if (Math.min(...fields) > 0) return [1, Math.min(...fields), ...rest];
  if (Math.max(...fields) > 0) return [0, Math.max(...fields), ...rest];
  return null;
}

function expectedOrder(docs: Doc[], words: string[], phraseOnly = false, keep = (_: Doc) => true) {
  const keyed = docs
    .filter(keep)
    .map((doc) => ({ doc, key: keyOf(doc, words, phraseOnly) }))
    .filter((row): row is { doc: Doc; key: number[] } => row.key !== null);
  keyed.sort((a, b) => {
    for (let i = 0; i < a.key.length; i++) {
      const d = (b.key[i] as number) - (a.key[i] as number);
      if (d !== 0) return d;
    }
    return a.doc.id < b.doc.id ? -1 : a.doc.id > b.doc.id ? 1 : 0;
  });
  return keyed.map((row) => row.doc.id);
}

/** The matches of `words` sorted by views as the feed sorts them: id against the main direction. */
function byViews(docs: Doc[], words: string[], phraseOnly: boolean, ascending: boolean) {
  const matches = docs.filter((doc) => keyOf(doc, words, phraseOnly) !== null);
  matches.sort((a, b) => {
    const d = ascending ? a.views - b.views : b.views - a.views;
    if (d !== 0) return d;
    return (a.id < b.id ? -1 : 1) * (ascending ? -1 : 1);
  });
  return matches.map((doc) => doc.id);
}

describe('pages read from the postings', () => {
  let t: TestApp;
  const docs: Doc[] = [];
  const day = 24 * 60 * 60 * 1000;

  beforeAll(async () => {
    t = await createTestApp({ searchCountCap: 40 });
    const owner = await createUser(t, 'postings_pages');
    // A seeded shuffle of the six words into 90 videos: every combination of fields, neighbours
    // and popularity steps that the order tells apart, some sharing a step and a date.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const wordsOf = (n: number) => Array.from({ length: n }, () => WORDS[next(WORDS.length)]!);
    const now = Date.now();
    for (let i = 0; i < 90; i++) {
      const doc: Omit<Doc, 'id'> = {
        fields: [wordsOf(1 + next(3)), wordsOf(next(3)), wordsOf(next(4))],
        views: [0, 1, 5, 40, 300, 300, 2000][next(7)]!,
        createdAt: new Date(now - next(40) * day - i),
        duration: [30, 200, 600, 1500][next(4)]!,
      };
      const id = await insertVideo(t, owner, {
        title: doc.fields[0].join(' '),
        tags: doc.fields[1],
        description: doc.fields[2].join(' ') || 'x',
        views: doc.views,
        createdAt: doc.createdAt,
        duration: doc.duration,
      });
      docs.push({ id, ...doc });
    }
    // A word in four videos, one of them with "otter": too few meet for the walk (the first
    // rows of either word hold them together under SAMPLE_HITS times), so the GIN index reads them.
    const rare: [string[], string[], string[]][] = [
      [['lichen'], [], ['x']],
      [['lichen', 'stone'], [], ['x']],
      [['moss'], ['lichen'], ['x']],
      [['cliff'], [], ['otter', 'lichen']],
      // "otter lichen stone" as a phrase in a title 20 days old, and its words scattered in one of
      // this week: few enough for the GIN index, for the phrase's pairs and the words alike.
      [['otter', 'lichen', 'stone'], [], ['x']],
      [['stone'], ['otter'], ['lichen', 'x']],
    ];
    const ageInDays = [0, 1, 2, 3, 20, 2];
    for (const [i, fields] of rare.entries()) {
      const createdAt = new Date(now - ageInDays[i]! * day);
      const doc = { fields, views: 10 * i, createdAt, duration: 30 };
      const id = await insertVideo(t, owner, {
        title: fields[0].join(' '),
        tags: fields[1],
        description: fields[2].join(' '),
        views: doc.views,
        createdAt: doc.createdAt,
        duration: doc.duration,
      });
      docs.push({ id, ...doc });
    }
  });
  afterAll(() => t.close());

  /** Every page of `query`, five at a time, joined. */
  async function allPages(query: string, extra = '') {
    const ids: string[] = [];
    for (let page = 1; page < 40; page++) {
      const found = await search(t, query, `${extra}&page=${page}`, 5);
      ids.push(...found.videos.map((v) => v._id));
      if (found.videos.length < 5) break;
    }
    return ids;
  }

  it.each([
    ['otter'],
    ['otter river'],
    ['river otter stone'],
    ['moss cliff kayak otter'],
    ['lichen otter'],
    ['otter lichen stone'],
  ])('pages "%s" in relevance order, each match once', async (query) => {
    const expected = expectedOrder(docs, query.split(' '));
    expect(expected.length).toBeGreaterThan(3);
    expect(await allPages(query)).toEqual(expected);
  });

  it('reads a quoted phrase as its neighbours only', async () => {
    const expected = expectedOrder(docs, ['stone', 'moss'], true);
    expect(expected.length).toBeGreaterThan(0);
    expect(await allPages('"stone moss"')).toEqual(expected);
  });

  it('filters by upload date and duration on the postings themselves', async () => {
    const since = Date.now() - 7 * day;
    const expected = expectedOrder(
      docs,
      ['otter', 'kayak'],
      false,
      (doc) => doc.createdAt.getTime() >= since && doc.duration < 240,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await allPages('otter kayak', '&uploaded=week&duration=short')).toEqual(expected);
    const found = await search(t, 'otter kayak', '&uploaded=week&duration=short');
    expect(found.totalVideos).toBe(expected.length);
  });

  it('reads words that few videos hold together within the filters', async () => {
    const words = ['otter', 'lichen', 'stone'];
    const since = Date.now() - 7 * day;
    const expected = expectedOrder(docs, words, false, (doc) => doc.createdAt.getTime() >= since);
    const phraseVideo = docs.find((doc) => doc.fields[0].join(' ') === words.join(' '))!;
    expect(expectedOrder(docs, words)[0]).toBe(phraseVideo.id);
    expect(expected).not.toContain(phraseVideo.id);
    expect(expected.length).toBeGreaterThan(1);
    expect(await allPages(words.join(' '), '&uploaded=week')).toEqual(expected);
    expect((await allPages(words.join(' ')))[0]).toBe(phraseVideo.id);
  });

  it('counts exactly up to the cap, and says "at least" past it', async () => {
    const few = expectedOrder(docs, ['cliff', 'moss'], false, (doc) => doc.duration >= 1200);
    expect(few.length).toBeLessThan(40);
    const counted = await search(t, 'cliff moss', '&duration=long');
    expect(counted).toMatchObject({ totalVideos: few.length, totalIsLowerBound: false });

    const many = expectedOrder(docs, ['otter', 'river']);
    expect(many.length).toBeGreaterThan(41);
    // Counting stops one past the cap (or past the page's end, were it further).
    expect(await search(t, 'otter river', '', 10)).toMatchObject({
      totalVideos: 41,
      totalIsLowerBound: true,
    });
  });

  it.each([
    ['otter', false],
    ['otter river', false],
    ['river otter stone', true],
    ['"stone moss"', false],
    ["a title's first three words, quoted", true],
  ])('sorts %s by views (ascending: %s), every page, each match once', async (given, asc) => {
    // A phrase of three words that some video holds: its two pairs are walked and probed.
    const three = docs
      .find((doc) => new Set(doc.fields[0].slice(0, 3)).size === 3)!
      .fields[0].slice(0, 3);
    const query = given.startsWith('a title') ? `"${three.join(' ')}"` : given;
    const phraseOnly = query.startsWith('"');
    const words = query.replaceAll('"', '').split(' ');
    const expected = byViews(docs, words, phraseOnly, asc);
    expect(expected.length).toBeGreaterThan(phraseOnly ? 0 : 3);
    const sort = `&sortBy=views${asc ? '&sortType=asc' : ''}`;
    expect(await allPages(query, sort)).toEqual(expected);
    const first = await search(t, query, sort, 5);
    expect(first.totalVideos).toBe(Math.min(expected.length, 41));
  });

  it('sorts by views within the filters', async () => {
    const since = Date.now() - 7 * day;
    const keep = (doc: Doc) => doc.createdAt.getTime() >= since && doc.duration < 240;
    const expected = byViews(docs.filter(keep), ['otter', 'kayak'], false, false);
    expect(expected.length).toBeGreaterThan(0);
    const extra = '&uploaded=week&duration=short&sortBy=views';
    expect(await allPages('otter kayak', extra)).toEqual(expected);
  });

  it('finds nothing for stop words alone', async () => {
    expect(await search(t, 'the of and')).toMatchObject({ videos: [], totalVideos: 0 });
  });

  it('answers through the postings, not the search document', async () => {
    // A row only the postings hold is found; the video's own document does not have the word.
    const [doc] = docs;
    await t.ctx.db.execute(sql`insert into search_postings
      (term, video_id, field, views_tier, created_at, duration)
      select 'zyzzyva', id, 3, views_tier, created_at, duration from videos where id = ${doc!.id}`);
    expect((await search(t, 'zyzzyva')).videos.map((v) => v._id)).toEqual([doc!.id]);
    const sorted = await search(t, 'zyzzyva', '&sortBy=views');
    expect(sorted.videos.map((v) => v._id)).toEqual([doc!.id]);
    await t.ctx.db.execute(sql`delete from search_postings where term = 'zyzzyva'`);
  });
});

describe('search postings statements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('runs its page statements named, one per shape, the words bound, on generic plans', async () => {
    const owner = await createUser(t, 'named_owner');
    for (const title of ['Otter river', 'Moss cliff kayak']) {
      await insertVideo(t, owner, { title, tags: [], description: 'x' });
    }
    // Two texts of each statement: one word, and two words filtered; other words reuse them.
    for (const query of ['otter', 'river', 'otter kayak', 'moss cliff']) {
      const extra = query.includes(' ') ? '&uploaded=week' : '';
      await search(t, query, extra);
      await search(t, query, `${extra}&sortBy=views`);
    }
    const prepared = (await preparedStatementTexts(t)).filter(({ statement }) =>
      statement.includes('search_postings'),
    );
    const texts = prepared.map(({ statement }) => statement);
    expect(new Set(texts).size).toBe(4);
    expect(texts.some((text) => /otter|river|moss/.test(text))).toBe(false);
    // On PostgreSQL held by the pool whose connections keep generic plans.
    if (process.env.TEST_DATABASE_URL) {
      expect(prepared.every(({ genericPool }) => genericPool)).toBe(true);
    }
    // On both databases each planned once for all words: never for the words of one run.
    expect(prepared.map(({ custom_plans }) => Number(custom_plans))).toEqual([0, 0, 0, 0]);
    // Only those: the app's other statements are still planned for their values.
    const setting = (await t.ctx.db.execute(
      sql`select current_setting('plan_cache_mode') as mode`,
    )) as { rows: { mode: string }[] };
    expect(setting.rows[0]!.mode).toBe('auto');
  });

  it('finds a word an array literal would read as NULL, bound in one list', async () => {
    // The words reach the list as letters and digits (queryWords); unquoted, "null" would be a
    // null element there, and a search for it would find nothing.
    const owner = await createUser(t, 'literal_owner');
    const id = await insertVideo(t, owner, {
      title: 'Null pointer stories',
      tags: ['null'],
      description: 'When a pointer is NULL',
    });
    for (const query of ['null', 'NULL pointer', '"null pointer"', 'pointer null stories']) {
      for (const extra of ['', '&sortBy=views', '&uploaded=week']) {
        const found = await search(t, query, extra);
        expect(
          found.videos.map((v) => v._id),
          `${query}${extra}`,
        ).toContain(id);
      }
    }
  });
});
