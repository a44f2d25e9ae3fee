/**
 * Issue 29: every paged list answers the whole list's real count whatever page is asked for,
 * past the end included (the subscriptions feed answered 499 950 for page 10 000 of a feed of 3).
 * A total that is capped says so (`totalIsLowerBound`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAX_PAGE } from '../../contract/limits.js';
import { FEED_DEPTH } from '../../server/feed/subscription-feed.js';
import { TOTAL_COUNT_HEADER } from '../../contract/list-total.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

type Total = { total: number; capped: boolean };

describe('list totals past the end', () => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;
  let lists: [
    string,
    TestUser,
    string,
    (body: Record<string, unknown>, header: unknown) => number,
  ][];

  const get = (user: TestUser, url: string) =>
    t.app.inject({ url: `/api/v1${url}`, headers: user.headers });
  const send = (user: TestUser, method: 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: user.headers, payload });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, 'totals_owner');
    viewer = await createUser(t, 'totals_viewer');
    const videos: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      videos.push(await insertVideo(t, owner, { title: `Totalsword ${i}`, tags: ['totals'] }));
    }
    await insertVideo(t, owner, { title: 'Totalsword hidden', isPublished: false });
    await send(viewer, 'POST', `/subscriptions/c/${owner.id}`);
    for (const content of ['one', 'two']) {
      await send(viewer, 'POST', `/comments/${videos[0]}`, { content });
      await send(owner, 'POST', '/tweets', { content });
    }
    const playlist = await send(viewer, 'POST', '/playlist', { title: 'Mine', description: '' });
    const playlistId = playlist.json<{ data: { _id: string } }>().data._id;
    for (const video of videos.slice(0, 2)) {
      await send(viewer, 'PATCH', `/playlist/add/${video}/${playlistId}`);
    }
    for (const video of videos.slice(0, 2)) await get(viewer, `/videos/${video}`);
    const field = (name: string) => (body: Record<string, unknown>) => Number(body[name]);
    const header = (_body: unknown, value: unknown) => Number(value);
    lists = [
      ['/videos', viewer, 'totalVideos', field('totalVideos')],
      ['/videos?query=totalsword', viewer, 'totalVideos', field('totalVideos')],
      ['/videos?query=totalsword&sortBy=views', viewer, 'totalVideos', field('totalVideos')],
      ['/videos?tag=totals', viewer, 'totalVideos', field('totalVideos')],
      [`/videos?userId=${owner.id}`, viewer, 'totalVideos', field('totalVideos')],
      ['/videos?sortBy=title&sortType=asc', viewer, 'totalVideos', field('totalVideos')],
      ['/videos/user', owner, 'totalVideos', field('totalVideos')],
      ['/subscriptions/videos', viewer, 'totalVideos', field('totalVideos')],
      [`/comments/${videos[0]}`, viewer, 'totalComments', field('totalComments')],
      ['/users/history', viewer, 'totalHistory', field('totalHistory')],
      [`/playlist/${playlistId}`, viewer, 'totalVideos', field('totalVideos')],
      [`/playlist/user/${viewer.id}`, viewer, TOTAL_COUNT_HEADER, header],
      [`/tweets/user/${owner.id}`, viewer, TOTAL_COUNT_HEADER, header],
      [`/subscriptions/c/${owner.id}`, viewer, TOTAL_COUNT_HEADER, header],
      ['/subscriptions', viewer, TOTAL_COUNT_HEADER, header],
      [`/subscriptions/u/${viewer.id}`, viewer, TOTAL_COUNT_HEADER, header],
    ];
  });
  afterAll(() => t.close());

  async function totalOf(url: string, user: TestUser, read: (typeof lists)[number][3]) {
    const res = await get(user, url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    const body = res.json<{ data: Record<string, unknown> }>().data;
    const total = read(body, res.headers[TOTAL_COUNT_HEADER.toLowerCase()]);
    return { total, capped: body.totalIsLowerBound === true } satisfies Total;
  }

  it('answers the same real total on the first page, the last, and far past the end', async () => {
    const wrong: string[] = [];
    for (const [url, user, name, read] of lists) {
      const join = url.includes('?') ? '&' : '?';
      const first = await totalOf(`${url}${join}page=1&limit=1`, user, read);
      expect(first.total, url).toBeGreaterThan(0);
      for (const page of [first.total + 1, 50, MAX_PAGE]) {
        const later = await totalOf(`${url}${join}page=${page}&limit=1`, user, read);
        if (later.total !== first.total || later.capped !== first.capped) {
          wrong.push(`${url} page ${page}: ${name} ${later.total} (page 1: ${first.total})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('counts the subscriptions feed exactly, with no lower-bound flag below its depth', async () => {
    const res = await get(viewer, `/subscriptions/videos?page=${MAX_PAGE}`);
    expect(res.json()).toMatchObject({
      data: { videos: [], totalVideos: 3, totalIsLowerBound: false, page: MAX_PAGE },
    });
  });

  it('says a feed deeper than it goes is capped, on every page', async () => {
    const prolific = await createUser(t, 'totals_prolific');
    const fan = await createUser(t, 'totals_fan');
    await t.ctx.db.execute(sql`
      insert into videos (id, owner_id, title, description, tags, duration, video_key, thumbnail_key)
      select substr(md5(i::text), 1, 16), ${prolific.id}, 'Bulk ' || i, '', array['bulk'], 10,
             'videos/bulk.mp4', 'thumbnails/bulk.webp'
      from generate_series(1, ${FEED_DEPTH + 5}) i`);
    await send(fan, 'POST', `/subscriptions/c/${prolific.id}`);
    for (const page of [1, FEED_DEPTH / 50, FEED_DEPTH / 50 + 1, MAX_PAGE]) {
      const res = await get(fan, `/subscriptions/videos?page=${page}&limit=50`);
      expect(res.json(), `page ${page}`).toMatchObject({
        data: { totalVideos: FEED_DEPTH, totalIsLowerBound: true },
      });
    }
  });
});
