/**
 * Demo content and the synthetic catalogue: what a newcomer's first start puts in the database
 * and on disk, that counters agree with their rows, that it never runs twice, and that a failure
 * midway leaves nothing behind.
 */
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/passwords.js';
import {
  comments,
  likes,
  mediaJournal,
  playlists,
  playlistVideos,
  subscriptions,
  tweets,
  userTagScores,
  users,
  videos,
  watchHistory,
} from '../../server/db/schema.js';
import { sizedFiles } from '../../server/media/image-keys.js';
import { ffprobePath } from '../../server/media/binaries.js';
import { CATALOGUE_TAGS, addCatalogueVideos } from '../../server/seed/catalogue.js';
import { DEMO_CHANNELS, DEMO_PASSWORD } from '../../server/seed/demo-data.js';
import { seedDemoIfEmpty, type SeedLog } from '../../server/seed/index.js';
import { readMarker } from '../../server/seed/marker.js';
import type { MediaStorage } from '../../server/storage/storage.js';
import { createTestApp, type TestApp } from './helpers.js';

const SEED_TIMEOUT = 300_000;
const quiet: SeedLog = { info: () => {}, warn: () => {} };

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

describe('demo content', () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const result = await seedDemoIfEmpty(t.ctx, { info: (m) => lines.push(m), warn: () => {} });
    expect(result.seeded).toBe(true);
  }, SEED_TIMEOUT);
  afterAll(() => t?.close());

  it('creates at least 6 channels with avatar and cover files, and prints their credentials', async () => {
    const rows = await t.ctx.db.select().from(users);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const user of rows) {
      expect(await t.ctx.storage.size(user.avatarKey)).toBeGreaterThan(0);
      expect(await t.ctx.storage.size(user.coverKey)).toBeGreaterThan(0);
    }
    for (const channel of DEMO_CHANNELS) {
      expect(lines).toContain(
        `demo account: userName=${channel.userName} email=${channel.email} password=${DEMO_PASSWORD}`,
      );
    }
    const mira = rows.find((u) => u.userName === DEMO_CHANNELS[0]!.userName)!;
    expect(await verifyPassword(mira.passwordHash, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(mira.passwordHash, 'wrong-password')).toBe(false);
  });

  it('creates at least 30 real 3–10 s videos with thumbnails, one or two of them private', async () => {
    const rows = await t.ctx.db.select().from(videos);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    for (const video of rows) {
      expect(video.duration).toBeGreaterThanOrEqual(3);
      expect(video.duration).toBeLessThanOrEqual(10.5);
      expect(video.tags.length).toBeGreaterThan(0);
      expect(await t.ctx.storage.size(video.videoKey)).toBeGreaterThan(10_000);
      // Every width the 480×270 frame can fill, never enlarged.
      const thumbnails = sizedFiles(video.thumbnailKey);
      expect(thumbnails.map((file) => file.width)).toEqual([180, 360, 480]);
      for (const file of thumbnails) {
        expect(await t.ctx.storage.size(file.key)).toBeGreaterThan(100);
      }
    }
    const hidden = rows.filter((v) => !v.isPublished);
    expect(hidden.length).toBeGreaterThanOrEqual(1);
    expect(hidden.length).toBeLessThanOrEqual(2);
    expect(new Set(rows.map((v) => v.title)).size).toBe(rows.length);
    // Ages vary: at least one video younger than a week and one older than three months.
    const ages = rows.map((v) => Date.now() - v.createdAt.getTime());
    expect(Math.min(...ages)).toBeLessThan(7 * 86_400_000);
    expect(Math.max(...ages)).toBeGreaterThan(90 * 86_400_000);

    const file = path.join(t.dataDir, 'media', rows[0]!.videoKey);
    const { stdout } = await promisify(execFile)(ffprobePath(), [
      ...['-v', 'error', '-show_entries', 'stream=codec_type,codec_name', '-of', 'csv=p=0'],
      file,
    ]);
    expect(stdout.trim().split('\n').sort()).toEqual(['aac,audio', 'h264,video']);
  });

  it('keeps like and subscriber counters equal to their rows', async () => {
    const { db } = t.ctx;
    const videoLikes = await db
      .select({ id: videos.id, counter: videos.likesCount, rows: count(likes.userId) })
      .from(videos)
      .leftJoin(likes, sql`${likes.targetType} = 'video' and ${likes.targetId} = ${videos.id}`)
      .groupBy(videos.id);
    expect(videoLikes.some((v) => v.rows > 0)).toBe(true);
    for (const v of videoLikes) expect(v.counter).toBe(v.rows);

    const commentLikes = await db
      .select({ counter: comments.likesCount, rows: count(likes.userId) })
      .from(comments)
      .leftJoin(likes, sql`${likes.targetType} = 'comment' and ${likes.targetId} = ${comments.id}`)
      .groupBy(comments.id);
    expect(commentLikes.length).toBeGreaterThan(30);
    for (const c of commentLikes) expect(c.counter).toBe(c.rows);

    const subscribers = await db
      .select({ counter: users.subscriberCount, rows: count(subscriptions.subscriberId) })
      .from(users)
      .leftJoin(subscriptions, eq(subscriptions.channelId, users.id))
      .groupBy(users.id);
    expect(subscribers.some((s) => s.rows > 0)).toBe(true);
    for (const s of subscribers) expect(s.counter).toBe(s.rows);
  });

  it('gives every demo user a watch history of published videos and tags for the home chips', async () => {
    const { db } = t.ctx;
    for (const user of await db.select().from(users)) {
      const watched = await db
        .select({ published: videos.isPublished, ownerId: videos.ownerId })
        .from(watchHistory)
        .innerJoin(videos, eq(videos.id, watchHistory.videoId))
        .where(eq(watchHistory.userId, user.id));
      expect(watched.length).toBeGreaterThanOrEqual(5);
      for (const w of watched) {
        expect(w.published).toBe(true);
        expect(w.ownerId).not.toBe(user.id);
      }
      const tags = await db.select().from(userTagScores).where(eq(userTagScores.userId, user.id));
      expect(tags.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('gives every channel tweets with likes (counters equal to rows) and 2–4 playlists', async () => {
    const { db } = t.ctx;
    const tweetLikes = await db
      .select({ ownerId: tweets.ownerId, counter: tweets.likesCount, rows: count(likes.userId) })
      .from(tweets)
      .leftJoin(likes, sql`${likes.targetType} = 'tweet' and ${likes.targetId} = ${tweets.id}`)
      .groupBy(tweets.id);
    for (const tweet of tweetLikes) expect(tweet.counter).toBe(tweet.rows);
    expect(tweetLikes.some((tweet) => tweet.rows > 0)).toBe(true);
    const lists = await db
      .select({
        ownerId: playlists.ownerId,
        description: playlists.description,
        entries: count(playlistVideos.videoId),
      })
      .from(playlists)
      .leftJoin(playlistVideos, eq(playlistVideos.playlistId, playlists.id))
      .groupBy(playlists.id);
    for (const user of await db.select().from(users)) {
      expect(tweetLikes.filter((tweet) => tweet.ownerId === user.id).length).toBeGreaterThan(0);
      const own = lists.filter((list) => list.ownerId === user.id);
      expect(own.length).toBeGreaterThanOrEqual(2);
      expect(own.length).toBeLessThanOrEqual(4);
      expect(own.some((list) => list.entries > 4)).toBe(true);
      expect(own.some((list) => list.entries === 0)).toBe(true);
      expect(own.some((list) => list.description === '')).toBe(true);
    }
    // Only published videos go into demo playlists.
    const hidden = await db
      .select({ id: playlistVideos.videoId })
      .from(playlistVideos)
      .innerJoin(videos, eq(videos.id, playlistVideos.videoId))
      .where(eq(videos.isPublished, false));
    expect(hidden).toEqual([]);
  });

  it('spreads views and new subscribers over the last 90 days for the dashboard chart', async () => {
    const { db } = t.ctx;
    const result = await db.execute(sql`
      select to_char(hour at time zone 'UTC', 'YYYY-MM-DD') as day,
             sum(views)::int as views, sum(subscribers)::int as subscribers
      from channel_stat_hours where hour >= now() - interval '90 days' group by 1`);
    const days = (result as { rows: { day: string; views: number; subscribers: number }[] }).rows;
    expect(days.filter((d) => d.views > 0).length).toBeGreaterThanOrEqual(85);
    expect(days.filter((d) => d.subscribers > 0).length).toBeGreaterThanOrEqual(8);
    // Every channel has a chart, and no video's history holds more views than its counter.
    const perChannel = await db.execute(sql`
      select u.id, coalesce(sum(h.views), 0)::int as views
      from users u left join channel_stat_hours h on h.channel_id = u.id group by u.id`);
    for (const row of (perChannel as { rows: { views: number }[] }).rows) {
      expect(row.views).toBeGreaterThan(100);
    }
    const overCounted = await db.execute(sql`
      select b.video_id from video_view_blocks b join videos v on v.id = b.video_id
      group by b.video_id, v.views having sum(b.cum[128]) > v.views`);
    expect((overCounted as { rows: unknown[] }).rows).toEqual([]);
  });

  it('gives mira.kitchen three pages of history at 10 per page', async () => {
    const [mira] = await t.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.userName, 'mira.kitchen'));
    const [history] = await t.ctx.db
      .select({ n: count() })
      .from(watchHistory)
      .where(eq(watchHistory.userId, mira!.id));
    expect(history!.n).toBeGreaterThanOrEqual(21);
    expect(history!.n).toBeLessThanOrEqual(30);
  });

  it('never runs twice, and records that it finished', async () => {
    const before = await t.ctx.db.select({ n: count() }).from(videos);
    const again = await seedDemoIfEmpty(t.ctx, quiet);
    expect(again.seeded).toBe(false);
    expect(await t.ctx.db.select({ n: count() }).from(videos)).toEqual(before);
    expect((await readMarker(t.ctx.config.dataDir))?.state).toBe('done');
    // Its files (and the default images of the start) are named or shared: none is in flight.
    expect(await t.ctx.db.select().from(mediaJournal)).toEqual([]);
  });

  it('adds synthetic catalogue videos that share the existing media files', async () => {
    const { db } = t.ctx;
    const keys = new Set((await db.select({ k: videos.videoKey }).from(videos)).map((r) => r.k));
    const ownerIds = new Set((await db.select({ id: users.id }).from(users)).map((r) => r.id));
    const [{ n: before }] = (await db.select({ n: count() }).from(videos)) as [{ n: number }];
    const { inserted } = await addCatalogueVideos(t.ctx, 2500, quiet);
    expect(inserted).toBe(2500);
    const rows = await db.select().from(videos);
    expect(rows.length).toBe(before + 2500);
    for (const v of rows.slice(-50)) {
      expect(keys.has(v.videoKey)).toBe(true);
      expect(ownerIds.has(v.ownerId)).toBe(true);
      expect(v.title.length).toBeGreaterThan(0);
    }
    // Spread across owners and tags, so channel and tag pages have depth.
    expect(new Set(rows.map((v) => v.ownerId)).size).toBe(ownerIds.size);
    for (const tag of CATALOGUE_TAGS) expect(rows.some((v) => v.tags[0] === tag)).toBe(true);
  });
});

