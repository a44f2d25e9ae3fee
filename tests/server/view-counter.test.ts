/**
 * Counted views are queued by GET /videos/{id} and written by the view counter in one statement:
 * the answer shows the view at once, the database after a flush (or the app's close), with the
 * dashboard's tables and the viewers' tag interests moving in the same statement.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DashboardStats, DashboardViews } from '../../contract/dashboard.js';
import type { HistoryPage } from '../../contract/history.js';
import { userTagScores, videoViews, videos } from '../../server/db/schema.js';
import type { Db } from '../../server/db/client.js';
import { decayedTagScore } from '../../server/videos/tag-scores.js';
import { ViewCounter } from '../../server/videos/view-counter.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { call, watch } from './dashboard-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

const DAY = 86_400_000;

async function storedViews(t: TestApp, videoId: string) {
  const [row] = await t.ctx.db
    .select({ views: videos.views })
    .from(videos)
    .where(eq(videos.id, videoId));
  return row!.views;
}

describe('view counter', () => {
  let t: TestApp;
  let creator: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    creator = await createUser(t);
  });
  afterAll(() => t?.close());

  it('keeps a counted view a HOT update: no index of videos holds its views', async () => {
    // PostgreSQL rewrites every index entry of a row when an update changes an indexed column,
    // INCLUDE columns and those of expressions and predicates too (migration 0028 says why).
    const result = await t.ctx.db.execute(sql`
      select i.indexrelid::regclass::text as name from pg_index i
      where i.indrelid = 'videos'::regclass
        and ((select attnum from pg_attribute where attrelid = 'videos'::regclass
              and attname = 'views') = any(i.indkey::int2[])
          or pg_get_indexdef(i.indexrelid) ~ '[[:<:]]views[[:>:]]')`);
    expect((result as { rows: { name: string }[] }).rows).toEqual([]);
    // The check itself sees an index on views_tier, which the steps need.
    const tiers = await t.ctx.db.execute(sql`
      select count(*)::int as n from pg_index i where i.indrelid = 'videos'::regclass
        and pg_get_indexdef(i.indexrelid) ~ '[[:<:]]views_tier[[:>:]]'`);
    expect((tiers as { rows: { n: number }[] }).rows[0]?.n).toBeGreaterThan(0);
  });

  it('answers with the view at once and writes it at the flush', async () => {
    const viewer = await createUser(t);
    const video = await insertVideo(t, creator);
    const answer = await watch(t, viewer, video);
    expect(answer).toMatchObject({ views: 1 });
    expect(await storedViews(t, video)).toBe(0);
    // The history entry does not wait for the flush.
    const { history } = await call<HistoryPage>(t, viewer, 'GET', '/users/history');
    expect(history.map((h) => h.video._id)).toEqual([video]);

    await t.ctx.viewCounter.flush();
    expect(await storedViews(t, video)).toBe(1);
    expect(await watch(t, viewer, video)).toMatchObject({ views: 1 });
  });

  it('counts every one of 30 concurrent viewers of one video, once each', async () => {
    const video = await insertVideo(t, creator);
    const viewers = await Promise.all(Array.from({ length: 30 }, () => createUser(t)));
    const answers = await Promise.all(viewers.map((v) => watch(t, v, video)));
    // Each answer includes the views queued before it, its own among them.
    expect(Math.max(...answers.map((a) => (a as { views: number }).views))).toBe(30);
    await Promise.all(viewers.slice(0, 10).map((v) => watch(t, v, video))); // reloads
    await t.ctx.viewCounter.flush();
    expect(await storedViews(t, video)).toBe(30);
    const marks = await t.ctx.db.select().from(videoViews).where(eq(videoViews.videoId, video));
    expect(marks).toHaveLength(30);
  });

  it("adds the video's tags to the viewer's interests at the flush", async () => {
    const viewer = await createUser(t);
    const guitar = await insertVideo(t, creator, { tags: ['music', 'guitar'] });
    const drums = await insertVideo(t, creator, { tags: ['music', 'drums'] });
    await watch(t, viewer, guitar);
    await watch(t, viewer, drums);
    const scores = () =>
      t.ctx.db
        .select({ tag: userTagScores.tag, now: decayedTagScore })
        .from(userTagScores)
        .where(eq(userTagScores.userId, viewer.id))
        .orderBy(userTagScores.tag);
    expect(await scores()).toEqual([]);
    await t.ctx.viewCounter.flush();
    const after = await scores();
    expect(after.map((s) => s.tag)).toEqual(['drums', 'guitar', 'music']);
    expect(after[2]!.now).toBeCloseTo(2, 3);
    expect(after[0]!.now).toBeCloseTo(1, 3);
  });

  it('puts a view on the dashboard at the time it was watched, not the time it was written', async () => {
    const channel = await createUser(t);
    const viewer = await createUser(t);
    const video = await insertVideo(t, channel);
    const threeDaysAgo = new Date(Date.now() - 3 * DAY);
    t.ctx.viewCounter.add({ userId: viewer.id, videoId: video, at: threeDaysAgo });
    await watch(t, creator, video);
    await t.ctx.viewCounter.flush();
    const data = await call<DashboardViews>(t, channel, 'GET', '/dashboard/views?days=7&tz=UTC');
    const day = (at: Date) => data.daily.find((d) => d.date === at.toISOString().slice(0, 10));
    expect(day(threeDaysAgo)).toMatchObject({ views: 1 });
    expect(day(new Date())).toMatchObject({ views: 1 });
    const stats = await call<DashboardStats>(t, channel, 'GET', '/dashboard/stats');
    expect(stats.totalViews).toBe(data.totalViews);
    expect(stats.totalViews).toBe(2);
  });

  it('keeps the views of a failed flush and writes them with the next one', async () => {
    const viewer = await createUser(t);
    const video = await insertVideo(t, creator);
    await watch(t, viewer, video);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await t.ctx.db.execute(sql`alter table video_views rename to video_views_away`);
    try {
      await t.ctx.viewCounter.flush();
    } finally {
      await t.ctx.db.execute(sql`alter table video_views_away rename to video_views`);
    }
    expect(errors).toHaveBeenCalledTimes(1);
    errors.mockRestore();
    expect(await storedViews(t, video)).toBe(0);
    expect(t.ctx.viewCounter.pendingViews(video)).toBe(1);
    await t.ctx.viewCounter.flush();
    expect(await storedViews(t, video)).toBe(1);
    expect(t.ctx.viewCounter.pendingViews(video)).toBe(0);
  });

  it('writes a large queue in steps, keeps the answer exact between them, and keeps the rest of a failed one', async () => {
    const video = await insertVideo(t, creator);
    const viewers = await Promise.all(Array.from({ length: 5 }, () => createUser(t)));
    let statements = 0;
    let betweenSteps: number[] = [];
    // The real database, failing the third statement once.
    const db = {
      execute: async (query: Parameters<Db['execute']>[0]) => {
        statements += 1;
        betweenSteps.push((await storedViews(t, video)) + counter.pendingViews(video));
        if (statements === 3) throw new Error('the database went away');
        return t.ctx.db.execute(query);
      },
    } as unknown as Db;
    const onError = vi.fn();
    const counter = new ViewCounter(db, { intervalMs: 3_600_000, viewsPerStatement: 2, onError });
    const now = new Date();
    for (const viewer of viewers) counter.add({ userId: viewer.id, videoId: video, at: now });

    await counter.flush();
    // Steps of 2, 2 and 1: the first two went in, the third failed; its view waits.
    expect(statements).toBe(3);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(await storedViews(t, video)).toBe(4);
    expect(counter.pendingViews(video)).toBe(1);
    expect(betweenSteps).toEqual([5, 5, 5]);

    betweenSteps = [];
    await counter.close();
    expect(statements).toBe(4);
    expect(await storedViews(t, video)).toBe(5);
    expect(counter.pendingViews(video)).toBe(0);
    expect(betweenSteps).toEqual([5]);
    const marks = await t.ctx.db.select().from(videoViews).where(eq(videoViews.videoId, video));
    expect(marks).toHaveLength(5);
  });

  it('skips a video deleted before the flush and writes the rest', async () => {
    const viewer = await createUser(t);
    const kept = await insertVideo(t, creator);
    const deleted = await insertVideo(t, creator);
    await watch(t, viewer, kept);
    await watch(t, viewer, deleted);
    await t.ctx.db.delete(videos).where(eq(videos.id, deleted));
    await t.ctx.viewCounter.flush();
    expect(await storedViews(t, kept)).toBe(1);
    expect(t.ctx.viewCounter.pendingViews(deleted)).toBe(0);
  });
});

describe('view counter on close', () => {
  it('writes every queued view when the app closes', async () => {
    const t = await createTestApp();
    try {
      const creator = await createUser(t);
      const viewers = await Promise.all(Array.from({ length: 5 }, () => createUser(t)));
      const video = await insertVideo(t, creator, { tags: ['rain'] });
      for (const viewer of viewers) await watch(t, viewer, video);
      await t.app.close();
      expect(await storedViews(t, video)).toBe(5);
      const [interest] = await t.ctx.db
        .select({ now: decayedTagScore })
        .from(userTagScores)
        .where(and(eq(userTagScores.userId, viewers[0]!.id), eq(userTagScores.tag, 'rain')));
      expect(interest!.now).toBeCloseTo(1, 3);
    } finally {
      await t.close();
    }
  });
});
