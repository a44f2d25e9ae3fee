/**
 * GET /dashboard/views: views and new subscribers per day in the viewer's time zone, every day of
 * the period present, the period's top videos, only the caller's channel; 400 for a bad period or
 * zone, 401 without a session. Views are made as the view counter makes them (video_views rows,
 * inserted or re-counted), at chosen times.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardViews } from '../../contract/dashboard.js';
import { subscriptions, videoViews } from '../../server/db/schema.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { API, call, subscribe, watch } from './dashboard-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

const DAY = 86_400_000;
const localDate = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);

describe('GET /dashboard/views', () => {
  let t: TestApp;
  let viewers: TestUser[];

  beforeAll(async () => {
    t = await createTestApp();
    viewers = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
  });
  afterAll(() => t?.close());

  /** One counted view per viewer of `videoId` at `at`, as the view counter records it. */
  async function viewsAt(videoId: string, at: Date, count = 1) {
    await t.ctx.db
      .insert(videoViews)
      .values(viewers.slice(0, count).map((v) => ({ userId: v.id, videoId, countedAt: at })));
  }

  const views = (user: TestUser, query: string) =>
    call<DashboardViews>(t, user, 'GET', `/dashboard/views?${query}`);

  const dayOf = (data: DashboardViews, date: string) => data.daily.find((d) => d.date === date);

  it('has every day of the period, oldest first, today last, 0 where nothing happened', async () => {
    const creator = await createUser(t);
    const data = await views(creator, 'days=7&tz=UTC');
    expect(data.days).toBe(7);
    expect(data.daily).toHaveLength(7);
    expect(data.to).toBe(localDate(new Date(), 'UTC'));
    expect(data.from).toBe(localDate(new Date(Date.now() - 6 * DAY), 'UTC'));
    data.daily.forEach((d, i) =>
      expect(d).toEqual({
        date: localDate(new Date(Date.now() - (6 - i) * DAY), 'UTC'),
        views: 0,
        subscribers: 0,
      }),
    );
    expect(data).toMatchObject({ totalViews: 0, newSubscribers: 0, topVideos: [] });
  });

  it('defaults to 28 days in UTC', async () => {
    const creator = await createUser(t);
    const data = await views(creator, '');
    expect(data).toMatchObject({ days: 28, timeZone: 'UTC' });
    expect(data.daily).toHaveLength(28);
  });

  it("counts today's views made through the watch call, and a re-counted view again", async () => {
    const creator = await createUser(t);
    const video = await insertVideo(t, creator);
    await watch(t, viewers[0]!, video);
    await watch(t, viewers[1]!, video);
    await watch(t, viewers[1]!, video); // within the hour: not counted
    await t.ctx.viewCounter.flush();
    let data = await views(creator, 'days=7');
    expect(data.daily.at(-1)).toMatchObject({ views: 2 });
    // An hour later the same viewer counts again: the counter moves counted_at forward.
    await t.ctx.db
      .update(videoViews)
      .set({ countedAt: new Date() })
      .where(and(eq(videoViews.userId, viewers[1]!.id), eq(videoViews.videoId, video)));
    data = await views(creator, 'days=7');
    expect(data.daily.at(-1)).toMatchObject({ views: 3 });
    expect(data.totalViews).toBe(3);
  });

  it('counts a view again when the same viewer watches after the hour, once', async () => {
    const creator = await createUser(t);
    const video = await insertVideo(t, creator);
    await viewsAt(video, new Date(Date.now() - 2 * 3_600_000));
    expect((await views(creator, 'days=7')).totalViews).toBe(1);
    // The watch call's upsert moves counted_at on (ON CONFLICT DO UPDATE): one more view.
    await watch(t, viewers[0]!, video);
    await t.ctx.viewCounter.flush();
    const data = await views(creator, 'days=7');
    expect(data.totalViews).toBe(2);
    expect(data.topVideos).toMatchObject([{ _id: video, views: 2 }]);
  });

  it('puts a view at 23:30 UTC on the next day in Asia/Tokyo', async () => {
    const creator = await createUser(t);
    const video = await insertVideo(t, creator);
    const today = new Date();
    const at = new Date(
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 2, 23, 30),
    );
    await viewsAt(video, at, 3);
    const utc = await views(creator, 'days=7&tz=UTC');
    const tokyo = await views(creator, `days=7&tz=${encodeURIComponent('Asia/Tokyo')}`);
    const utcDay = localDate(at, 'UTC');
    const tokyoDay = localDate(at, 'Asia/Tokyo');
    expect(tokyoDay > utcDay).toBe(true);
    expect(dayOf(utc, utcDay)).toMatchObject({ views: 3 });
    expect(dayOf(tokyo, tokyoDay)).toMatchObject({ views: 3 });
    expect(dayOf(tokyo, utcDay)?.views ?? 0).toBe(0);
    expect(tokyo.timeZone).toBe('Asia/Tokyo');
    expect(tokyo.to).toBe(localDate(new Date(), 'Asia/Tokyo'));
    // A zone west of UTC keeps it on the UTC day.
    const ny = await views(creator, `days=7&tz=${encodeURIComponent('America/New_York')}`);
    expect(dayOf(ny, localDate(at, 'America/New_York'))).toMatchObject({ views: 3 });
  });

  it('covers 90 days: 89 days ago is in, 91 days ago is out', async () => {
    const creator = await createUser(t);
    const video = await insertVideo(t, creator);
    const inside = new Date(Date.now() - 89 * DAY);
    await viewsAt(video, inside, 2);
    const other = await insertVideo(t, creator);
    await viewsAt(other, new Date(Date.now() - 91 * DAY), 5);
    const data = await views(creator, 'days=90&tz=UTC');
    expect(data.daily).toHaveLength(90);
    expect(data.from).toBe(localDate(inside, 'UTC'));
    expect(data.daily[0]).toMatchObject({ date: localDate(inside, 'UTC'), views: 2 });
    expect(data.totalViews).toBe(2);
    expect(data.topVideos.map((v) => v._id)).toEqual([video]);
    const week = await views(creator, 'days=7&tz=UTC');
    expect(week.totalViews).toBe(0);
    expect(week.topVideos).toEqual([]);
  });

  it("lists the period's top 5 own videos by views in the period, unpublished ones too", async () => {
    const creator = await createUser(t);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const id = await insertVideo(t, creator, { title: `Clip ${i}`, isPublished: i !== 2 });
      ids.push(id);
      await viewsAt(id, new Date(Date.now() - 2 * DAY), i + 1);
    }
    // Old views do not rank a video in a 7-day period.
    await viewsAt(await insertVideo(t, creator), new Date(Date.now() - 40 * DAY), 6);
    // Another channel's views never appear.
    const stranger = await createUser(t);
    await viewsAt(await insertVideo(t, stranger), new Date(Date.now() - DAY), 6);

    const data = await views(creator, 'days=7');
    expect(data.topVideos.map((v) => [v.title, v.views])).toEqual([
      ['Clip 5', 6],
      ['Clip 4', 5],
      ['Clip 3', 4],
      ['Clip 2', 3],
      ['Clip 1', 2],
    ]);
    expect(data.topVideos[3]).toMatchObject({ _id: ids[2], isPublished: false });
    expect(data.topVideos[0]!.thumbnail).toMatch(/^http.*thumbnails\//);
    expect(data.totalViews).toBe(21);
    const quarter = await views(creator, 'days=90');
    expect(quarter.totalViews).toBe(27);
    expect(quarter.topVideos[0]!.views).toBe(6);
  });

  it('adds up views of one video on several days written in one statement', async () => {
    const creator = await createUser(t);
    const video = await insertVideo(t, creator);
    const at = [1, 3, 10, 10].map((d) => new Date(Date.now() - d * DAY));
    await t.ctx.db
      .insert(videoViews)
      .values(at.map((countedAt, i) => ({ userId: viewers[i]!.id, videoId: video, countedAt })));
    const week = await views(creator, 'days=7');
    expect(week.topVideos).toMatchObject([{ _id: video, views: 2 }]);
    expect(dayOf(week, localDate(at[1]!, 'UTC'))).toMatchObject({ views: 1 });
    const month = await views(creator, 'days=28');
    expect(month.topVideos).toMatchObject([{ _id: video, views: 4 }]);
    expect(dayOf(month, localDate(at[2]!, 'UTC'))).toMatchObject({ views: 2 });
  });

  it('counts new subscribers per day, and an unsubscribe takes one back', async () => {
    const creator = await createUser(t);
    await subscribe(t, viewers[0]!, creator.id);
    await subscribe(t, viewers[1]!, creator.id);
    await subscribe(t, viewers[2]!, creator.id);
    const earlier = new Date(Date.now() - 10 * DAY);
    await t.ctx.db
      .insert(subscriptions)
      .values({ subscriberId: viewers[3]!.id, channelId: creator.id, createdAt: earlier });
    let data = await views(creator, 'days=28');
    expect(data.daily.at(-1)).toMatchObject({ subscribers: 3 });
    expect(dayOf(data, localDate(earlier, 'UTC'))).toMatchObject({ subscribers: 1 });
    expect(data.newSubscribers).toBe(4);
    await subscribe(t, viewers[0]!, creator.id); // toggles off
    data = await views(creator, 'days=28');
    expect(data.daily.at(-1)).toMatchObject({ subscribers: 2 });
    expect(data.newSubscribers).toBe(3);
    // Subscribing to someone else is not the creator's subscriber.
    expect((await views(viewers[0]!, 'days=28')).newSubscribers).toBe(0);
  });

  it.each(['days=30', 'days=abc', 'days=0', 'days=-7', 'days=7.5'])(
    'refuses %s with a 400',
    async (q) => {
      const creator = await createUser(t);
      const res = await t.app.inject({
        method: 'GET',
        url: `${API}/dashboard/views?${q}`,
        headers: creator.headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, data: null });
    },
  );

  it('refuses an unknown time zone with a 400 that names it', async () => {
    const creator = await createUser(t);
    for (const tz of ['Mars/Olympus_Mons', 'Asia/Tokio', 'x'.repeat(65), '']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API}/dashboard/views?days=7&tz=${encodeURIComponent(tz)}`,
        headers: creator.headers,
      });
      expect(res.statusCode, tz).toBe(400);
      if (tz.length > 0 && tz.length <= 64) {
        expect(res.json()).toMatchObject({ message: `Unknown time zone: ${tz}` });
      }
    }
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/dashboard/views?days=7` });
    expect(res.statusCode).toBe(401);
  });
});
