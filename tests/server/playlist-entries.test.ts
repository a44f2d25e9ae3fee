/**
 * Videos in playlists: adding (in order, once: 409), removing, the detail and its paging, the
 * 16th video, others' unpublished videos, and deleting a video removes its entries.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playlistVideos, videos } from '../../server/db/schema.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import {
  api,
  entryIds,
  insertPlaylist,
  type PlaylistDetailJson,
  type PlaylistJson,
} from './playlist-helpers.js';
import { insertVideo } from './video-helpers.js';

const UNKNOWN = 'AAAAAAAAAAAAAAAA';

describe('playlist entries', () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  let alice: TestUser;
  let bob: TestUser;
  let v: string[];

  beforeAll(async () => {
    t = await createTestApp();
    call = api(t);
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
    v = [];
    for (let i = 0; i < 4; i++) v.push(await insertVideo(t, bob, { duration: 3.5 + i }));
  });
  afterAll(() => t.close());

  describe('videos in a playlist', () => {
    let list: string;
    beforeAll(async () => {
      list = (await call.create(alice, { title: 'Mix' })).json<{ data: PlaylistJson }>().data._id;
    });

    it('adds videos, keeps the order they were added and the first thumbnail', async () => {
      for (const id of [v[2]!, v[0]!, v[3]!]) {
        const res = await call.add(alice, id, list);
        expect(res.statusCode).toBe(200);
      }
      const last = (await call.add(alice, v[1]!, list)).json<{ data: PlaylistJson }>().data;
      expect(last.videos).toBe(4);
      expect(last.thumbnail).toBe(`http://localhost:80/media/thumbnails/${v[2]}.webp`);
      const detail = (await call.detail(bob, list)).json<{ data: PlaylistDetailJson }>().data;
      expect(detail.videos.map((x) => x._id)).toEqual([v[2], v[0], v[3], v[1]]);
      expect(detail.videos.map((x) => x.duration)).toEqual([5.5, 3.5, 6.5, 4.5]);
      expect(detail).toMatchObject({
        playlistName: 'Mix',
        owner: { _id: alice.id, userName: 'alice' },
        totalVideos: 4,
        page: 1,
        limit: 50,
      });
    });

    it('refuses the same video twice with 409', async () => {
      const res = await call.add(alice, v[2]!, list);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: 'Video already in playlist', success: false });
      expect(await entryIds(t, list)).toHaveLength(4);
    });

    it('pages the detail', async () => {
      const page2 = (await call.detail(alice, list, '?limit=3&page=2')).json<{
        data: PlaylistDetailJson;
      }>().data;
      expect(page2.videos.map((x) => x._id)).toEqual([v[1]]);
      // The cover and the count describe the whole playlist on every page.
      expect(page2).toMatchObject({
        totalVideos: 4,
        page: 2,
        limit: 3,
        thumbnail: `http://localhost:80/media/thumbnails/${v[2]}.webp`,
      });
      expect((await call.detail(alice, list, '?limit=51')).statusCode).toBe(400);
    });

    it('removes a video, then answers 404 for it', async () => {
      const res = await call.take(alice, v[2]!, list);
      expect(res.statusCode).toBe(200);
      const data = res.json<{ data: PlaylistJson }>().data;
      expect(data.videos).toBe(3);
      expect(data.thumbnail).toBe(`http://localhost:80/media/thumbnails/${v[0]}.webp`);
      const again = await call.take(alice, v[2]!, list);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ message: 'Video not in playlist' });
    });

    it('answers 404 for unknown videos and playlists', async () => {
      expect((await call.add(alice, UNKNOWN, list)).statusCode).toBe(404);
      expect((await call.add(alice, v[0]!, UNKNOWN)).statusCode).toBe(404);
      expect((await call.take(alice, v[0]!, UNKNOWN)).statusCode).toBe(404);
      expect((await call.detail(alice, UNKNOWN)).statusCode).toBe(404);
      expect((await call.update(alice, UNKNOWN, { name: 'x' })).statusCode).toBe(404);
      expect((await call.remove(alice, UNKNOWN)).statusCode).toBe(404);
    });

    it('lets exactly one of 10 concurrent adds of the same video through', async () => {
      const race = await insertPlaylist(t, alice);
      const results = await Promise.all(
        Array.from({ length: 10 }, () => call.add(alice, v[0]!, race)),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
      expect(await entryIds(t, race)).toEqual([v[0]]);
    });

    it('takes a 16th and a 20th video', async () => {
      const big = await insertPlaylist(t, alice);
      for (let i = 0; i < 20; i++) {
        const id = await insertVideo(t, bob);
        expect((await call.add(alice, id, big)).statusCode).toBe(200);
      }
      expect(
        (await call.detail(alice, big)).json<{ data: PlaylistDetailJson }>().data.videos,
      ).toHaveLength(20);
    });
  });

  describe("others' unpublished videos", () => {
    it('are left out of the detail, the count and the thumbnail for everyone but their owner', async () => {
      const hidden = await insertVideo(t, bob, { isPublished: false });
      const shown = await insertVideo(t, alice);
      const list = await insertPlaylist(t, alice, { videoIds: [hidden, shown] });
      await insertPlaylist(t, bob, { videoIds: [hidden] });
      // alice sees only her own video: the count, the thumbnail and the detail agree.
      const aliceLists = (await call.ofUser(alice, alice.id)).json<{ data: PlaylistJson[] }>().data;
      expect(aliceLists.find((p) => p._id === list)).toMatchObject({
        videos: 1,
        thumbnail: `http://localhost:80/media/thumbnails/${shown}.webp`,
      });
      const forAlice = (await call.detail(alice, list)).json<{ data: PlaylistDetailJson }>().data;
      expect(forAlice.videos.map((x) => x._id)).toEqual([shown]);
      expect(forAlice.totalVideos).toBe(1);
      expect(forAlice.thumbnail).toBe(`http://localhost:80/media/thumbnails/${shown}.webp`);
      // bob owns the hidden video and sees both.
      const forBob = (await call.detail(bob, list)).json<{ data: PlaylistDetailJson }>().data;
      expect(forBob.videos.map((x) => x._id)).toEqual([hidden, shown]);
      const bobLists = (await call.ofUser(bob, bob.id)).json<{ data: PlaylistJson[] }>().data;
      expect(bobLists[0]!.videos).toBe(1);
      const carol = await createUser(t);
      const forCarol = (await call.ofUser(carol, bob.id)).json<{ data: PlaylistJson[] }>().data;
      expect(forCarol[0]).toMatchObject({ videos: 0, thumbnail: null });
    });

    it('cannot be added by anyone but their owner', async () => {
      const hidden = await insertVideo(t, bob, { isPublished: false });
      const list = await insertPlaylist(t, alice);
      expect((await call.add(alice, hidden, list)).statusCode).toBe(404);
      expect(await entryIds(t, list)).toEqual([]);
    });
  });

  describe('deleting a video', () => {
    it('deleting a video removes it from every playlist', async () => {
      const doomed = await insertVideo(t, alice);
      const one = await insertPlaylist(t, alice, { videoIds: [doomed, v[0]!] });
      const two = await insertPlaylist(t, bob, { videoIds: [doomed] });
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/videos/${doomed}`,
        headers: alice.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(await t.ctx.db.select().from(videos).where(eq(videos.id, doomed))).toEqual([]);
      expect(
        await t.ctx.db.select().from(playlistVideos).where(eq(playlistVideos.videoId, doomed)),
      ).toEqual([]);
      expect(await entryIds(t, one)).toEqual([v[0]]);
      expect(await entryIds(t, two)).toEqual([]);
    });
  });
});
