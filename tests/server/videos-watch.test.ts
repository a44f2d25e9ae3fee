/**
 * Videos API, watching: the watch answer, views once per viewer per hour, history and tag
 * interest, unpublished videos and sessions that no longer hold; removing watch history. Starts
 * from video-catalogue.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sessions,
  subscriptions,
  userTagScores,
  videoViews,
  videos,
  watchHistory,
} from '../../server/db/schema.js';
import { signAccessToken } from '../../server/auth/tokens.js';
import { createUser, type TestUser } from './auth-helpers.js';
import type { TestApp } from './helpers.js';
import { catalogueRequests, openVideoCatalogue, type VideoJson } from './video-catalogue.js';

describe('videos API', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let v: Record<string, string>;
  const { watch } = catalogueRequests(() => t);

  beforeAll(async () => {
    ({ t, alice, bob, v } = await openVideoCatalogue());
  });
  afterAll(() => t.close());

  describe('GET /videos/:videoId (watch)', () => {
    it('answers the video with the owner, subscriber count and subscription state', async () => {
      await t.ctx.db.insert(subscriptions).values({ subscriberId: bob.id, channelId: alice.id });
      await t.ctx.db.execute(sql`update users set subscriber_count = 1 where id = ${alice.id}`);
      const res = await watch(bob, v.guitar!);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: unknown }>().data).toMatchObject({
        _id: v.guitar,
        title: 'Guitar lesson for beginners',
        owner: { _id: alice.id, userName: 'alice', subscriberCount: 1, isSubscribed: true },
      });
      const carol = await createUser(t);
      const other = await watch(carol, v.guitar!);
      expect(
        other.json<{ data: VideoJson & { owner: { isSubscribed: boolean } } }>().data.owner,
      ).toMatchObject({ subscriberCount: 1, isSubscribed: false });
    });

    it('counts one view per viewer per hour and records history each time', async () => {
      const viewer = await createUser(t);
      const first = await watch(viewer, v.drums!);
      const views = first.json<{ data: VideoJson }>().data.views;
      const again = await watch(viewer, v.drums!);
      expect(again.json<{ data: VideoJson }>().data.views).toBe(views);
      await t.ctx.viewCounter.flush();
      const [row] = await t.ctx.db.select().from(videos).where(eq(videos.id, v.drums!));
      expect(row!.views).toBe(views);
      const history = await t.ctx.db
        .select()
        .from(watchHistory)
        .where(eq(watchHistory.userId, viewer.id));
      expect(history).toHaveLength(1);

      // An hour later the same viewer counts again.
      await t.ctx.db
        .update(videoViews)
        .set({ countedAt: new Date(Date.now() - 61 * 60 * 1000) })
        .where(and(eq(videoViews.userId, viewer.id), eq(videoViews.videoId, v.drums!)));
      const later = await watch(viewer, v.drums!);
      expect(later.json<{ data: VideoJson }>().data.views).toBe(views + 1);
      await t.ctx.viewCounter.flush();
      const [after] = await t.ctx.db.select().from(videos).where(eq(videos.id, v.drums!));
      expect(after!.views).toBe(views + 1);
      const historyAfter = await t.ctx.db
        .select()
        .from(watchHistory)
        .where(eq(watchHistory.userId, viewer.id));
      expect(historyAfter).toHaveLength(1);
      expect(historyAfter[0]!.watchedAt.getTime()).toBeGreaterThan(history[0]!.watchedAt.getTime());
    });

    it("adds the video's tags to the viewer's interests, frequent tags first", async () => {
      const viewer = await createUser(t);
      await watch(viewer, v.guitar!); // music, guitar
      await watch(viewer, v.drums!); // music, drums
      await t.ctx.viewCounter.flush();
      const ranked = await t.ctx.db
        .select({ tag: userTagScores.tag })
        .from(userTagScores)
        .where(eq(userTagScores.userId, viewer.id))
        .orderBy(sql`${userTagScores.score} desc`);
      expect(ranked.map((r) => r.tag)[0]).toBe('music');
      expect(ranked.map((r) => r.tag).sort()).toEqual(['drums', 'guitar', 'music']);
      // Reloading within the hour does not inflate interest.
      const before = await t.ctx.db
        .select({ score: userTagScores.score })
        .from(userTagScores)
        .where(and(eq(userTagScores.userId, viewer.id), eq(userTagScores.tag, 'drums')));
      await watch(viewer, v.drums!);
      await t.ctx.viewCounter.flush();
      const after = await t.ctx.db
        .select({ score: userTagScores.score })
        .from(userTagScores)
        .where(and(eq(userTagScores.userId, viewer.id), eq(userTagScores.tag, 'drums')));
      expect(after[0]!.score).toBe(before[0]!.score);
    });

    it('hides an unpublished video from everyone but its owner', async () => {
      const res = await watch(bob, v.secret!);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Video not found', success: false, data: null });
      expect((await watch(alice, v.secret!)).statusCode).toBe(200);
      const rows = await t.ctx.db
        .select()
        .from(watchHistory)
        .where(and(eq(watchHistory.userId, bob.id), eq(watchHistory.videoId, v.secret!)));
      expect(rows).toEqual([]);
    });

    it('answers unknown ids with 404, malformed ones with 400, and anonymous callers with 401', async () => {
      expect((await watch(bob, 'AAAAAAAAAAAAAAAA')).statusCode).toBe(404);
      const bad = await watch(bob, 'not%20an%20id');
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toMatch(/^videoId/);
      expect((await t.app.inject({ url: `/api/v1/videos/${v.guitar}` })).statusCode).toBe(401);
    });
    // The watch checks the session inside its own statement (sessionCheckedInQuery).
    it('refuses a revoked or expired session with 401 and records nothing for it', async () => {
      const viewer = await createUser(t);
      const recorded = async () => ({
        history: await t.ctx.db.$count(watchHistory, eq(watchHistory.userId, viewer.id)),
        views: await t.ctx.db.$count(videoViews, eq(videoViews.userId, viewer.id)),
      });
      const expire = (at: Date) =>
        t.ctx.db.update(sessions).set({ expiresAt: at }).where(eq(sessions.userId, viewer.id));

      await expire(new Date(Date.now() - 1000));
      const expired = await watch(viewer, v.drums!);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ message: 'Unauthorized request', data: null });
      // An unknown id answers 401 too: the session is judged before the video.
      expect((await watch(viewer, 'AAAAAAAAAAAAAAAA')).statusCode).toBe(401);

      await expire(new Date(Date.now() + 60_000));
      expect((await watch(viewer, v.drums!)).statusCode).toBe(200);
      await t.ctx.viewCounter.flush();
      expect(await recorded()).toEqual({ history: 1, views: 1 });

      await t.ctx.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.userId, viewer.id));
      await t.ctx.db.delete(watchHistory).where(eq(watchHistory.userId, viewer.id));
      expect((await watch(viewer, v.guitar!)).statusCode).toBe(401);
      await t.ctx.viewCounter.flush();
      expect(await recorded()).toEqual({ history: 0, views: 1 });

      // A valid token of another user's session is no session of this one.
      const [bobSession] = await t.ctx.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.userId, bob.id));
      const forged = signAccessToken(
        { uid: viewer.id, sid: bobSession!.id, exp: Date.now() + 60_000 },
        t.ctx.config.accessTokenSecret,
      );
      const res = await t.app.inject({
        url: `/api/v1/videos/${v.guitar}`,
        cookies: { accessToken: forged },
      });
      expect(res.statusCode).toBe(401);
      expect(await recorded()).toEqual({ history: 0, views: 1 });
    });
  });

  describe('watch-history removal', () => {
    it('removes one video from history, then answers 404 for it', async () => {
      const viewer = await createUser(t);
      await watch(viewer, v.guitar!);
      await watch(viewer, v.pasta!);
      const remove = () =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/v1/videos/watch-history/${v.guitar}`,
          headers: viewer.headers,
        });
      const res = await remove();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ data: {}, message: 'Video removed from watch history' });
      const left = await t.ctx.db
        .select({ videoId: watchHistory.videoId })
        .from(watchHistory)
        .where(eq(watchHistory.userId, viewer.id));
      expect(left).toEqual([{ videoId: v.pasta }]);
      expect((await remove()).statusCode).toBe(404);
    });

    it('clears the whole history and says how many entries went', async () => {
      const viewer = await createUser(t);
      await watch(viewer, v.guitar!);
      await watch(viewer, v.pasta!);
      await watch(bob, v.pasta!);
      const clear = () =>
        t.app.inject({
          method: 'DELETE',
          url: '/api/v1/videos/watch-history',
          headers: viewer.headers,
        });
      const res = await clear();
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: unknown }>().data).toEqual({ deletedCount: 2 });
      expect(
        await t.ctx.db.select().from(watchHistory).where(eq(watchHistory.userId, viewer.id)),
      ).toEqual([]);
      // Other people's history is untouched.
      expect(
        await t.ctx.db.select().from(watchHistory).where(eq(watchHistory.userId, bob.id)),
      ).not.toEqual([]);
      expect((await clear()).json<{ data: unknown }>().data).toEqual({ deletedCount: 0 });
    });

    it('needs a session', async () => {
      const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/videos/watch-history' });
      expect(res.statusCode).toBe(401);
    });
  });
});
