/**
 * A search's total past the cap (feed/search-total.ts): counted, or known from the planner's
 * statistics when they promise many times the cap, and counted after all when a page comes back
 * short of that promise.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../server/db/schema.js';
import type { LexemeStats } from '../../server/feed/search-density.js';
import { surelyMatchesMoreThan } from '../../server/feed/search-total.js';
import { createUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';

describe('surelyMatchesMoreThan', () => {
  const stats = (published: number, shares: Record<string, number>): LexemeStats => ({
    shares: new Map(Object.entries(shares)),
    otherShare: 0.001,
    videos: published,
    published,
  });
  const catalogue = stats(100_000, { music: 0.25, guitar: 0.021, riff: 0.021 });

  it('promises a common word more than ten times the count would reach, and not a rarer one', () => {
    expect(surelyMatchesMoreThan(catalogue, ['music'], 1_001)).toBe(true);
    expect(surelyMatchesMoreThan(catalogue, ['guitar'], 1_001)).toBe(false);
    // A deep page counts further, so the same word stops being sure.
    expect(surelyMatchesMoreThan(catalogue, ['music'], 2_501)).toBe(false);
  });

  it('takes the most common of the words, never their sum, and nothing for unknown words', () => {
    // 2.1 % + 2.1 % of 100 000 would pass 10 × 400; the union is only sure to hold 2 100.
    expect(surelyMatchesMoreThan(catalogue, ['guitar', 'riff'], 401)).toBe(false);
    expect(surelyMatchesMoreThan(catalogue, ['guitar', 'music'], 1_001)).toBe(true);
    expect(surelyMatchesMoreThan(catalogue, ['capacitor'], 1)).toBe(false);
  });

  it('is never sure without statistics, lexemes or published videos', () => {
    expect(surelyMatchesMoreThan(undefined, ['music'], 1_001)).toBe(false);
    expect(surelyMatchesMoreThan(catalogue, [], 1_001)).toBe(false);
    expect(surelyMatchesMoreThan(catalogue, null, 1_001)).toBe(false);
    expect(surelyMatchesMoreThan(stats(0, { music: 0.25 }), ['music'], 1)).toBe(false);
  });
});

describe('search totals past the cap, counted or promised', () => {
  let t: TestApp;
  const drumIds: string[] = [];
  const pastaIds: string[] = [];

  beforeAll(async () => {
    // A cap of 3 stands for the default 1 000. 550 of 600 videos are about drums: so common that
    // the newest matches are read by walking the feed index, and more than ten times the 4 or 5
    // rows a count would stop at. The 50 about pasta are read through the search index.
    t = await createTestApp({ searchCountCap: 3 });
    const owner = await createUser(t, 'total_owner');
    const base = Date.UTC(2025, 0, 1);
    const rows = Array.from({ length: 600 }, (_, i) => ({
      id: `stotal${String(i).padStart(10, '0')}`,
      ownerId: owner.id,
      title: i < 550 ? `Drums lesson ${i}` : `Cooking pasta ${i}`,
      description: 'an evening at home',
      tags: i < 550 ? ['drums'] : ['food'],
      duration: 5,
      videoKey: `videos/t${i}.mp4`,
      thumbnailKey: `thumbnails/t${i}.webp`,
      createdAt: new Date(base + i * 60_000),
    }));
    await t.ctx.db.insert(videos).values(rows);
    drumIds.push(...rows.slice(0, 550).map((row) => row.id));
    pastaIds.push(...rows.slice(550).map((row) => row.id));
    await t.ctx.db.execute(sql`analyze videos`);
  });
  afterAll(() => t.close());

  const BY_DATE = '&sortBy=createdAt&sortType=desc';

  async function page(query: string, pageNo: number, extra = '') {
    const url = `/api/v1/videos?query=${encodeURIComponent(query)}&page=${pageNo}&limit=2${extra}`;
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    return res.json<{
      data: { videos: { _id: string }[]; totalVideos: number; totalIsLowerBound?: boolean };
    }>().data;
  }

  /** Unpublishes all but the first `keep` of `ids` behind the statistics' back. */
  async function unpublishAllBut(ids: string[], keep: number) {
    await t.ctx.db
      .update(videos)
      .set({ isPublished: false })
      .where(and(inArray(videos.id, ids.slice(keep)), eq(videos.isPublished, true)));
  }

  // A search in relevance order reads its total from the postings (search-postings.ts, tested
  // below); the statistics' promise serves a search sorted by date or views.
  it('trusts the statistics until a page comes back short, then counts exactly', async () => {
    // The text's first search counts (and learns its lexemes): 550 published matches.
    expect(await page('drums', 1, BY_DATE)).toMatchObject({
      totalVideos: 4,
      totalIsLowerBound: true,
    });
    // Up to an hour old, the statistics still promise 550 after 547 are unpublished.
    await unpublishAllBut(drumIds, 3);

    // No count: the full first page says "at least 4".
    const first = await page('drums', 1, BY_DATE);
    expect(first).toMatchObject({ totalVideos: 4, totalIsLowerBound: true });
    expect(first.videos).toHaveLength(2);
    // The second page holds the last match, one row short of the promise: counted exactly.
    const second = await page('drums', 2, BY_DATE);
    expect(second).toMatchObject({ totalVideos: 3, totalIsLowerBound: false });
    expect(second.videos).toHaveLength(1);
    const seen = new Set([...first.videos, ...second.videos].map((v) => v._id));
    expect([...seen].sort()).toEqual(drumIds.slice(0, 3).sort());
  });

  it('counts exactly on a page past the end, which comes back short of any promise', async () => {
    expect(await page('pasta', 1, BY_DATE)).toMatchObject({
      totalVideos: 4,
      totalIsLowerBound: true,
    });
    await unpublishAllBut(pastaIds, 3);
    expect(await page('pasta', 5, BY_DATE)).toMatchObject({
      videos: [],
      totalVideos: 3,
      totalIsLowerBound: false,
    });
    const first = await page('pasta', 1, BY_DATE);
    const second = await page('pasta', 2, BY_DATE);
    expect([...first.videos, ...second.videos].map((v) => v._id).sort()).toEqual(
      pastaIds.slice(0, 3).sort(),
    );
  });

  it('counts a search narrowed to a tag or a channel, which the statistics do not describe', async () => {
    await page('drums lesson', 1); // learns the lexemes
    expect(await page('drums lesson', 1, '&tag=drums')).toMatchObject({
      totalVideos: 3,
      totalIsLowerBound: false,
    });
  });

  it('counts a quoted phrase, which no single word share bounds from below', async () => {
    expect(await page('"drums lesson"', 1)).toMatchObject({ totalVideos: 3 });
    expect(await page('"drums lesson"', 1)).toMatchObject({ totalVideos: 3 });
  });
});
