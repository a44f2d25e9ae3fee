/**
 * A new comment is written with its creator's notice in one statement (issue 35,
 * comment-access.ts insertComment): the notice stands only if the comment does; a held comment,
 * the creator's own and a muted type notify nobody; a block read by the insert itself refuses
 * it and leaves nothing. On the embedded database the whole comment is three statements and no
 * transaction.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertComment } from '../../server/comments/comment-access.js';
import { newId } from '../../server/db/ids.js';
import {
  channelBlockedUsers,
  channelHeldWords,
  comments,
  notificationMutes,
  notifications,
} from '../../server/db/schema.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { conversation } from './conversation-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { countStatements, warmSessions } from './statement-counter.js';
import { insertVideo } from './video-helpers.js';

const embedded = !process.env.TEST_DATABASE_URL;

describe('a new comment and its notice', () => {
  let t: TestApp;
  let creator: TestUser;
  let viewer: TestUser;
  let videoId: string;

  beforeAll(async () => {
    t = await createTestApp();
    creator = await createUser(t);
    viewer = await createUser(t);
    videoId = await insertVideo(t, creator);
    await t.ctx.db.insert(channelHeldWords).values({ channelId: creator.id, word: 'spoiler' });
  });
  afterAll(() => t.close());

  const noticesOf = (commentId: string) =>
    t.ctx.db
      .select({ recipientId: notifications.recipientId, type: notifications.type })
      .from(notifications)
      .where(eq(notifications.commentId, commentId));

  it('notifies the creator of a published comment, not of a held one or of their own', async () => {
    const c = conversation(t);
    const published = c.data<{ _id: string }>(await c.add(viewer, videoId, 'Lovely light'));
    expect(await noticesOf(published._id)).toEqual([{ recipientId: creator.id, type: 'comment' }]);
    const held = await c.add(viewer, videoId, 'Big spoiler ahead');
    expect(held.statusCode).toBe(201);
    expect(await noticesOf(c.data<{ _id: string }>(held)._id)).toEqual([]);
    const own = c.data<{ _id: string }>(await c.add(creator, videoId, 'Thanks all'));
    expect(await noticesOf(own._id)).toEqual([]);
  });

  it('writes no notice of a type the creator switched off, and still the comment', async () => {
    await t.ctx.db.insert(notificationMutes).values({ userId: creator.id, type: 'comment' });
    try {
      const c = conversation(t);
      const res = await c.add(viewer, videoId, 'Quiet please');
      expect(res.statusCode).toBe(201);
      expect(await noticesOf(c.data<{ _id: string }>(res)._id)).toEqual([]);
    } finally {
      await t.ctx.db
        .delete(notificationMutes)
        .where(
          and(eq(notificationMutes.userId, creator.id), eq(notificationMutes.type, 'comment')),
        );
    }
  });

  it('refuses a comment the insert finds blocked, leaving no comment and no notice', async () => {
    // The route checks the block before; this is a block that came in between.
    const blocked = await createUser(t);
    await t.ctx.db
      .insert(channelBlockedUsers)
      .values({ channelId: creator.id, userId: blocked.id });
    const id = newId();
    const write = insertComment(
      t.ctx.db,
      embedded,
      { id, videoId, ownerId: blocked.id, content: 'sneaking in', status: 'published' },
      creator.id,
      {
        recipientId: creator.id,
        type: 'comment',
        actorId: blocked.id,
        videoId,
        commentId: id,
        dedupeKey: `comment:${id}`,
      },
    );
    await expect(write).rejects.toMatchObject({
      kind: 'forbidden',
      message: "You can't comment on this channel",
    });
    expect(await t.ctx.db.select().from(comments).where(eq(comments.id, id))).toEqual([]);
    expect(await noticesOf(id)).toEqual([]);
  });

  it.skipIf(!embedded)('is three statements and no transaction (embedded)', async () => {
    await warmSessions(t, [viewer]);
    const counter = countStatements(t);
    try {
      const trips = await counter.roundTrips(async () => {
        const res = await conversation(t).add(viewer, videoId, 'One more');
        expect(res.statusCode).toBe(201);
      });
      // The video with the block and held words, the insert with its notice, the new row.
      expect(trips).toEqual({ statements: 3, transactions: 0 });
    } finally {
      counter.restore();
    }
  });
});
