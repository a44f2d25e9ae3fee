/**
 * Search finds what a user means: plain words find videos matching any of them, and videos
 * matching all of them rank first; web-search syntax ("phrase", -exclude, or) means exactly what
 * it says.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

describe('search', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t, 'search_owner');
    const day = 24 * 60 * 60 * 1000;
    // Newest first would put the partial matches on top: ranking must lift the full match.
    const rows = [
      { title: 'Lighthouse and foghorn at dawn', ageDays: 9 },
      { title: 'A lighthouse tour', ageDays: 2 },
      { title: 'Foghorn sounds for sleep', ageDays: 1 },
      { title: 'Pasta at home', ageDays: 0 },
    ];
    for (const row of rows) {
      await insertVideo(t, owner, {
        title: row.title,
        description: 'A clip',
        tags: ['clip'],
        createdAt: new Date(Date.now() - row.ageDays * day),
      });
    }
  });
  afterAll(() => t.close());

  async function search(query: string) {
    const res = await t.app.inject({ url: `/api/v1/videos?query=${encodeURIComponent(query)}` });
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{
      data: { videos: { title: string }[]; totalVideos: number };
    }>();
    return { titles: data.videos.map((v) => v.title), total: data.totalVideos };
  }

  it('finds videos matching any word, those matching all of them first', async () => {
    const { titles, total } = await search('lighthouse foghorn');
    expect(titles[0]).toBe('Lighthouse and foghorn at dawn');
    expect(titles.slice(1).sort()).toEqual(['A lighthouse tour', 'Foghorn sounds for sleep']);
    expect(total).toBe(3);
  });

  it('a stray word does not hide what the other words find', async () => {
    const { titles } = await search('lighthouse xyzzyplugh');
    expect(titles.sort()).toEqual(['A lighthouse tour', 'Lighthouse and foghorn at dawn']);
  });

  it('web-search syntax keeps its meaning', async () => {
    expect((await search('"lighthouse tour"')).titles).toEqual(['A lighthouse tour']);
    expect((await search('lighthouse -tour')).titles).toEqual(['Lighthouse and foghorn at dawn']);
    expect((await search('pasta or tour')).titles.sort()).toEqual([
      'A lighthouse tour',
      'Pasta at home',
    ]);
  });

  it("keeps the search indexes' queue of new entries small (searches scan all of it)", async () => {
    const result = await t.ctx.db.execute(sql`
      select relname, reloptions from pg_class
      where relname in ('videos_search_idx', 'videos_tags_idx') order by relname`);
    expect((result as { rows: unknown[] }).rows).toEqual([
      { relname: 'videos_search_idx', reloptions: ['gin_pending_list_limit=64'] },
      { relname: 'videos_tags_idx', reloptions: ['gin_pending_list_limit=64'] },
    ]);
  });

  it('stop words alone find nothing, and with a real word find that word', async () => {
    expect((await search('the and at')).titles).toEqual([]);
    expect((await search('the pasta')).titles).toEqual(['Pasta at home']);
  });
});

describe('search totals past the cap', () => {
  let t: TestApp;

  beforeAll(async () => {
    // A cap of 3 stands for the default 1 000.
    t = await createTestApp({ searchCountCap: 3 });
    const owner = await createUser(t, 'cap_owner');
    for (let i = 0; i < 6; i++) {
      await insertVideo(t, owner, {
        title: `Harbour walk ${i}`,
        tags: i < 3 ? ['ferry'] : ['bay'],
      });
    }
  });
  afterAll(() => t.close());

  async function page(query: string, pageNo: number, limit: number) {
    const url = `/api/v1/videos?query=${encodeURIComponent(query)}&page=${pageNo}&limit=${limit}`;
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    return res.json<{
      data: { videos: { _id: string }[]; totalVideos: number; totalIsLowerBound?: boolean };
    }>().data;
  }

  it('is exact up to the cap', async () => {
    expect(await page('ferry', 1, 10)).toMatchObject({ totalVideos: 3, totalIsLowerBound: false });
  });

  it('says "at least" past the cap, and exact once the page reaches the end', async () => {
    expect(await page('harbour', 1, 2)).toMatchObject({ totalVideos: 4, totalIsLowerBound: true });
    expect(await page('harbour', 2, 2)).toMatchObject({ totalVideos: 5, totalIsLowerBound: true });
    expect(await page('harbour', 3, 2)).toMatchObject({ totalVideos: 6, totalIsLowerBound: false });
  });

  it('lets a client that pages while it has fewer than the total reach every match', async () => {
    const seen = new Set<string>();
    let total = 1;
    for (let n = 1; seen.size < total && n < 10; n++) {
      const data = await page('harbour', n, 2);
      data.videos.forEach((v) => seen.add(v._id));
      total = data.totalVideos;
    }
    expect(seen.size).toBe(6);
    expect(total).toBe(6);
  });

  it('leaves the plain feed without the flag', async () => {
    const res = await t.app.inject({ url: '/api/v1/videos' });
    expect(res.json<{ data: object }>().data).not.toHaveProperty('totalIsLowerBound');
  });
});
