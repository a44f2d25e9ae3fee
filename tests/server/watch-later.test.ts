/**
 * Watch later (issue 23): one per user, made on first use, visible to its owner only (not in a
 * channel's list, 404 by id to others), and it holds other people's public videos, which leave it
 * for everyone but their owner when unpublished or deleted, counts following.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import {
  api,
  insertPlaylist,
  type PlaylistDetailJson,
  type PlaylistJson,
} from './playlist-helpers.js';
import { insertVideo } from './video-helpers.js';

describe('Watch later and other people’s videos in playlists', () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;

  const watchLater = async (user: TestUser) => {
    const res = await t.app.inject({ url: '/api/v1/playlist/watch-later', headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: PlaylistJson }>().data;
  };
  const detail = async (user: TestUser, id: string) =>
    (await api(t).detail(user, id)).json<{ data: PlaylistDetailJson }>().data;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createUser(t, 'anna');
    b = await createUser(t, 'bert');
  });
  afterAll(() => t.close());

  it('is made on first use, once, and named Watch later', async () => {
    const first = await watchLater(a);
    expect(first).toMatchObject({ playlistName: 'Watch later', videos: 0 });
    expect((await watchLater(a))._id).toBe(first._id);
  });

  it('holds B’s public video for A, visible to A only', async () => {
    const video = await insertVideo(t, b, { title: 'Bert’s clip' });
    const list = await watchLater(a);
    expect((await api(t).add(a, video, list._id)).statusCode).toBe(200);
    expect(await detail(a, list._id)).toMatchObject({
      totalVideos: 1,
      videos: [{ _id: video, title: 'Bert’s clip' }],
    });
    expect((await watchLater(a)).videos).toBe(1);
    // Not on A's channel list, even for A; 404 by id to B; B cannot add to it either.
    const own = await api(t).ofUser(a, a.id);
    expect(own.json<{ data: PlaylistJson[] }>().data.map((p) => p._id)).not.toContain(list._id);
    expect((await api(t).detail(b, list._id)).statusCode).toBe(404);
    const foreign = await api(t).add(b, video, list._id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ data: null, success: false });
  });

  it('cannot be renamed or deleted', async () => {
    const list = await watchLater(a);
    const renamed = await api(t).update(a, list._id, { name: 'Mine' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({ message: 'Watch later cannot be renamed or deleted' });
    expect((await api(t).remove(a, list._id)).statusCode).toBe(400);
  });

  it('drops an unpublished or deleted video of someone else for everyone but its owner', async () => {
    const kept = await insertVideo(t, b);
    const hidden = await insertVideo(t, b);
    const gone = await insertVideo(t, b);
    const list = await insertPlaylist(t, a, { videoIds: [kept, hidden, gone] });
    const toggled = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/toggle/publish/${hidden}`,
      headers: b.headers,
    });
    expect(toggled.statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/videos/${gone}`,
      headers: b.headers,
    });
    expect(deleted.statusCode).toBe(200);
    const seenByA = await detail(a, list);
    expect(seenByA.videos.map((v) => v._id)).toEqual([kept]);
    expect(seenByA.totalVideos).toBe(1);
    const listed = (await api(t).ofUser(a, a.id)).json<{ data: PlaylistJson[] }>().data;
    expect(listed.find((p) => p._id === list)?.videos).toBe(1);
    // The video's owner still sees their unpublished one in A's list; the deleted one is gone.
    const seenByB = await detail(b, list);
    expect(seenByB.videos.map((v) => v._id)).toEqual([kept, hidden]);
  });
});
