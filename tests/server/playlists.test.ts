/**
 * Playlists: create, list, rename, delete; ownership (403 and the row unchanged), the name and
 * description limits, and deleting a playlist removes its entries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import {
  api,
  entryIds,
  insertPlaylist,
  playlistRow,
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
        message: 'title: Title is required',
      });
      expect(
        (await call.create(alice, { title: 'ok', description: 'd'.repeat(1001) })).statusCode,
      ).toBe(400);
    });

    it('answers 401 to every call without a session, before reading the body', async () => {
      expect((await call.create(null, { title: 'x' })).statusCode).toBe(401);
      expect((await call.create(null, { title: 'n'.repeat(101) })).statusCode).toBe(401);
      const calls: [string, string][] = [
        ['GET', `/playlist/user/${alice.id}`],
        ['GET', `/playlist/${UNKNOWN}`],
        ['PATCH', `/playlist/${UNKNOWN}`],
        ['DELETE', `/playlist/${UNKNOWN}`],
        ['PATCH', `/playlist/add/${UNKNOWN}/${UNKNOWN}`],
        ['PATCH', `/playlist/remove/${UNKNOWN}/${UNKNOWN}`],
      ];
      for (const [method, url] of calls) {
        const res = await t.app.inject({ method: method as 'GET', url: `/api/v1${url}` });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
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
  });
});
