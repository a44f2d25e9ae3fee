/**
 * Relevance a user trusts (issue 31): title matches above tag matches above description matches,
 * all words above some, the exact phrase above scattered words, then popularity and freshness;
 * over all matches, also when a broad query is ranked over its bounded candidates.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../server/db/schema.js';
import { createUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

async function titlesOf(t: TestApp, query: string, limit = 20): Promise<string[]> {
  const url = `/api/v1/videos?query=${encodeURIComponent(query)}&limit=${limit}`;
  const res = await t.app.inject({ url });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { videos: { title: string }[] } }>().data.videos.map((v) => v.title);
}

describe('relevance', () => {
  let t: TestApp;
  const day = 24 * 60 * 60 * 1000;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t, 'relevance_owner');
    // The lower tiers are newer and more viewed: only relevance lifts the better match.
    const rows = [
      { title: 'Otter in the title', tags: ['animals'], description: 'x', views: 1, age: 9 },
      { title: 'Tagged clip', tags: ['otter'], description: 'x', views: 100, age: 5 },
      { title: 'Described clip', tags: ['animals'], description: 'an otter', views: 1000, age: 1 },
      { title: 'Otter popular', tags: ['animals'], description: 'x', views: 50, age: 9 },
      { title: 'Otter fresh', tags: ['animals'], description: 'x', views: 1, age: 2 },
      { title: 'Sea otter river dive', tags: ['animals'], description: 'x', views: 1, age: 30 },
      { title: 'River of the sea', tags: ['otter'], description: 'x', views: 900, age: 1 },
      { title: 'Sea kayak', tags: ['boats'], description: 'x', views: 9000, age: 0 },
    ];
    for (const row of rows) {
      await insertVideo(t, owner, { ...row, createdAt: new Date(Date.now() - row.age * day) });
    }
  });
  afterAll(() => t.close());

  it('ranks title above tags above description, then views, then freshness', async () => {
    const titles = await titlesOf(t, 'otter');
    expect(titles.slice(0, 4)).toEqual([
      'Otter popular',
      'Otter fresh',
      'Otter in the title',
      'Sea otter river dive',
    ]);
    expect(titles.slice(4)).toEqual(['River of the sea', 'Tagged clip', 'Described clip']);
  });

  it('ranks all words above some, and the exact phrase above scattered words', async () => {
    const titles = await titlesOf(t, 'sea otter');
    // Both words, as a phrase in the title; both words scattered; then one word.
    expect(titles.slice(0, 2)).toEqual(['Sea otter river dive', 'River of the sea']);
    expect(titles.slice(2)).toContain('Sea kayak');
    expect(titles.slice(2)).toContain('Otter popular');
  });

  it('pages in the same order as one long page', async () => {
    // The ranking reads only the order's keys and fetches each page's own rows after it.
    for (const query of ['otter', 'sea otter']) {
      const whole = await titlesOf(t, query);
      const paged: string[] = [];
      for (let page = 1; paged.length < whole.length && page <= whole.length; page++) {
        const url = `/api/v1/videos?query=${encodeURIComponent(query)}&limit=2&page=${page}`;
        const res = await t.app.inject({ url });
        paged.push(
          ...res.json<{ data: { videos: { title: string }[] } }>().data.videos.map((v) => v.title),
        );
      }
      expect(paged).toEqual(whole);
    }
  });
});

describe('relevance over all matches of a broad query', () => {
  let t: TestApp;

  beforeAll(async () => {
    // A cap of 3 stands for the default 1 000: past it, the bounded candidates are ranked.
    t = await createTestApp({ searchCountCap: 3 });
    const owner = await createUser(t, 'broad_owner');
    const base = Date.UTC(2025, 0, 1);
    const rows = Array.from({ length: 450 }, (_, i) => ({
      id: `broad${String(i).padStart(12, '0')}`,
      ownerId: owner.id,
      title: i === 0 ? 'Heron at the harbour' : `Walk ${i}`,
      description: 'a heron by the water',
      tags: ['birds'],
      duration: 5,
      views: i === 1 ? 100_000 : i,
      videoKey: `videos/b${i}.mp4`,
      thumbnailKey: `thumbnails/b${i}.webp`,
      // The title match and the most viewed match are the oldest.
      createdAt: new Date(base + (i < 2 ? 0 : i) * 60_000),
    }));
    await t.ctx.db.insert(videos).values(rows);
  });
  afterAll(() => t.close());

  it('finds the best match however old, with and without the statistics', async () => {
    const withoutStats = await titlesOf(t, 'heron', 3);
    expect(withoutStats).toEqual(['Heron at the harbour', 'Walk 1', 'Walk 449']);
    await t.ctx.db.execute(sql`analyze videos`);
    expect(await titlesOf(t, 'heron', 3)).toEqual(withoutStats);
  });

  it('pages through every match once', async () => {
    const seen = new Set<string>();
    for (let page = 1; page <= 10; page++) {
      const res = await t.app.inject({ url: `/api/v1/videos?query=heron&limit=50&page=${page}` });
      for (const v of res.json<{ data: { videos: { _id: string }[] } }>().data.videos) {
        expect(seen.has(v._id)).toBe(false);
        seen.add(v._id);
      }
    }
    expect(seen.size).toBe(450);
  });
});
