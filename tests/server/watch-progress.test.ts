/**
 * Resume where you left off: PUT /videos/{id}/progress stores where the caller stopped (per user
 * and video), the watch page's GET /videos/{id} and the history read it back, and
 * GET /videos/progress gives it for a page of cards. Bounds, ownership and bad input answer in
 * the error envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

describe('watch progress', () => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;
  let video: string;

  const report = (user: TestUser | null, id: string, body: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/videos/${id}/progress`,
      headers: user?.headers ?? {},
      payload: body as object,
    });
  const watch = async (user: TestUser, id: string) => {
    const res = await t.app.inject({ url: `/api/v1/videos/${id}`, headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { progressSeconds: number | null } }>().data;
  };
  const positions = async (user: TestUser, ids: string[]) => {
    const res = await t.app.inject({
      url: `/api/v1/videos/progress?ids=${ids.join(',')}`,
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: { progress: unknown[] } }>().data.progress;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, 'owner');
    viewer = await createUser(t, 'viewer');
    video = await insertVideo(t, owner, { duration: 245 });
  });
  afterAll(() => t.close());

  it('stores the position per user and video; the next opening reads the one before it', async () => {
    expect((await watch(viewer, video)).progressSeconds).toBeNull();
    const res = await report(viewer, video, { seconds: 93.4 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { videoId: video, seconds: 93.4 } });
    expect((await watch(viewer, video)).progressSeconds).toBe(93.4);
    // Someone else's position is their own.
    expect((await watch(owner, video)).progressSeconds).toBeNull();
    await report(viewer, video, { seconds: 120 });
    expect((await watch(viewer, video)).progressSeconds).toBe(120);
  });

  it('shows in history and for cards, and is forgotten with the history entry', async () => {
    const other = await insertVideo(t, owner, { duration: 60 });
    const fresh = await createUser(t);
    await watch(fresh, other);
    await report(fresh, other, { seconds: 30 });
    const history = await t.app.inject({ url: '/api/v1/users/history', headers: fresh.headers });
    expect(history.json<{ data: { history: unknown[] } }>().data.history[0]).toMatchObject({
      progressSeconds: 30,
    });
    expect(await positions(fresh, [other, video])).toEqual([{ videoId: other, seconds: 30 }]);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/videos/watch-history/${other}`,
      headers: fresh.headers,
    });
    expect(await positions(fresh, [other])).toEqual([]);
  });

  it('writes the history row again when it was removed while the page stayed open', async () => {
    const fresh = await createUser(t);
    expect((await report(fresh, video, { seconds: 5 })).statusCode).toBe(200);
    expect(await positions(fresh, [video])).toEqual([{ videoId: video, seconds: 5 }]);
  });

  it('refuses a position past the end, negative or not a number, with the envelope', async () => {
    for (const body of [{ seconds: 247 }, { seconds: -1 }, { seconds: 'half' }, {}]) {
      const res = await report(viewer, video, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, data: null, success: false });
      expect(res.json<{ message: string }>().message).toMatch(/seconds/);
    }
    // Within the slack a player overruns by, the position is the end.
    const end = await report(viewer, video, { seconds: 245.6 });
    expect(end.json<{ data: { seconds: number } }>().data.seconds).toBe(245);
  });

  it('needs a session, and a video the caller may see', async () => {
    expect((await report(null, video, { seconds: 1 })).statusCode).toBe(401);
    expect((await report(viewer, 'no-such-video-id', { seconds: 1 })).statusCode).toBe(404);
    const hidden = await insertVideo(t, owner, { isPublished: false, duration: 50 });
    const res = await report(viewer, hidden, { seconds: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ data: null, success: false });
    // The owner may resume their own unpublished video.
    expect((await report(owner, hidden, { seconds: 1 })).statusCode).toBe(200);
  });

  it('leaves out positions in videos hidden since, and refuses a malformed id list', async () => {
    const later = await insertVideo(t, owner, { duration: 50 });
    const fresh = await createUser(t);
    await report(fresh, later, { seconds: 10 });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/toggle/publish/${later}`,
      headers: owner.headers,
    });
    expect(await positions(fresh, [later])).toEqual([]);
    const bad = await t.app.inject({
      url: '/api/v1/videos/progress?ids=a,,b',
      headers: fresh.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});