describe('demo content after a failure midway', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it(
    'leaves no rows and no files, and a later start seeds normally',
    async () => {
      // The app may keep files of its own (default images); only the seed's must not remain.
      const mediaBefore = await filesUnder(path.join(t.dataDir, 'media'));
      const real = t.ctx.storage;
      let puts = 0;
      const failing: MediaStorage = {
        put: async (key, source, type) => {
          if (++puts > 4) throw new Error('disk full');
          await real.put(key, source, type);
        },
        stream: (key, range) => real.stream(key, range),
        size: (key) => real.size(key),
        delete: (key) => real.delete(key),
        url: (key, origin) => real.url(key, origin),
        list: () => real.list(),
        copy: (from, to) => real.copy(from, to),
      };
      await expect(seedDemoIfEmpty({ ...t.ctx, storage: failing }, quiet)).rejects.toThrow(
        'disk full',
      );
      expect(await t.ctx.db.select({ n: count() }).from(users)).toEqual([{ n: 0 }]);
      expect(await filesUnder(path.join(t.dataDir, 'media'))).toEqual(mediaBefore);
      expect(await filesUnder(path.join(t.dataDir, 'tmp'))).toEqual([]);
      expect(await t.ctx.db.select().from(mediaJournal)).toEqual([]);

      const result = await seedDemoIfEmpty(t.ctx, quiet);
      expect(result.seeded).toBe(true);
      expect(result.videos).toBeGreaterThanOrEqual(30);
    },
    SEED_TIMEOUT,
  );
});
