/**
 * GET /dashboard/videos/{videoId}/analytics (issue 34): made by the real calls a viewer's browser
 * makes (the watch with its source, the player's progress reports, likes, comments), read by the
 * owner; anyone else, or no such video: 404; a bad zone or period: 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoAnalytics } from '../../contract/video-analytics.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { API, call, likeVideo, postComment } from './dashboard-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

describe('per-video analytics', () => {
  let t: TestApp;
  let owner: TestUser;
  let viewers: TestUser[];

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    viewers = await Promise.all(Array.from({ length: 4 }, () => createUser(t)));
  });
  afterAll(() => t?.close());

  const analytics = (user: TestUser, videoId: string, query = 'days=7&timeZone=UTC') =>
    t.app.inject({
      method: 'GET',
      url: `${API}/dashboard/videos/${videoId}/analytics?${query}`,
      headers: user.headers,
    });

  const report = (viewer: TestUser, videoId: string, seconds: number) =>
    call(t, viewer, 'PUT', `/videos/${videoId}/progress`, { seconds });

  it('counts views by source, watch time, retention by tenths, likes and comments', async () => {
    const videoId = await insertVideo(t, owner, { duration: 100 });
    const sources = ['feed', 'search', 'upNext', ''];
    for (const [i, viewer] of viewers.entries()) {
      const query = sources[i] ? `?source=${sources[i]}` : '';
      await call(t, viewer, 'GET', `/videos/${videoId}${query}`);
    }
    await t.ctx.viewCounter.flush();
    // Viewer 0 plays to the end in 5 s reports; viewer 1 to 45 s; viewer 2 jumps to 95 s (a seek:
    // no watch time for the jump); viewer 3 never plays.
    for (let s = 5; s <= 100; s += 5) await report(viewers[0]!, videoId, s);
    for (let s = 5; s <= 45; s += 5) await report(viewers[1]!, videoId, s);
    await report(viewers[2]!, videoId, 5);
    await report(viewers[2]!, videoId, 95);
    await likeVideo(t, viewers[0]!, videoId);
    await postComment(t, viewers[1]!, videoId);
    await postComment(t, viewers[2]!, videoId);

    const res = await analytics(owner, videoId);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: VideoAnalytics }>().data;
    expect(data.views).toBe(4);
    expect(data.daily).toHaveLength(7);
    expect(data.daily.at(-1)).toMatchObject({ views: 4, likes: 1, comments: 2 });
    expect(data.watchSeconds).toBe(100 + 45 + 5);
    expect(data.averageViewSeconds).toBe(150 / 4);
    expect(data.likes).toBe(1);
    expect(data.comments).toBe(2);
    expect(data.retentionViewers).toBe(3);
    expect(data.retention).toHaveLength(11);
    expect(data.retention[0]).toBe(1);
    expect(data.retention[4]).toBe(1); // all three reached 40 s
    expect(data.retention[5]).toBeCloseTo(2 / 3); // viewer 1 stopped at 45 s
    expect(data.retention[9]).toBeCloseTo(2 / 3);
    expect(data.retention[10]).toBeCloseTo(1 / 3); // only viewer 0 reached the end
    expect(Object.fromEntries(data.sources.map((s) => [s.source, s.views]))).toEqual({
      feed: 1,
      search: 1,
      upNext: 1,
      channel: 0,
      shared: 0,
      elsewhere: 1,
    });
  });

  it('counts a viewer once per hour, also in the sources; rewinding adds no retention', async () => {
    const videoId = await insertVideo(t, owner, { duration: 50 });
    const viewer = viewers[0]!;
    await call(t, viewer, 'GET', `/videos/${videoId}?source=channel`);
    await call(t, viewer, 'GET', `/videos/${videoId}?source=channel`);
    await t.ctx.viewCounter.flush();
    await report(viewer, videoId, 30);
    await report(viewer, videoId, 10);
    await report(viewer, videoId, 15);
    const data = (await analytics(owner, videoId)).json<{ data: VideoAnalytics }>().data;
    expect(data.views).toBe(1);
    expect(data.sources.find((s) => s.source === 'channel')?.views).toBe(1);
    expect(data.retentionViewers).toBe(1);
    expect(data.retention.slice(6)).toEqual([1, 0, 0, 0, 0]);
    expect(data.watchSeconds).toBe(5);
  });

  it('answers 404 to anyone but the owner, and for an unknown video', async () => {
    const videoId = await insertVideo(t, owner, { isPublished: false });
    expect((await analytics(owner, videoId)).statusCode).toBe(200);
    const other = await analytics(viewers[1]!, videoId);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ success: false, data: null, message: 'Video not found' });
    expect((await analytics(owner, 'AAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    const noSession = await t.app.inject({
      method: 'GET',
      url: `${API}/dashboard/videos/${videoId}/analytics`,
    });
    expect(noSession.statusCode).toBe(401);
  });

  it('refuses an unknown zone, a period it does not offer and an unknown source', async () => {
    const videoId = await insertVideo(t, owner);
    expect((await analytics(owner, videoId, 'timeZone=Mars/Base')).statusCode).toBe(400);
    expect((await analytics(owner, videoId, 'days=5')).statusCode).toBe(400);
    const watch = await t.app.inject({
      method: 'GET',
      url: `${API}/videos/${videoId}?source=tracker`,
      headers: viewers[0]!.headers,
    });
    expect(watch.statusCode).toBe(400);
  });

  it('counts local days in the viewer zone', async () => {
    const videoId = await insertVideo(t, owner);
    const res = await analytics(owner, videoId, 'days=28&timeZone=Asia/Tokyo');
    const data = res.json<{ data: VideoAnalytics }>().data;
    expect(data.daily).toHaveLength(28);
    expect(data.to).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format());
    expect(data.retention).toEqual([]);
  });
});
