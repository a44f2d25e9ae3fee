/** GET /users/history: newest first, one entry per video, paged, unpublished of others left out. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchHistory } from '../../server/db/schema.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

interface HistoryJson {
  history: { _id: string; watchedAt: string; video: { _id: string; title: string } }[];
  currentPage: number;
  totalPages: number;
  totalHistory: number;
}

describe('GET /users/history', () => {
  let t: TestApp;
  let alice: TestUser;

  const history = async (user: TestUser, query = '') => {
    const res = await t.app.inject({ url: `/api/v1/users/history${query}`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: HistoryJson }>().data;
  };
  const watch = (user: TestUser, id: string) =>
    t.app.inject({ url: `/api/v1/videos/${id}`, headers: user.headers });
  async function setWatchedAt(user: TestUser, videoId: string, at: Date) {
    await t.ctx.db
      .update(watchHistory)
      .set({ watchedAt: at })
      .where(and(eq(watchHistory.userId, user.id), eq(watchHistory.videoId, videoId)));
  }

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
  });
  afterAll(() => t.close());

  it('is empty, page 1 of 1, for a new user', async () => {
    expect(await history(await createUser(t))).toEqual({
      history: [],
      currentPage: 1,
      totalPages: 1,
      totalHistory: 0,
    });
  });

  it('lists watched videos newest first, once each, 10 per page', async () => {
    const viewer = await createUser(t);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const id = await insertVideo(t, alice, { title: `Video ${i}` });
      ids.push(id);
      await watch(viewer, id);
      await setWatchedAt(viewer, id, new Date(Date.UTC(2026, 0, 1 + i)));
    }
    await watch(viewer, ids[0]!); // watched again: moves to the top, still one entry
    const first = await history(viewer);
    expect(first).toMatchObject({ currentPage: 1, totalPages: 2, totalHistory: 12 });
    expect(first.history.map((h) => h.video.title)).toEqual([
      'Video 0',
      ...[11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => `Video ${i}`),
    ]);
    expect(first.history[0]!.video).toMatchObject({ _id: ids[0], owner: { _id: alice.id } });
    expect(new Date(first.history[0]!.watchedAt).getTime()).toBeGreaterThan(Date.UTC(2026, 0, 13));
    const second = await history(viewer, '?page=2');
    expect(second.history.map((h) => h.video.title)).toEqual(['Video 2', 'Video 1']);
    expect(second.currentPage).toBe(2);
    const small = await history(viewer, '?limit=5&page=3');
    expect(small).toMatchObject({ totalPages: 3, currentPage: 3 });
    expect(small.history).toHaveLength(2);
  });

  it("leaves out other people's videos once unpublished, but keeps one's own", async () => {
    const viewer = await createUser(t);
    const shown = await insertVideo(t, alice, { title: 'Stays' });
    const hidden = await insertVideo(t, alice, { title: 'Goes private' });
    const own = await insertVideo(t, viewer, { title: 'My own draft' });
    for (const id of [shown, hidden, own]) await watch(viewer, id);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/toggle/publish/${hidden}`,
      headers: alice.headers,
    });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/toggle/publish/${own}`,
      headers: viewer.headers,
    });
    const data = await history(viewer);
    expect(data.history.map((h) => h.video.title).sort()).toEqual(['My own draft', 'Stays']);
    expect(data.totalHistory).toBe(2);

    // Published again, it is back where it was.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/toggle/publish/${hidden}`,
      headers: alice.headers,
    });
    const again = await history(viewer);
    expect(again.history.map((h) => h.video.title).sort()).toEqual([
      'Goes private',
      'My own draft',
      'Stays',
    ]);
    expect(again.totalHistory).toBe(3);
  });

  it("records a watch of one's own draft, and nothing for a video the viewer may not see", async () => {
    const viewer = await createUser(t);
    const othersDraft = await insertVideo(t, alice, { title: 'Not yours', isPublished: false });
    const ownDraft = await insertVideo(t, viewer, { title: 'Mine', isPublished: false });
    expect((await watch(viewer, othersDraft)).statusCode).toBe(404);
    expect((await watch(viewer, 'no-such-video-id')).statusCode).toBe(404);
    expect((await watch(viewer, ownDraft)).statusCode).toBe(200);
    const rows = await t.ctx.db
      .select({ videoId: watchHistory.videoId, visible: watchHistory.visible })
      .from(watchHistory)
      .where(eq(watchHistory.userId, viewer.id));
    expect(rows).toEqual([{ videoId: ownDraft, visible: true }]);
    expect((await history(viewer)).history.map((h) => h.video.title)).toEqual(['Mine']);
  });

  it('refuses bad paging with 400 and anonymous callers with 401', async () => {
    for (const query of ['?limit=0', '?limit=51', '?page=0', '?page=x']) {
      const res = await t.app.inject({
        url: `/api/v1/users/history${query}`,
        headers: alice.headers,
      });
      expect(res.statusCode, query).toBe(400);
    }
    expect((await t.app.inject({ url: '/api/v1/users/history' })).statusCode).toBe(401);
  });
});
