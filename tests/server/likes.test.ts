/** Likes: status, toggles of videos and comments, counters equal to rows under concurrency. */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, likes, videos } from '../../server/db/schema.js';
import { newId } from '../../server/db/ids.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { countStatements } from './statement-counter.js';
import { insertVideo } from './video-helpers.js';

describe('likes', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let videoId: string;
  let hiddenId: string;

  const status = (user: TestUser, id: string) =>
    t.app.inject({ url: `/api/v1/likes/video/${id}`, headers: user.headers });
  const toggle = (user: TestUser, kind: 'v' | 'c' | 't', id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/likes/toggle/${kind}/${id}`,
      headers: user.headers,
    });
  async function likeRows(targetId: string) {
    const [row] = await t.ctx.db
      .select({ n: count() })
      .from(likes)
      .where(eq(likes.targetId, targetId));
    return row!.n;
  }

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
    videoId = await insertVideo(t, alice);
    hiddenId = await insertVideo(t, alice, { isPublished: false });
  });
  afterAll(() => t.close());

  it('toggles a video like on and off, with the count and the status following', async () => {
    expect((await status(bob, videoId)).json<{ data: unknown }>().data).toEqual({
      likeCount: 0,
      likedByUser: false,
    });
    const on = await toggle(bob, 'v', videoId);
    expect(on.statusCode).toBe(200);
    expect(on.json<{ data: unknown }>().data).toEqual({ liked: true, likeCount: 1 });
    expect((await status(bob, videoId)).json<{ data: unknown }>().data).toEqual({
      likeCount: 1,
      likedByUser: true,
    });
    expect((await status(alice, videoId)).json<{ data: unknown }>().data).toEqual({
      likeCount: 1,
      likedByUser: false,
    });
    const [video] = await t.ctx.db.select().from(videos).where(eq(videos.id, videoId));
    expect(video!.likesCount).toBe(1);
    expect(await likeRows(videoId)).toBe(1);

    const off = await toggle(bob, 'v', videoId);
    expect(off.json<{ data: unknown }>().data).toEqual({ liked: false, likeCount: 0 });
    expect(await likeRows(videoId)).toBe(0);
  });

  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    'toggles a video like in one statement, without a transaction (embedded)',
    async () => {
      // bob's session is checked once, then answered from memory (auth/session-cache.ts).
      expect((await status(bob, videoId)).statusCode).toBe(200);
      const counter = countStatements(t);
      try {
        for (const liked of [true, false]) {
          const trips = await counter.roundTrips(async () => {
            const res = await toggle(bob, 'v', videoId);
            expect(res.json()).toMatchObject({ data: { liked } });
          });
          expect(trips).toEqual({ statements: 1, transactions: 0 });
        }
      } finally {
        counter.restore();
      }
    },
  );

  it('keeps the counter equal to the rows under 20 concurrent toggles by one user', async () => {
    const id = await insertVideo(t, alice);
    const results = await Promise.all(Array.from({ length: 20 }, () => toggle(bob, 'v', id)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const [video] = await t.ctx.db.select().from(videos).where(eq(videos.id, id));
    const rows = await likeRows(id);
    expect(video!.likesCount).toBe(rows);
    expect(rows).toBe(0); // an even number of toggles ends where it started
    const liked = results.filter((r) => r.json<{ data: { liked: boolean } }>().data.liked);
    expect(liked).toHaveLength(10);
  });

  it('counts 20 concurrent likes by 20 users exactly', async () => {
    const id = await insertVideo(t, alice);
    const fans = await Promise.all(Array.from({ length: 20 }, () => createUser(t)));
    const results = await Promise.all(fans.map((fan) => toggle(fan, 'v', id)));
    expect(results.every((r) => r.json<{ data: { liked: boolean } }>().data.liked)).toBe(true);
    const [video] = await t.ctx.db.select().from(videos).where(eq(videos.id, id));
    expect(video!.likesCount).toBe(20);
    expect(await likeRows(id)).toBe(20);
    const counts = results.map((r) => r.json<{ data: { likeCount: number } }>().data.likeCount);
    expect(Math.max(...counts)).toBe(20);
  });

  it('toggles comment likes with the comment counter', async () => {
    const commentId = newId();
    await t.ctx.db
      .insert(comments)
      .values({ id: commentId, videoId, ownerId: alice.id, content: 'Hi' });
    const on = await toggle(bob, 'c', commentId);
    expect(on.json<{ data: unknown }>().data).toEqual({ liked: true, likeCount: 1 });
    const [row] = await t.ctx.db.select().from(comments).where(eq(comments.id, commentId));
    expect(row!.likesCount).toBe(1);
    const rows = await t.ctx.db
      .select()
      .from(likes)
      .where(and(eq(likes.targetType, 'comment'), eq(likes.targetId, commentId)));
    expect(rows).toHaveLength(1);
    expect((await toggle(bob, 'c', commentId)).json<{ data: unknown }>().data).toEqual({
      liked: false,
      likeCount: 0,
    });
  });

  it('answers 404 for unknown targets (videos, comments, tweets) and hidden videos', async () => {
    expect((await toggle(bob, 'v', 'AAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await toggle(bob, 'c', 'AAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await toggle(bob, 't', 'AAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await status(bob, 'AAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    // Someone else's unpublished video, and the comments under it, do not exist for bob.
    const hiddenComment = newId();
    await t.ctx.db
      .insert(comments)
      .values({ id: hiddenComment, videoId: hiddenId, ownerId: alice.id, content: 'Draft note' });
    expect((await status(bob, hiddenId)).statusCode).toBe(404);
    expect((await toggle(bob, 'v', hiddenId)).statusCode).toBe(404);
    expect((await toggle(bob, 'c', hiddenComment)).statusCode).toBe(404);
    expect(await likeRows(hiddenId)).toBe(0);
    // Its owner can still like it.
    expect((await toggle(alice, 'v', hiddenId)).statusCode).toBe(200);
  });

  it('needs a session and a well-formed id', async () => {
    expect((await t.app.inject({ url: `/api/v1/likes/video/${videoId}` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/likes/toggle/v/${videoId}` })).statusCode,
    ).toBe(401);
    expect((await toggle(bob, 'v', 'bad%20id')).statusCode).toBe(400);
  });
});
