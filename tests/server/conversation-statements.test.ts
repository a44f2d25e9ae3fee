/**
 * Issue 33's lists send a fixed small number of statements whatever their length: a video's
 * comments (both sorts, a pinned one among them), a thread, the review queue and the blocked list
 * at 1 row and at 50 (likedByUser, authors and whom a reply answers come with the page's query).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids.js';
import { channelBlockedUsers, comments, likes } from '../../server/db/schema.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { conversation } from './conversation-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { countStatements, warmSessions } from './statement-counter.js';
import { insertVideo } from './video-helpers.js';

describe('conversation: statements per list call', () => {
  let t: TestApp;
  let viewer: TestUser;
  const sides: { creator: TestUser; videoId: string; threadId: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    viewer = await createUser(t);
    const people: TestUser[] = [];
    for (let i = 0; i < 50; i++) people.push(await createUser(t));
    for (const n of [1, 50]) {
      const creator = await createUser(t);
      const videoId = await insertVideo(t, creator);
      const threadId = newId();
      await t.ctx.db.insert(comments).values({
        id: threadId,
        videoId,
        ownerId: creator.id,
        content: 'thread',
        pinnedAt: new Date(),
      });
      const rows = people.slice(0, n).flatMap((p, i) => [
        { id: newId(), videoId, ownerId: p.id, content: `comment ${i}` },
        {
          id: newId(),
          videoId,
          ownerId: p.id,
          content: `reply ${i}`,
          parentId: threadId,
          replyToUserId: creator.id,
        },
        { id: newId(), videoId, ownerId: p.id, content: `held ${i}`, status: 'held' as const },
      ]);
      await t.ctx.db.insert(comments).values(rows);
      await t.ctx.db
        .insert(likes)
        .values(
          rows.map((r) => ({ userId: viewer.id, targetType: 'comment' as const, targetId: r.id })),
        );
      await t.ctx.db
        .insert(channelBlockedUsers)
        .values(people.slice(0, n).map((p) => ({ channelId: creator.id, userId: p.id })));
      sides.push({ creator, videoId, threadId });
    }
    await warmSessions(t, [viewer, ...sides.map((side) => side.creator)]);
  }, 120_000);
  afterAll(() => t.close());

  const calls: [string, (s: (typeof sides)[number]) => [TestUser | null, string]][] = [
    ['Newest', (s) => [null, `/comments/${s.videoId}?limit=50`]],
    ['Top', (s) => [null, `/comments/${s.videoId}?limit=50&sort=top`]],
    ['a thread', (s) => [null, `/comments/c/${s.threadId}/replies?limit=50`]],
    ['the review queue', (s) => [s.creator, '/comments/moderation/held?limit=50']],
    ['the blocked users', (s) => [s.creator, '/comments/moderation/blocked?limit=50']],
  ];

  it.each(calls)('%s: the same statements at 1 and at 50 rows', async (_name, target) => {
    const counter = countStatements(t);
    const c = conversation(t);
    try {
      const statements: number[] = [];
      const sizes: number[] = [];
      for (const side of sides) {
        const [who, url] = target(side);
        statements.push(
          await counter.during(async () => {
            const res = await c.call(who ?? viewer, 'GET', url);
            expect(res.statusCode).toBe(200);
            const data = c.data<Record<string, unknown[]>>(res);
            const list = data.comments ?? data.replies ?? data.held ?? data.users ?? [];
            sizes.push(list.length);
          }),
        );
      }
      // The pinned comment comes in addition on page 1.
      expect(sizes[1]).toBeGreaterThan(sizes[0]!);
      expect(statements[1]).toBe(statements[0]);
      expect(statements[0]).toBeLessThanOrEqual(5);
    } finally {
      counter.restore();
    }
  });
});
