/**
 * Issue 35: a signed-in viewer's watch page is rendered from the watch itself
 * (server/pages/server-render.ts). The server reads who asks from the page's cookie
 * (`pageViewer`) and makes the watch its API call would make (`watchForPage`): history written,
 * the view counted once with the source of a first load. A video not there for the viewer, or an
 * ended session, is no watch at all (the page then goes out unrendered and the SPA asks the API).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { VideoAnalytics } from '../../contract/video-analytics.js';
import { videos } from '../../server/db/schema.js';
import { revokeSession } from '../../server/auth/sessions.js';
import { pageViewer } from '../../server/pages/page-session.js';
import { watchForPage } from '../../server/videos/index.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { API, call } from './dashboard-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

describe('the watch a page is rendered from', () => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;
  const urls = () => ({ storage: t.ctx.storage, origin: 'http://localhost' });
  const cookiesOf = (user: TestUser) => ({ accessToken: user.cookie.split('=')[1] });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    viewer = await createUser(t);
  });
  afterAll(() => t?.close());

  it("reads the viewer from the page's access cookie, and nobody from a forged one", () => {
    const read = pageViewer(t.ctx, cookiesOf(viewer));
    expect(read?.userId).toBe(viewer.id);
    expect(read?.sessionId).toEqual(expect.any(String));
    expect(pageViewer(t.ctx, { accessToken: `${cookiesOf(viewer).accessToken}x` })).toBeNull();
    expect(pageViewer(t.ctx, {})).toBeNull();
  });

  it('records the watch in history and counts one view from its source', async () => {
    const videoId = await insertVideo(t, owner, { duration: 60 });
    const who = pageViewer(t.ctx, cookiesOf(viewer))!;
    const video = await watchForPage(t.ctx, videoId, who, urls(), 'shared');
    expect(video?._id).toBe(videoId);
    expect(video?.owner._id).toBe(owner.id);
    // The same watch again within the hour (a reload) counts no second view.
    await watchForPage(t.ctx, videoId, who, urls(), 'shared');
    await t.ctx.viewCounter.flush();
    const history = await call<{ history: { video: { _id: string } }[] }>(
      t,
      viewer,
      'GET',
      '/users/history?page=1&limit=5',
    );
    expect(history.history.map((entry) => entry.video._id)).toEqual([videoId]);
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/dashboard/videos/${videoId}/analytics?days=7&timeZone=UTC`,
      headers: owner.headers,
    });
    const analytics = res.json<{ data: VideoAnalytics }>().data;
    expect(analytics.views).toBe(1);
    expect(analytics.sources.find((s) => s.source === 'shared')?.views).toBe(1);
  });

  it('is no watch for a video the viewer may not see, or after the session ended', async () => {
    const who = pageViewer(t.ctx, cookiesOf(viewer))!;
    expect(await watchForPage(t.ctx, 'AAAAAAAAAAAAAAAA', who, urls(), 'shared')).toBeNull();
    const hidden = await insertVideo(t, owner, { duration: 60 });
    await t.ctx.db.update(videos).set({ visibility: 'private' }).where(eq(videos.id, hidden));
    expect(await watchForPage(t.ctx, hidden, who, urls(), 'shared')).toBeNull();
    const leaving = await createUser(t);
    const gone = pageViewer(t.ctx, cookiesOf(leaving))!;
    await revokeSession(t.ctx.db, gone.sessionId);
    const videoId = await insertVideo(t, owner, { duration: 60 });
    expect(await watchForPage(t.ctx, videoId, gone, urls(), 'shared')).toBeNull();
  });
});
