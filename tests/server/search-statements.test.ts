/**
 * What a search costs the database (issue 31's speed targets): the statements each search sends
 * and the videos its total reads. A search read from the postings asks its page, its total and
 * the channels it names in one statement (feed/search-postings.ts); one word that found videos is not
 * spell-checked; a total past the cap comes from the vocabulary's video counts when a word of the
 * search is in more titles or tags than the cap (feed/search-total.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../server/db/schema.js';
import { countSearch } from '../../server/feed/search-total.js';
import { searchQueries } from '../../server/feed/video-search.js';
import { createUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { countStatements } from './statement-counter.js';

describe('statements per search', () => {
  let t: TestApp;
  let counter: ReturnType<typeof countStatements>;

  beforeAll(async () => {
    // A cap of 3 stands for the default 1 000. Of 600 videos, 550 are about drums (read by
    // walks), 20 about pasta and 2 about saffron (few: read through the search index; too few for
    // the statistics to promise more than the count would reach), 28 about gardening.
    t = await createTestApp({ searchCountCap: 3 });
    const owner = await createUser(t, 'statements_owner');
    const base = Date.UTC(2025, 0, 1);
    const title = (i: number) =>
      i < 550
        ? `Drums lesson ${i}`
        : i < 570
          ? `Cooking pasta ${i}`
          : i < 572
            ? `Saffron rice ${i}`
            : `Gardening tips ${i}`;
    const rows = Array.from({ length: 600 }, (_, i) => ({
      id: `sstmt${String(i).padStart(10, '0')}`,
      ownerId: owner.id,
      title: title(i),
      description: 'an evening at home',
      tags: i < 550 ? ['drums'] : ['food'],
      duration: 5,
      views: i,
      videoKey: `videos/s${i}.mp4`,
      thumbnailKey: `thumbnails/s${i}.webp`,
      createdAt: new Date(base + i * 60_000),
    }));
    await t.ctx.db.insert(videos).values(rows);
    await t.ctx.db.execute(sql`analyze videos`);
    counter = countStatements(t);
  });
  afterAll(async () => {
    counter.restore();
    await t.close();
  });

  async function search(query: string, extra = '') {
    const url = `/api/v1/videos?query=${encodeURIComponent(query)}&limit=2${extra}`;
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    return res.json<{
      data: {
        videos: { _id: string }[];
        totalVideos: number;
        totalIsLowerBound?: boolean;
        spelling?: unknown;
      };
    }>().data;
  }

  it('reads its page, its total and the channels it names in one statement', async () => {
    // The text's first search counts (and learns how Postgres compiles it).
    const counted = await search('pasta');
    expect(counted).toMatchObject({ totalVideos: 4, totalIsLowerBound: true });
    let again: Awaited<ReturnType<typeof search>> | undefined;
    expect(await counter.during(async () => (again = await search('pasta')))).toBe(1);
    expect(again).toEqual(counted);
  });

  it('sorts by views, counts and asks for the channels named in the same statement', async () => {
    await search('pasta', '&sortBy=views');
    let sorted: Awaited<ReturnType<typeof search>> | undefined;
    expect(
      await counter.during(async () => (sorted = await search('pasta', '&sortBy=views'))),
    ).toBe(1);
    expect(sorted).toMatchObject({ totalVideos: 4, totalIsLowerBound: true });
    expect(sorted?.videos.map((v) => v._id)).toEqual(['sstmt0000000569', 'sstmt0000000568']);
  });

  it('counts exactly on a page past the last match, which has no row to carry the total', async () => {
    await search('pasta');
    expect(await search('pasta', '&page=30')).toMatchObject({
      videos: [],
      totalVideos: 20,
      totalIsLowerBound: false,
    });
  });

  it('does not spell-check one word that found videos, however few', async () => {
    await search('saffron');
    let found: Awaited<ReturnType<typeof search>> | undefined;
    expect(await counter.during(async () => (found = await search('saffron')))).toBe(1);
    expect(found).toMatchObject({ totalVideos: 2, totalIsLowerBound: false });
    expect(found?.spelling).toBeUndefined();
  });
});

describe("a total past the cap from the vocabulary's video counts", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t, 'bound_owner');
    await t.ctx.db.insert(videos).values(
      ['Saffron rice', 'Saffron tea', 'Rice pudding'].map((title, i) => ({
        id: `sbound${i}`,
        ownerId: owner.id,
        title,
        description: 'an evening at home',
        tags: ['food'],
        duration: 5,
        videoKey: `videos/b${i}.mp4`,
        thumbnailKey: `thumbnails/b${i}.webp`,
      })),
    );
  });
  afterAll(() => t.close());

  async function total(text: string, narrowed = false) {
    const search = searchQueries(text);
    const where = and(eq(videos.isPublished, true), sql`${videos.searchVector} @@ ${search.any}`);
    const scope = { where, search, narrowed, cap: 3, offset: 0, limit: 2 };
    const { total, atLeast } = await countSearch(t.ctx.db, scope);
    return { total, atLeast };
  }

  it('takes a word in more titles than the cap as "at least" without counting the matches', async () => {
    expect(await total('saffron rice')).toEqual({ total: 3, atLeast: false });
    // Were 100 published videos titled with "saffron", the search would match at least them: the
    // total says so without reading a video (here it is the only way it could say 4).
    await t.ctx.db.execute(sql`update search_words set videos = 100 where word = 'saffron'`);
    expect(await total('saffron rice')).toEqual({ total: 4, atLeast: true });
    expect(await total('saffron')).toEqual({ total: 4, atLeast: true });
  });

  it('counts a narrowed search, a quoted phrase and a stop word as before', async () => {
    await t.ctx.db.execute(
      sql`update search_words set videos = 100 where word in ('saffron', 'the')`,
    );
    await t.ctx.db.execute(sql`insert into search_words (word, n, videos) values ('the', 100, 100)
      on conflict (word) do update set videos = 100`);
    expect(await total('saffron', true)).toEqual({ total: 2, atLeast: false });
    expect(await total('"saffron rice"')).toEqual({ total: 1, atLeast: false });
    expect(await total('the rice')).toEqual({ total: 2, atLeast: false });
  });
});
