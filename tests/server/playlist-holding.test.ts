/**
 * Issue 29, Save shows where the video already is: GET /playlist/holding/{videoId} names which of
 * the caller's own playlists (Watch later included) hold a video, never anyone else's, and only
 * for a video the caller may see; and "Watch later" is reserved, whatever its case or spacing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESERVED_NAME_MESSAGE } from '../../contract/playlists.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { api, insertPlaylist, type PlaylistJson } from './playlist-helpers.js';
import { insertVideo } from './video-helpers.js';

interface Envelope<T> {
  statusCode: number;
  data: T;
  message: string;
  success: boolean;
}

describe('which playlists hold a video', () => {
  let t: TestApp;
  let anna: TestUser;
  let bert: TestUser;
  let video: string;
  let hidden: string;

  const holding = (user: TestUser | null, videoId: string) =>
    t.app.inject({ url: `/api/v1/playlist/holding/${videoId}`, headers: user?.headers ?? {} });
  const watchLater = async (user: TestUser) =>
    (await t.app.inject({ url: '/api/v1/playlist/watch-later', headers: user.headers })).json<
      Envelope<PlaylistJson>
    >().data._id;

  beforeAll(async () => {
    t = await createTestApp();
    anna = await createUser(t, 'anna_holding');
    bert = await createUser(t, 'bert_holding');
    video = await insertVideo(t, bert);
    hidden = await insertVideo(t, bert, { isPublished: false });
  });
  afterAll(() => t.close());

  it('names the caller’s own playlists that hold it, Watch later included', async () => {
    const later = await watchLater(anna);
    const trip = await insertPlaylist(t, anna, { name: 'Road trip', videoIds: [video] });
    await insertPlaylist(t, anna, { name: 'Empty' });
    // Bert's own playlist holding it is his, not Anna's: never named to her.
    await insertPlaylist(t, bert, { name: 'Mine', videoIds: [video] });
    expect((await api(t).add(anna, video, later)).statusCode).toBe(200);

    const res = await holding(anna, video);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Envelope<{ videoId: string; playlistIds: string[] }>>();
    expect(body.success).toBe(true);
    expect(body.data.videoId).toBe(video);
    expect([...body.data.playlistIds].sort()).toEqual([later, trip].sort());

    expect((await api(t).take(anna, video, trip)).statusCode).toBe(200);
    const after = (await holding(anna, video)).json<Envelope<{ playlistIds: string[] }>>();
    expect(after.data.playlistIds).toEqual([later]);
  });

  it('is empty for a video in none of the caller’s playlists', async () => {
    const other = await insertVideo(t, bert);
    const res = await holding(anna, other);
    expect(res.json<Envelope<{ playlistIds: string[] }>>().data.playlistIds).toEqual([]);
  });

  it('is 404 for a video the caller may not see or that does not exist, 401 signed out', async () => {
    const unseen = await holding(anna, hidden);
    expect(unseen.statusCode).toBe(404);
    expect(unseen.json()).toMatchObject({ success: false, data: null, message: 'Video not found' });
    // The owner sees his unpublished video, and which of his lists hold it.
    const own = await insertPlaylist(t, bert, { videoIds: [hidden] });
    const mine = (await holding(bert, hidden)).json<Envelope<{ playlistIds: string[] }>>();
    expect(mine.data.playlistIds).toEqual([own]);
    expect((await holding(anna, 'AAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await holding(null, video)).statusCode).toBe(401);
  });
});

describe('"Watch later" is reserved', () => {
  let t: TestApp;
  let anna: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    anna = await createUser(t, 'anna_reserved');
  });
  afterAll(() => t.close());

  it.each(['Watch later', 'watch later', '  WATCH   LATER ', 'WatchLater', 'watch\tlater'])(
    'refuses to create a playlist named %j with a 409 in the envelope',
    async (title) => {
      const res = await api(t).create(anna, { title, description: 'x' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        statusCode: 409,
        data: null,
        success: false,
        message: `title: ${RESERVED_NAME_MESSAGE}`,
      });
    },
  );

  it('refuses to rename a playlist to it, and allows names that only contain it', async () => {
    const made = await api(t).create(anna, { title: 'Watch later 2', description: 'x' });
    expect(made.statusCode).toBe(201);
    const id = made.json<Envelope<PlaylistJson>>().data._id;
    const res = await api(t).update(anna, id, { name: 'watch LATER' });
    expect(res.statusCode).toBe(409);
    expect(res.json<Envelope<null>>().message).toBe(`name: ${RESERVED_NAME_MESSAGE}`);
    const lists = (await api(t).ofUser(anna, anna.id)).json<Envelope<PlaylistJson[]>>().data;
    expect(lists.map((p) => p.playlistName)).toEqual(['Watch later 2']);
  });
});
