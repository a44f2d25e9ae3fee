/**
 * Every list is one query or a fixed small number of queries whatever its length: each list call
 * sends the same number of SQL statements for a user with 1 row as for a user with 50.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids.js';
import {
  likes,
  playlists,
  playlistVideos,
  subscriptions,
  tweets,
  users,
  watchHistory,
} from '../../server/db/schema.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { countStatements, warmSessions } from './statement-counter.js';
import { insertVideo } from './video-helpers.js';

/** A user holding `n` of every listed thing, and the playlist that holds `n` videos. */
async function userWith(t: TestApp, n: number, channels: TestUser[], videoIds: string[]) {
  const user = await createUser(t);
  const { db } = t.ctx;
  const ids = (k: number) => Array.from({ length: k }, () => newId());
  const lists = ids(n);
  await db
    .insert(playlists)
    .values(lists.map((id, i) => ({ id, ownerId: user.id, name: `L${i}` })));
  await db
    .insert(playlistVideos)
    .values([
      ...videoIds.slice(0, n).map((videoId) => ({ playlistId: lists[0]!, videoId })),
      ...lists.slice(1).map((playlistId, i) => ({ playlistId, videoId: videoIds[i]! })),
    ]);
  const tweetIds = ids(n);
  await db
    .insert(tweets)
    .values(tweetIds.map((id, i) => ({ id, ownerId: user.id, content: `tweet ${i}` })));
  await db
    .insert(likes)
    .values(
      tweetIds.map((targetId) => ({ userId: user.id, targetType: 'tweet' as const, targetId })),
    );
  await db
    .insert(subscriptions)
    .values(channels.slice(0, n).map((c) => ({ subscriberId: user.id, channelId: c.id })));
  await db
    .insert(subscriptions)
    .values(channels.slice(0, n).map((c) => ({ subscriberId: c.id, channelId: user.id })));
  await db
    .insert(watchHistory)
    .values(videoIds.slice(0, n).map((videoId) => ({ id: newId(), userId: user.id, videoId })));
  return { user, playlistId: lists[0]! };
}

describe('statements per list call', () => {
  let t: TestApp;
  let one: Awaited<ReturnType<typeof userWith>>;
  let many: Awaited<ReturnType<typeof userWith>>;
  let viewer: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    const channels = [];
    for (let i = 0; i < 50; i++) channels.push(await createUser(t));
    const videoIds = [];
    for (let i = 0; i < 50; i++) videoIds.push(await insertVideo(t, channels[i]!));
    one = await userWith(t, 1, channels, videoIds);
    many = await userWith(t, 50, channels, videoIds);
    viewer = await createUser(t);
    await warmSessions(t, [viewer]);
  }, 120_000);
  afterAll(() => t.close());

  const calls: [string, (u: Awaited<ReturnType<typeof userWith>>) => string, number][] = [
    ['playlists of a user', (u) => `/playlist/user/${u.user.id}`, 50],
    ['playlist detail', (u) => `/playlist/${u.playlistId}`, 50],
    ['tweets of a user', (u) => `/tweets/user/${u.user.id}?limit=50`, 50],
    ['channels a user subscribes to', (u) => `/subscriptions/u/${u.user.id}`, 50],
    ["a channel's subscribers", (u) => `/subscriptions/c/${u.user.id}`, 50],
  ];

  it.each(calls)('%s: the same statements at 1 and at 50 rows', async (_name, path, rows) => {
    const counter = countStatements(t);
    try {
      const sizes: number[] = [];
      const statements: number[] = [];
      for (const u of [one, many]) {
        let body: { data: unknown } = { data: null };
        statements.push(
          await counter.during(async () => {
            const res = await t.app.inject({ url: `/api/v1${path(u)}`, headers: viewer.headers });
            expect(res.statusCode).toBe(200);
            body = res.json();
          }),
        );
        const data = body.data as unknown[] | { videos: unknown[] };
        sizes.push(Array.isArray(data) ? data.length : data.videos.length);
      }
      expect(sizes).toEqual([1, rows]);
      expect(statements[1]).toBe(statements[0]);
      // At most four statements of the list itself, and the session check where it is asked.
      expect(statements[0]).toBeGreaterThanOrEqual(2);
      expect(statements[0]).toBeLessThanOrEqual(5);
    } finally {
      counter.restore();
    }
  });

  it('the caller-only lists (history, own subscriptions) too', async () => {
    const counter = countStatements(t);
    try {
      for (const path of ['/users/history?limit=50', '/subscriptions']) {
        const statements: number[] = [];
        const sizes: number[] = [];
        for (const u of [one, many]) {
          statements.push(
            await counter.during(async () => {
              const res = await t.app.inject({ url: `/api/v1${path}`, headers: u.user.headers });
              const data = res.json<{ data: unknown[] | { history: unknown[] } }>().data;
              sizes.push(Array.isArray(data) ? data.length : data.history.length);
            }),
          );
        }
        expect(sizes, path).toEqual([1, 50]);
        expect(statements[1], path).toBe(statements[0]);
      }
    } finally {
      counter.restore();
    }
  });

  it('counts statements at all (the spy sees the queries)', async () => {
    const counter = countStatements(t);
    try {
      const n = await counter.during(() => t.ctx.db.select().from(users).limit(1));
      expect(n).toBe(1);
    } finally {
      counter.restore();
    }
  });
});
