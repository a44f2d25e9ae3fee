/**
 * Videos API, counts over many rows: totalVideos stays exact through uploads, publish toggles,
 * tag edits and deletes, and search ranks and pages 201 matches across two rank windows. Needs
 * no catalogue: each test makes its own user and videos.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../server/db/schema.js';
import { createUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { catalogueRequests, type ListJson } from './video-catalogue.js';
import { insertVideo } from './video-helpers.js';

describe('videos API', () => {
  let t: TestApp;
  const { feed } = catalogueRequests(() => t);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('totalVideos stays exact through every change', () => {
    it('follows uploads, publish toggles, tag edits and deletes for the feed, a channel and a tag', async () => {
      const dave = await createUser(t);
      const totals = async () => {
        const get = async (query: string) =>
          (await feed(query)).json<{ data: ListJson }>().data.totalVideos;
        return {
          all: await get(''),
          channel: await get(`?userId=${dave.id}`),
          tag: await get('?tag=unique-tag'),
        };
      };
      const before = await totals();
      const id = await insertVideo(t, dave, { tags: ['unique-tag', 'unique-tag'] });
      await insertVideo(t, dave, { tags: ['other'], isPublished: false });
      expect(await totals()).toEqual({
        all: before.all + 1,
        channel: before.channel + 1,
        tag: before.tag + 1,
      });
      const toggle = () =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/v1/videos/toggle/publish/${id}`,
          headers: dave.headers,
        });
      await toggle();
      expect(await totals()).toEqual(before);
      await toggle();
      await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/videos/${id}`,
        headers: dave.headers,
        payload: { tags: '["renamed"]' },
      });
      expect(await totals()).toEqual({
        ...before,
        all: before.all + 1,
        channel: before.channel + 1,
      });
      await t.app.inject({ method: 'DELETE', url: `/api/v1/videos/${id}`, headers: dave.headers });
      expect(await totals()).toEqual(before);
      // The kept count agrees with counting the rows.
      const [counted] = await t.ctx.db
        .select({ n: count() })
        .from(videos)
        .where(eq(videos.isPublished, true));
      expect((await totals()).all).toBe(counted!.n);
    });
  });

  describe('search over more matches than one candidate source holds', () => {
    it('ranks over all matches, the oldest included, paging without gaps', async () => {
      const zed = await createUser(t);
      const base = Date.UTC(2025, 5, 1);
      const rows = Array.from({ length: 201 }, (_, i) => ({
        id: `zebra${String(i).padStart(11, '0')}`,
        ownerId: zed.id,
        title: i === 0 ? 'zebra zebra zebra' : i === 100 ? 'zebra zebra' : `zebra crossing ${i}`,
        description: i === 0 ? 'zebra zebra' : 'street',
        tags: ['street'],
        duration: 5,
        videoKey: `videos/z${i}.mp4`,
        thumbnailKey: `thumbnails/z${i}.webp`,
        createdAt: new Date(base + i * 60_000),
      }));
      await t.ctx.db.insert(videos).values(rows);
      const seen: string[] = [];
      for (let page = 1; page <= 5; page++) {
        const res = await feed(`?query=zebra&limit=50&page=${page}`);
        const data = res.json<{ data: ListJson }>().data;
        expect(data).toMatchObject({ totalVideos: 201, totalIsLowerBound: false });
        seen.push(...data.videos.map((x) => x._id));
      }
      expect(seen).toHaveLength(201);
      expect(new Set(seen).size).toBe(201);
      // All titles hold the word and no video has views: the newest first, whatever its age
      // (rank windows of the newest 200 once put the oldest last).
      expect(seen[0]).toBe(rows[200]!.id);
      expect(seen[200]).toBe(rows[0]!.id);
      // Pages of another size keep the same order.
      const small: string[] = [];
      for (let page = 1; page <= 17; page++) {
        const res = await feed(`?query=zebra&limit=12&page=${page}`);
        small.push(...res.json<{ data: ListJson }>().data.videos.map((x) => x._id));
      }
      expect(small).toEqual(seen);
      // Sorting explicitly ignores relevance.
      const oldest = await feed('?query=zebra&sortBy=createdAt&sortType=asc&limit=1');
      expect(oldest.json<{ data: ListJson }>().data.videos[0]!._id).toBe(rows[0]!.id);
    });
  });
});
