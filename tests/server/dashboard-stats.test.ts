/**
 * GET /dashboard/stats: each figure against rows made for it through the API, another user's
 * content never counted, the caller's unpublished videos counted, 401 without a session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats } from '../../contract/dashboard.js';
import { createUser, type TestUser } from './auth-helpers.js';
import {
  API,
  call,
  likeVideo,
  postComment,
  postTweet,
  subscribe,
  watch,
} from './dashboard-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

describe('GET /dashboard/stats', () => {
  let t: TestApp;
  let creator: TestUser;
  let other: TestUser;
  let fans: TestUser[];

  beforeAll(async () => {
    t = await createTestApp();
    creator = await createUser(t);
    other = await createUser(t);
    fans = [await createUser(t), await createUser(t), await createUser(t)];
    const [a, b] = fans as [TestUser, TestUser, TestUser];

    // The creator: two published videos, one private one (views and likes only from the creator).
    const v1 = await insertVideo(t, creator);
    const v2 = await insertVideo(t, creator);
    const hidden = await insertVideo(t, creator, { isPublished: false });
    await watch(t, a, v1);
    await watch(t, b, v1);
    await watch(t, a, v2);
    await watch(t, creator, hidden);
    await likeVideo(t, a, v1);
    await likeVideo(t, b, v1);
    await likeVideo(t, creator, hidden);
    // Tweets: three, two likes in all.
    const t1 = await postTweet(t, creator);
    await postTweet(t, creator);
    await postTweet(t, creator);
    await call(t, a, 'POST', `/likes/toggle/t/${t1}`);
    await call(t, b, 'POST', `/likes/toggle/t/${t1}`);
    // The creator's comment on another channel's video, liked once, counts; a fan's comment on
    // the creator's video, liked by the creator, is the fan's and does not.
    const othersVideo = await insertVideo(t, other);
    const mine = await postComment(t, creator, othersVideo);
    await call(t, a, 'POST', `/likes/toggle/c/${mine}`);
    const fansComment = await postComment(t, a, v1);
    await call(t, creator, 'POST', `/likes/toggle/c/${fansComment}`);
    // Playlists: two, and Watch later, which the Playlists tab does not list and so is not counted.
    await call(t, creator, 'POST', '/playlist', { title: 'One' });
    await call(t, creator, 'POST', '/playlist', { title: 'Two' });
    await call(t, creator, 'GET', '/playlist/watch-later');
    // Subscribers: three.
    for (const fan of fans) await subscribe(t, fan, creator.id);

    // Another channel's content and engagement, which must never show up in the creator's stats.
    await watch(t, a, othersVideo);
    await likeVideo(t, a, othersVideo);
    const otherTweet = await postTweet(t, other);
    await call(t, a, 'POST', `/likes/toggle/t/${otherTweet}`);
    await call(t, other, 'POST', '/playlist', { title: 'Theirs' });
    await subscribe(t, a, other.id);
    // Counted views reach the dashboard tables when the view counter writes them.
    await t.ctx.viewCounter.flush();
  });
  afterAll(() => t?.close());

  it("counts each figure from its own source, the caller's content only", async () => {
    const stats = await call<DashboardStats>(t, creator, 'GET', '/dashboard/stats');
    expect(stats).toEqual({
      id: creator.id,
      totalViews: 4,
      totalVideos: 3,
      subscribersCount: 3,
      playlistsCount: 2,
      tweetsCount: 3,
      totalVideosLikes: 3,
      totalTweetsLikes: 2,
      totalCommentsLikes: 1,
    });
  });

  it('counts the playlists that the Playlists tab lists (Watch later is not one)', async () => {
    const stats = await call<DashboardStats>(t, creator, 'GET', '/dashboard/stats');
    const res = await t.app.inject({
      url: `${API}/playlist/user/${creator.id}?page=1&limit=50`,
      headers: creator.headers,
    });
    const listed = res.json<{ data: unknown[] }>().data;
    expect(stats.playlistsCount).toBe(listed.length);
    expect(stats.playlistsCount).toBe(Number(res.headers['x-total-count']));
  });

  it('shows another user only their own figures', async () => {
    const stats = await call<DashboardStats>(t, other, 'GET', '/dashboard/stats');
    expect(stats).toEqual({
      id: other.id,
      totalViews: 1,
      totalVideos: 1,
      subscribersCount: 1,
      playlistsCount: 1,
      tweetsCount: 1,
      totalVideosLikes: 1,
      totalTweetsLikes: 1,
      totalCommentsLikes: 0,
    });
  });

  it('is all zeros for a user without content', async () => {
    const newcomer = await createUser(t);
    const stats = await call<DashboardStats>(t, newcomer, 'GET', '/dashboard/stats');
    expect(stats).toMatchObject({ totalViews: 0, totalVideos: 0, totalCommentsLikes: 0 });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/dashboard/stats` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, data: null });
  });
});
