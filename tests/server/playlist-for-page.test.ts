/**
 * Issue 35: a signed-in viewer's Playlist page is rendered from what `GET /playlist/{segment}`
 * answers them (server/playlists/playlist-for-page.ts): the same playlist, `WL` as their own
 * Watch later, and nothing (the page then goes out unrendered and the SPA asks) where the API
 * answers 400 or 404, so the HTML shows no one a playlist the API would not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids.js';
import { playlistForPage } from '../../server/playlists/index.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { api, insertPlaylist, type PlaylistDetailJson } from './playlist-helpers.js';
import { insertVideo } from './video-helpers.js';

describe('the playlist a page is rendered from', () => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;
  // The origin app.inject's answers are built for, so the two answers compare whole.
  const urls = () => ({ storage: t.ctx.storage, origin: 'http://localhost:80' });
  const forPage = (segment: string, user: TestUser) =>
    playlistForPage(t.ctx.db, segment, user.id, urls());
  const fromApi = async (segment: string, user: TestUser) => {
    const res = await api(t).detail(user, segment);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: PlaylistDetailJson }>().data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    viewer = await createUser(t);
  });
  afterAll(() => t?.close());

  it("is the API's answer for the viewer: the playlist and its first page of videos", async () => {
    const first = await insertVideo(t, owner, { title: 'First in the list' });
    const second = await insertVideo(t, owner, { title: 'Second in the list' });
    const playlistId = await insertPlaylist(t, owner, { name: 'Road trip' });
    for (const videoId of [first, second]) await api(t).add(owner, videoId, playlistId);
    const page = await forPage(playlistId, viewer);
    expect(page).toMatchObject({ playlistName: 'Road trip', totalVideos: 2, page: 1 });
    expect(page?.videos.map((video) => video._id)).toEqual([first, second]);
    expect(JSON.parse(JSON.stringify(page))).toEqual(await fromApi(playlistId, viewer));
  });

  it("is the viewer's own Watch later for WL, and nobody else's by its id", async () => {
    const mine = await forPage('WL', viewer);
    expect(mine?.playlistName).toBe('Watch later');
    expect(mine?.owner._id).toBe(viewer.id);
    expect(JSON.parse(JSON.stringify(mine))).toEqual(await fromApi('WL', viewer));
    expect(await forPage(mine!._id, owner)).toBeNull();
  });

  it('is nothing for an unknown id or a segment no playlist can have', async () => {
    for (const segment of [newId(), 'not-an-id', '../users', 'wl', '']) {
      expect(await forPage(segment, viewer), segment).toBeNull();
    }
  });
});
