/** The subscriptions feed: followed channels' published videos only, newest first, in pages. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoList } from '../../contract/videos.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { subscribe } from './notification-helpers.js';
import { insertVideo } from './video-helpers.js';

describe('subscriptions feed', () => {
  let t: TestApp;
  let viewer: TestUser;
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));

  const feed = async (user: TestUser, query = '') => {
    const res = await t.app.inject({
      url: `/api/v1/subscriptions/videos${query}`,
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: VideoList }>().data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    viewer = await createUser(t, 'viewer');
    const a = await createUser(t, 'chan_a');
    const b = await createUser(t, 'chan_b');
    const unfollowed = await createUser(t, 'chan_c');
    await subscribe(t, viewer, a.id);
    await subscribe(t, viewer, b.id);
    await insertVideo(t, a, { title: 'a1', createdAt: at(1) });
    await insertVideo(t, b, { title: 'b2', createdAt: at(2) });
    await insertVideo(t, a, { title: 'a3', createdAt: at(3) });
    await insertVideo(t, a, { title: 'a4 private', createdAt: at(4), isPublished: false });
    await insertVideo(t, unfollowed, { title: 'c5', createdAt: at(5) });
    await insertVideo(t, b, { title: 'b6', createdAt: at(6) });
    await insertVideo(t, viewer, { title: 'mine', createdAt: at(7) });
  });
  afterAll(() => t.close());

  it("lists the followed channels' published videos, newest first, in pages", async () => {
    const first = await feed(viewer, '?limit=2');
    expect(first.videos.map((v) => v.title)).toEqual(['b6', 'a3']);
    expect(first).toMatchObject({ page: 1, limit: 2, totalVideos: 4, totalIsLowerBound: false });
    const second = await feed(viewer, '?limit=2&page=2');
    expect(second.videos.map((v) => v.title)).toEqual(['b2', 'a1']);
    expect(second.totalVideos).toBe(4);
    const third = await feed(viewer, '?limit=2&page=3');
    expect(third.videos).toEqual([]);
    expect(third.totalVideos).toBe(4);
    expect(second.videos[0]).toMatchObject({ owner: { userName: 'chan_b' }, isPublished: true });
  });

  it('is empty for a user who follows nobody, and 401 without a session', async () => {
    const loner = await createUser(t);
    expect((await feed(loner)).videos).toEqual([]);
    const res = await t.app.inject({ url: '/api/v1/subscriptions/videos' });
    expect(res.statusCode).toBe(401);
  });
});
