/**
 * Playlists: create, list, detail, rename, delete, add and remove videos; ownership (403 and the
 * row unchanged), limits, insertion order, hidden videos, and the cascades on delete.
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
  playlistRow,
  type PlaylistDetailJson,
  type PlaylistJson,
} from './playlist-helpers.js';
import { insertVideo } from './video-helpers.js';

const UNKNOWN = 'AAAAAAAAAAAAAAAA';
// Asymmetric matchers are typed `any`; held as `unknown` they stay type-safe.
const aString: unknown = expect.any(String);

describe('playlists', () => {
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

  describe('create', () => {
    it('creates an empty playlist from title and description', async () => {
      const res = await call.create(alice, { title: '  Weeknight dinners  ', description: 'Fast' });
      expect(res.statusCode).toBe(201);
      const body = res.json<{ data: PlaylistJson; success: boolean; statusCode: number }>();
      expect(body).toMatchObject({ statusCode: 201, success: true });
      expect(body.data).toEqual({
        _id: aString,
        playlistName: 'Weeknight dinners',
        description: 'Fast',
        videos: 0,
        thumbnail: null,
        createdAt: aString,
        updatedAt: aString,
      });
    });

    it('accepts form fields and no description', async () => {
      const res = await call.create(alice, { title: 'No words' });
      expect(res.statusCode).toBe(201);
      expect(res.json<{ data: PlaylistJson }>().data.description).toBe('');
      const form = await t.app.inject({
        method: 'POST',
        url: '/api/v1/playlist',
        headers: { ...alice.headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'title=From+a+form&description=urlencoded',
      });
      expect(form.statusCode).toBe(201);
      expect(form.json<{ data: PlaylistJson }>().data.playlistName).toBe('From a form');
    });

    it('takes a 100-character name and refuses 101 characters, a blank name and a long description', async () => {
      expect((await call.create(alice, { title: 'n'.repeat(100) })).statusCode).toBe(201);
      const long = await call.create(alice, { title: 'n'.repeat(101) });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ success: false, data: null });
      expect(long.json<{ message: string }>().message).toMatch(/^title: /);
      expect((await call.create(alice, { title: '   ' })).json()).toMatchObject({
        statusCode: 400,
        message: 'title: is required',
      });
      expect(
        (await call.create(alice, { title: 'ok', description: 'd'.repeat(1001) })).statusCode,
      ).toBe(400);
    });

    it('answers 401 without a session', async () => {
      expect((await call.create(null, { title: 'x' })).statusCode).toBe(401);
    });
  });

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
      expect(page2).toMatchObject({ totalVideos: 4, page: 2, limit: 3 });
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

  describe("a user's playlists", () => {
    it('lists them newest first with the total, paged', async () => {
      const dan = await createUser(t);
      const day = 86_400_000;
      const ids = [];
      for (let i = 0; i < 3; i++) {
        ids.push(
          await insertPlaylist(t, dan, {
            name: `L${i}`,
            createdAt: new Date(Date.now() - (3 - i) * day),
          }),
        );
      }
      const res = await call.ofUser(alice, dan.id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('3');
      expect(res.json<{ data: PlaylistJson[] }>().data.map((p) => p.playlistName)).toEqual([
        'L2',
        'L1',
        'L0',
      ]);
      const page2 = await call.ofUser(alice, dan.id, '?limit=2&page=2');
      expect(page2.json<{ data: PlaylistJson[] }>().data.map((p) => p._id)).toEqual([ids[0]]);
      expect(page2.headers['x-total-count']).toBe('3');
      expect((await call.ofUser(alice, (await createUser(t)).id)).json()).toMatchObject({
        data: [],
      });
    });

    it('answers 404 for an unknown user, 400 for a bad page and 401 without a session', async () => {
      expect((await call.ofUser(alice, UNKNOWN)).statusCode).toBe(404);
      expect((await call.ofUser(alice, alice.id, '?page=0')).statusCode).toBe(400);
      expect((await t.app.inject({ url: `/api/v1/playlist/user/${alice.id}` })).statusCode).toBe(
        401,
      );
      expect((await t.app.inject({ url: `/api/v1/playlist/${UNKNOWN}` })).statusCode).toBe(401);
    });
  });

  describe("another's playlist", () => {
    it('answers 403 to every mutation and leaves the row and its entries unchanged', async () => {
      const list = await insertPlaylist(t, alice, {
        name: 'Mine',
        description: 'Keep',
        videoIds: [v[0]!],
      });
      const before = await playlistRow(t, list);
      const attempts = [
        await call.update(bob, list, { name: 'Taken', description: 'over' }),
        await call.add(bob, v[1]!, list),
        await call.take(bob, v[0]!, list),
        await call.remove(bob, list),
      ];
      for (const res of attempts) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ success: false, data: null });
      }
      expect(await playlistRow(t, list)).toEqual(before);
      expect(await entryIds(t, list)).toEqual([v[0]]);
      const anonymous = await t.app.inject({ method: 'DELETE', url: `/api/v1/playlist/${list}` });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('rename and delete', () => {
    it('renames, keeps or clears the description, and enforces the name limit', async () => {
      const list = await insertPlaylist(t, alice, { name: 'Old', description: 'Words' });
      const renamed = await call.update(alice, list, { name: ' New ' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json<{ data: PlaylistJson }>().data).toMatchObject({
        playlistName: 'New',
        description: 'Words',
      });
      const cleared = await call.update(alice, list, { name: 'New', description: '' });
      expect(cleared.json<{ data: PlaylistJson }>().data.description).toBe('');
      expect((await call.update(alice, list, { name: 'n'.repeat(101) })).statusCode).toBe(400);
      expect((await call.update(alice, list, { name: '' })).statusCode).toBe(400);
      expect((await playlistRow(t, list))!.name).toBe('New');
    });

    it('deleting a playlist removes its entries', async () => {
      const list = await insertPlaylist(t, alice, { videoIds: [v[0]!, v[1]!] });
      const res = await call.remove(alice, list);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ data: {}, success: true });
      expect(await playlistRow(t, list)).toBeUndefined();
      expect(await entryIds(t, list)).toEqual([]);
      expect((await call.detail(alice, list)).statusCode).toBe(404);
    });

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
