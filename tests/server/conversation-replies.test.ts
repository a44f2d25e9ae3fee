/** Issue 33: threads one level deep, replyTo, paging oldest first, edits, deletes, tombstones. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likes } from '../../server/db/schema.js';
import { eq } from 'drizzle-orm';
import { createUser, type TestUser } from './auth-helpers.js';
import { conversation, message } from './conversation-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

describe('conversation: replies', () => {
  let t: TestApp;
  let c: ReturnType<typeof conversation>;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let videoId: string;

  beforeAll(async () => {
    t = await createTestApp();
    c = conversation(t);
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
    carol = await createUser(t, 'carol');
    videoId = await insertVideo(t, alice);
  });
  afterAll(() => t.close());

  it('a reply to a reply joins the thread and answers its author', async () => {
    const top = await c.comment(bob, videoId, 'First!');
    const r1 = await c.answer(carol, top._id, 'Hi bob');
    expect(r1).toMatchObject({ parentId: top._id, replyTo: { _id: bob.id, userName: 'bob' } });
    const r2 = await c.answer(alice, r1._id, '@carol thanks');
    expect(r2).toMatchObject({ parentId: top._id, replyTo: { _id: carol.id, userName: 'carol' } });
    const thread = await c.replies(bob, top._id);
    expect(thread.replies.map((r) => r._id)).toEqual([r1._id, r2._id]);
    expect(thread).toMatchObject({ totalReplies: 2, page: 1, limit: 10 });
    const listed = await c.list(bob, videoId);
    expect(listed.comments.find((x) => x._id === top._id)).toMatchObject({ replyCount: 2 });
    expect((await c.row(top._id))?.replyCount).toBe(2);
    // The list pages over comments; the heading counts comments and replies.
    expect(listed).toMatchObject({ totalComments: 1, commentAndReplyCount: 3 });
  });

  it('pages a thread oldest first, 10 a page', async () => {
    const top = await c.comment(bob, videoId, 'Long thread');
    for (let i = 1; i <= 12; i++) await c.answer(carol, top._id, `reply ${i}`);
    const first = await c.replies(bob, top._id);
    expect(first.replies.map((r) => r.content)).toEqual(
      Array.from({ length: 10 }, (_, i) => `reply ${i + 1}`),
    );
    expect(first.totalReplies).toBe(12);
    const second = await c.replies(bob, top._id, '?page=2');
    expect(second.replies.map((r) => r.content)).toEqual(['reply 11', 'reply 12']);
  });

  it('lets the author edit a reply ("(edited)": updatedAt moves) and nobody else', async () => {
    const top = await c.comment(bob, videoId, 'Edit me');
    const r = await c.answer(carol, top._id, 'typo');
    expect((await c.edit(bob, r._id, 'hijack')).statusCode).toBe(403);
    const res = await c.edit(carol, r._id, 'fixed');
    expect(res.statusCode).toBe(200);
    expect(c.data<{ content: string; parentId: string }>(res)).toMatchObject({
      content: 'fixed',
      parentId: top._id,
    });
    expect((await c.row(r._id))?.content).toBe('fixed');
  });

  it('leaves a tombstone for a comment with replies; the last reply deleted takes it along', async () => {
    const top = await c.comment(bob, videoId, 'Controversial');
    const r = await c.answer(carol, top._id, 'I disagree');
    await c.like(carol, top._id);
    const before = await c.counters(videoId);
    expect((await c.del(bob, top._id)).statusCode).toBe(200);
    const listed = await c.list(carol, videoId);
    expect(listed.comments.find((x) => x._id === top._id)).toMatchObject({
      deleted: true,
      content: '',
      replyCount: 1,
    });
    expect(await c.counters(videoId)).toEqual({ listed: before!.listed, talk: before!.talk - 1 });
    // A tombstone takes no replies, edits or likes, and is not deleted twice.
    expect((await c.reply(carol, top._id, 'more')).statusCode).toBe(404);
    expect((await c.edit(bob, top._id, 'back')).statusCode).toBe(404);
    expect((await c.like(carol, top._id)).statusCode).toBe(404);
    expect((await c.del(bob, top._id)).statusCode).toBe(404);
    // Its thread still reads, and the last reply's deletion removes the tombstone and its likes.
    expect((await c.replies(carol, top._id)).replies.map((x) => x._id)).toEqual([r._id]);
    expect((await c.del(carol, r._id)).statusCode).toBe(200);
    expect(await c.row(top._id)).toBeUndefined();
    expect(await t.ctx.db.select().from(likes).where(eq(likes.targetId, top._id))).toEqual([]);
    expect(await c.counters(videoId)).toEqual({
      listed: before!.listed - 1,
      talk: before!.talk - 2,
    });
  });

  it("lets the video's creator delete anyone's comment or reply on it, nobody else", async () => {
    const top = await c.comment(bob, videoId, 'Spam');
    const r = await c.answer(bob, top._id, 'More spam');
    const res = await c.del(carol, r._id);
    expect(res.statusCode).toBe(403);
    expect(message(res)).toBe("Only the author or the video's creator can delete this comment");
    expect((await c.del(alice, r._id)).statusCode).toBe(200);
    expect((await c.row(top._id))?.replyCount).toBe(0);
    expect((await c.del(alice, top._id)).statusCode).toBe(200);
    expect(await c.row(top._id)).toBeUndefined();
  });

  it('answers 404 for replies under what one may not see, unknown ids included', async () => {
    const hidden = await insertVideo(t, alice, { isPublished: false });
    const note = await c.comment(alice, hidden, 'Private note');
    expect((await c.reply(bob, note._id, 'peek')).statusCode).toBe(404);
    expect((await c.call(bob, 'GET', `/comments/c/${note._id}/replies`)).statusCode).toBe(404);
    expect((await c.reply(bob, 'AAAAAAAAAAAAAAAA', 'x')).statusCode).toBe(404);
    expect((await c.reply(bob, note._id, '   ')).statusCode).toBe(400);
  });
});
