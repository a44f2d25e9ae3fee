/** Issue 33: held words and the review queue, blocked users, and the creator's hand only theirs. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments } from '../../server/db/schema.js';
import type { BlockedUserList, HeldCommentList, HeldWords } from '../../contract/conversation.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { conversation, message } from './conversation-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

describe('conversation: moderation', () => {
  let t: TestApp;
  let c: ReturnType<typeof conversation>;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let videoId: string;

  beforeAll(async () => {
    t = await createTestApp();
    c = conversation(t);
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
    carol = await createUser(t, 'carol');
    dave = await createUser(t, 'dave');
    videoId = await insertVideo(t, alice);
  });
  afterAll(() => t.close());

  it('stores held words trimmed, lower-cased, deduplicated and sorted; refuses bad ones clearly', async () => {
    const res = await c.words(alice, ['  Spoiler ', 'buy  NOW', 'spoiler', 'ab']);
    expect(res.statusCode).toBe(200);
    expect(c.data<HeldWords>(res)).toEqual({ words: ['ab', 'buy now', 'spoiler'] });
    const read = await c.call(alice, 'GET', '/comments/moderation/words');
    expect(c.data<HeldWords>(read)).toEqual({ words: ['ab', 'buy now', 'spoiler'] });
    const short = await c.words(alice, ['  a  ']);
    expect(short.statusCode).toBe(400);
    expect(message(short)).toBe('words: Each held word must be 2 to 40 characters ("a" is not)');
    expect((await c.words(alice, ['x'.repeat(41)])).statusCode).toBe(400);
    expect(
      (
        await c.words(
          alice,
          Array.from({ length: 201 }, (_, i) => `w${i}`),
        )
      ).statusCode,
    ).toBe(400);
    expect((await c.words(alice, 'spoiler')).statusCode).toBe(400);
    // Another channel's list is its own.
    expect(c.data<HeldWords>(await c.call(bob, 'GET', '/comments/moderation/words'))).toEqual({
      words: [],
    });
  });

  it('holds a comment with a held word (whole words, any case) for its author and the queue only', async () => {
    await c.words(alice, ['spoiler', 'buy now']);
    const held = await c.comment(bob, videoId, 'Big SPOILER: he dies');
    expect(held.status).toBe('held');
    const fine = await c.comment(bob, videoId, 'No spoilers please, nor buynow');
    expect(fine.status).toBe('published');
    const phrase = await c.comment(carol, videoId, 'buy\n now!');
    expect(phrase.status).toBe('held');
    // The creator's own comments are never held.
    expect((await c.comment(alice, videoId, 'spoiler alert from me')).status).toBe('published');
    const forBob = await c.list(bob, videoId);
    expect(forBob.comments.map((x) => x._id)).toContain(held._id);
    expect(forBob.comments.map((x) => x._id)).not.toContain(phrase._id);
    const forDave = await c.list(dave, videoId);
    expect(forDave.comments.map((x) => x._id)).not.toContain(held._id);
    expect(forDave.totalComments).toBe(forBob.totalComments - 1);
    // Nobody else can see, like or answer it; its author cannot answer it either.
    expect((await c.like(dave, held._id)).statusCode).toBe(404);
    expect((await c.reply(dave, held._id, 'what?')).statusCode).toBe(404);
    expect((await c.reply(bob, held._id, 'me again')).statusCode).toBe(404);
    // The queue: oldest first, with the video.
    const queue = c.data<HeldCommentList>(await c.call(alice, 'GET', '/comments/moderation/held'));
    expect(queue.held.map((h) => h.comment._id)).toEqual([held._id, phrase._id]);
    expect(queue.held[0]!.video._id).toBe(videoId);
    expect(queue.totalHeld).toBe(2);
    const bobsQueue = c.data<HeldCommentList>(
      await c.call(bob, 'GET', '/comments/moderation/held'),
    );
    expect(bobsQueue.totalHeld).toBe(0);
  });

  it('approves (creator only) and then everyone sees it; the creator deletes from the queue', async () => {
    await c.words(alice, ['spoiler']);
    const held = await c.comment(bob, videoId, 'spoiler again');
    const own = await c.approve(bob, held._id);
    expect(own.statusCode).toBe(403);
    expect(message(own)).toBe("Only the video's creator can approve comments");
    expect((await c.approve(dave, held._id)).statusCode).toBe(404);
    const before = await c.counters(videoId);
    const ok = await c.approve(alice, held._id);
    expect(ok.statusCode).toBe(200);
    expect(c.data<{ status: string }>(ok).status).toBe('published');
    expect((await c.list(dave, videoId)).comments.map((x) => x._id)).toContain(held._id);
    expect(await c.counters(videoId)).toEqual({
      listed: before!.listed + 1,
      talk: before!.talk + 1,
    });
    const other = await c.comment(carol, videoId, 'spoiler!');
    expect((await c.del(alice, other._id)).statusCode).toBe(200);
    expect(await c.row(other._id)).toBeUndefined();
  });

  it('approves a held comment of a user blocked since as blocked: still only theirs', async () => {
    await c.words(alice, ['spoiler']);
    const erin = await createUser(t, 'erin');
    const held = await c.comment(erin, videoId, 'spoiler from erin');
    await c.block(alice, erin.id);
    expect((await c.row(held._id))?.status).toBe('held');
    const approved = await c.approve(alice, held._id);
    expect(c.data<{ status: string }>(approved).status).toBe('blocked');
    expect((await c.list(dave, videoId)).comments.map((x) => x._id)).not.toContain(held._id);
    await c.block(alice, erin.id, false);
    expect((await c.row(held._id))?.status).toBe('published');
  });

  it('holds an edit that brings a held word in, and a reply with one', async () => {
    await c.words(alice, ['spoiler']);
    const top = await c.comment(bob, videoId, 'harmless');
    const edited = c.data<{ status: string }>(await c.edit(bob, top._id, 'now a spoiler'));
    expect(edited.status).toBe('held');
    const host = await c.comment(carol, videoId, 'host');
    const r = await c.answer(bob, host._id, 'spoiler in a reply');
    expect(r.status).toBe('held');
    expect((await c.replies(dave, host._id)).replies).toEqual([]);
    expect((await c.replies(bob, host._id)).totalReplies).toBe(1);
    expect((await c.row(host._id))?.replyCount).toBe(0);
    await c.approve(alice, r._id);
    expect((await c.row(host._id))?.replyCount).toBe(1);
  });

  it('blocks a user: their comments only theirs, new ones refused; unblocking restores them', async () => {
    const video2 = await insertVideo(t, alice);
    const top = await c.comment(dave, video2, 'I am dave');
    const host = await c.comment(carol, video2, 'host');
    await c.answer(dave, host._id, 'dave replies');
    const before = await c.counters(video2);
    const self = await c.block(alice, alice.id);
    expect(self.statusCode).toBe(400);
    expect(message(self)).toBe("You can't block yourself");
    expect((await c.block(alice, 'AAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect(c.data(await c.block(alice, dave.id))).toEqual({ blocked: true });
    expect((await c.row(top._id))?.status).toBe('blocked');
    expect((await c.row(host._id))?.replyCount).toBe(0);
    expect(await c.counters(video2)).toEqual({
      listed: before!.listed - 1,
      talk: before!.talk - 2,
    });
    const forCarol = await c.list(carol, video2);
    expect(forCarol.comments.map((x) => x._id)).toEqual([host._id]);
    const forDave = await c.list(dave, video2);
    expect(forDave.comments.find((x) => x._id === top._id)?.status).toBe('blocked');
    for (const res of [await c.add(dave, video2, 'hello?'), await c.reply(dave, host._id, 'hi')]) {
      expect(res.statusCode).toBe(403);
      expect(message(res)).toBe("You can't comment on this channel");
    }
    // Another channel's videos are not concerned.
    const bobsVideo = await insertVideo(t, bob);
    expect((await c.add(dave, bobsVideo, 'elsewhere')).statusCode).toBe(201);
    const list = c.data<BlockedUserList>(
      await c.call(alice, 'GET', '/comments/moderation/blocked'),
    );
    expect(list.users.map((u) => u.user._id)).toEqual([dave.id]);
    expect(list.totalUsers).toBe(1);
    expect(c.data(await c.block(alice, dave.id, false))).toEqual({ blocked: false });
    expect((await c.row(top._id))?.status).toBe('published');
    expect(await c.counters(video2)).toEqual(before);
    expect((await c.add(dave, video2, 'back')).statusCode).toBe(201);
  });

  it("refuses another creator's pin, heart, approve and settings with 403, hidden ones with 404", async () => {
    const top = await c.comment(carol, videoId, 'pin me');
    for (const [res, what] of [
      [await c.pin(bob, top._id), 'pin comments'],
      [await c.heart(bob, top._id), 'heart comments'],
      [await c.approve(bob, top._id), 'approve comments'],
    ] as const) {
      expect(res.statusCode).toBe(403);
      expect(message(res)).toBe(`Only the video's creator can ${what}`);
    }
    const hidden = await insertVideo(t, alice, { isPublished: false });
    const note = await c.comment(alice, hidden, 'note');
    expect((await c.pin(bob, note._id)).statusCode).toBe(404);
    expect((await c.heart(bob, note._id)).statusCode).toBe(404);
    expect((await c.settings(bob, hidden, true)).statusCode).toBe(404);
  });

  it("leaves none of the user's comments published when a block races their new ones", async () => {
    const video = await insertVideo(t, alice);
    for (let round = 0; round < 4; round += 1) {
      const racer = await createUser(t, `racer${round}`);
      const thread = await c.comment(alice, video, `thread ${round}`);
      // Fired together, the block in the middle, nothing awaited in between.
      const writes = Array.from({ length: 8 }, (_, i) =>
        i % 2 === 0
          ? c.add(racer, video, `comment ${round}.${i}`)
          : c.reply(racer, thread._id, `reply ${round}.${i}`),
      );
      const block = c.block(alice, racer.id);
      const answers = await Promise.all([...writes, block]);
      for (const res of answers.slice(0, -1)) expect([201, 403]).toContain(res.statusCode);
      expect(answers.at(-1)!.statusCode).toBe(200);
      // Every comment written before the block is hidden with the rest; none slipped past it.
      const published = await t.ctx.db
        .select({ id: comments.id })
        .from(comments)
        .where(
          and(
            eq(comments.ownerId, racer.id),
            eq(comments.videoId, video),
            eq(comments.status, 'published'),
          ),
        );
      expect(published).toEqual([]);
    }
  });
});
