/** Issue 33: the comment list's sorts, the pinned comment, likedByUser, the counts and flags. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments } from '../../server/db/schema.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { conversation, message } from './conversation-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

describe('conversation: the list', () => {
  let t: TestApp;
  let c: ReturnType<typeof conversation>;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    c = conversation(t);
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
    carol = await createUser(t, 'carol');
  });
  afterAll(() => t.close());

  /** Three comments a second apart (Top's recency term then hardly matters among them). */
  async function threeComments(videoId: string) {
    const ids: string[] = [];
    for (let i = 1; i <= 3; i++) {
      const id = `${videoId.slice(0, 14)}c${i}`;
      await t.ctx.db.insert(comments).values({
        id,
        videoId,
        ownerId: bob.id,
        content: `comment ${i}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      });
      ids.push(id);
    }
    return ids;
  }

  it('sorts Top by likes, replies and the heart; Newest (the default) by time', async () => {
    const videoId = await insertVideo(t, alice);
    const [old, mid, recent] = await threeComments(videoId);
    await c.like(carol, old!);
    await c.like(alice, old!);
    await c.like(bob, old!);
    await c.answer(carol, mid!, 'reply');
    const top = await c.list(bob, videoId, '?sort=top');
    expect(top.comments.map((x) => x.content)).toEqual(['comment 1', 'comment 2', 'comment 3']);
    const newest = await c.list(bob, videoId);
    expect(newest.comments.map((x) => x._id)).toEqual([recent, mid, old]);
    // The creator's heart outweighs three likes.
    expect((await c.heart(alice, recent!)).statusCode).toBe(200);
    const hearted = await c.list(bob, videoId, '?sort=top');
    expect(hearted.comments[0]).toMatchObject({ _id: recent, hearted: true });
    expect((await c.call(bob, 'GET', `/comments/${videoId}?sort=best`)).statusCode).toBe(400);
  });

  it('shows the pinned comment first on page 1 beyond limit, on no other page', async () => {
    const videoId = await insertVideo(t, alice);
    const [old, mid, recent] = await threeComments(videoId);
    const res = await c.pin(alice, old!);
    expect(c.data(res)).toEqual({ pinnedCommentId: old });
    const page1 = await c.list(bob, videoId, '?limit=1');
    expect(page1.comments.map((x) => x._id)).toEqual([old, recent]);
    expect(page1.comments[0]).toMatchObject({ pinned: true });
    expect(page1.totalComments).toBe(2);
    const page2 = await c.list(bob, videoId, '?limit=1&page=2&sort=top');
    expect(page2.comments.map((x) => x._id)).toEqual([mid]);
    // A new pin replaces the old one; unpinning leaves none.
    expect(c.data(await c.pin(alice, mid!))).toEqual({ pinnedCommentId: mid });
    expect((await c.row(old!))?.pinnedAt).toBeNull();
    expect(c.data(await c.pin(alice, mid!, false))).toEqual({ pinnedCommentId: null });
    // Replies are not pinned.
    const r = await c.answer(carol, mid!, 'a reply');
    const refused = await c.pin(alice, r._id);
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toBe('Only a comment can be pinned, not a reply');
  });

  it('answers likedByUser, canModerate, commentsOff and the counts for the caller', async () => {
    const videoId = await insertVideo(t, alice);
    const mine = await c.comment(bob, videoId, 'Like me');
    await c.like(carol, mine._id);
    const forCarol = await c.list(carol, videoId);
    expect(forCarol.comments[0]).toMatchObject({ likeCount: 1, likedByUser: true });
    expect(forCarol).toMatchObject({ canModerate: false, commentsOff: false });
    const forBob = await c.list(bob, videoId);
    expect(forBob.comments[0]).toMatchObject({ likeCount: 1, likedByUser: false });
    expect((await c.list(alice, videoId)).canModerate).toBe(true);
  });

  it('turns comments off: the list stays and says so, adding and replying are refused', async () => {
    const videoId = await insertVideo(t, alice);
    const first = await c.comment(bob, videoId, 'Before');
    const other = await c.settings(bob, videoId, true);
    expect(other.statusCode).toBe(403);
    expect(message(other)).toBe("Only the video's creator can turn comments on or off");
    expect(c.data(await c.settings(alice, videoId, true))).toEqual({ commentsOff: true });
    const listed = await c.list(bob, videoId);
    expect(listed).toMatchObject({ commentsOff: true, totalComments: 1 });
    for (const res of [await c.add(bob, videoId, 'After'), await c.reply(bob, first._id, 'x')]) {
      expect(res.statusCode).toBe(403);
      expect(message(res)).toBe('Comments are turned off');
    }
    await c.settings(alice, videoId, false);
    expect((await c.add(bob, videoId, 'Again')).statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(comments).where(eq(comments.videoId, videoId));
    expect(row).toBeDefined();
  });
});
