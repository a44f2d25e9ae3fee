/**
 * Upload date and duration filters on GET /videos (issue 31), with and without a query, combined
 * with a channel, a tag and the sorts, honoured on every page with the right totals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

interface ListJson {
  videos: { _id: string; title: string; views: number; duration: number; createdAt: string }[];
  totalVideos: number;
  totalIsLowerBound?: boolean;
}

describe('search filters and sorts', () => {
  let t: TestApp;
  let river: TestUser;
  let other: TestUser;
  const hour = 60 * 60 * 1000;

  beforeAll(async () => {
    t = await createTestApp();
    river = await createUser(t, 'filter_river');
    other = await createUser(t, 'filter_other');
    // [title, age in hours, seconds, views, owner, tags]
    const rows: [string, number, number, number, TestUser, string[]][] = [
      ['Kayak river run minutes ago', 0.5, 100, 5, river, ['kayak']],
      ['Kayak river run this morning', 5, 239, 50, river, ['kayak']],
      ['Kayak lake paddle this week', 3 * 24, 240, 500, other, ['kayak']],
      ['Kayak river camp this month', 20 * 24, 1199, 20, river, ['camping']],
      ['Kayak sea crossing this year', 200 * 24, 1200, 5000, other, ['kayak']],
      ['Kayak history years ago', 2 * 365 * 24, 3600, 1, river, ['kayak']],
      ['Unpublished kayak draft', 0.2, 100, 0, river, ['kayak']],
    ];
    for (const [title, age, duration, views, owner, tags] of rows) {
      await insertVideo(t, owner, {
        title,
        duration,
        views,
        tags,
        createdAt: new Date(Date.now() - age * hour),
        isPublished: !title.startsWith('Unpublished'),
      });
    }
  });
  afterAll(() => t.close());

  async function list(params: string): Promise<ListJson> {
    const res = await t.app.inject({ url: `/api/v1/videos?${params}` });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: ListJson }>().data;
  }
  const titles = (data: ListJson) => data.videos.map((v) => v.title);

  it('keeps videos uploaded within the last hour, day, week, month or year', async () => {
    const counts: Record<string, number> = { hour: 1, today: 2, week: 3, month: 4, year: 5 };
    for (const [uploaded, n] of Object.entries(counts)) {
      const feed = await list(`uploaded=${uploaded}&limit=50`);
      const search = await list(`query=kayak&uploaded=${uploaded}&limit=50`);
      expect(feed.totalVideos).toBe(n);
      expect(feed.videos).toHaveLength(n);
      expect(search.totalVideos).toBe(n);
      expect(search.videos).toHaveLength(n);
      expect(feed.totalIsLowerBound).toBe(false);
    }
    expect(titles(await list('uploaded=hour'))).toEqual(['Kayak river run minutes ago']);
  });

  it('keeps short (under 4 min), medium (4 to 20 min) and long (20 min and over) videos', async () => {
    const short = await list('query=kayak&duration=short');
    expect(short.videos.map((v) => v.duration).sort((a, b) => a - b)).toEqual([100, 239]);
    const medium = await list('duration=medium');
    expect(medium.videos.map((v) => v.duration).sort((a, b) => a - b)).toEqual([240, 1199]);
    const long = await list('duration=long&sortBy=views');
    expect(long.videos.map((v) => v.duration)).toEqual([1200, 3600]);
    expect(long.totalVideos).toBe(2);
  });

  it('combines filters with a channel, a tag and a query', async () => {
    const data = await list(`userId=${river.id}&uploaded=month&duration=short&query=river`);
    expect(titles(data).sort()).toEqual([
      'Kayak river run minutes ago',
      'Kayak river run this morning',
    ]);
    expect(data.totalVideos).toBe(2);
    const tagged = await list('tag=kayak&uploaded=year&duration=medium');
    expect(titles(tagged)).toEqual(['Kayak lake paddle this week']);
    expect(tagged.totalVideos).toBe(1);
  });

  it('sorts a filtered search by views or upload date on every page, each video once', async () => {
    for (const sortBy of ['views', 'createdAt'] as const) {
      const seen: ListJson['videos'] = [];
      for (let page = 1; page <= 3; page++) {
        const data = await list(`query=kayak&uploaded=year&sortBy=${sortBy}&limit=2&page=${page}`);
        expect(data.totalVideos).toBe(5);
        seen.push(...data.videos);
      }
      expect(new Set(seen.map((v) => v._id)).size).toBe(5);
      const keys = seen.map((v) => (sortBy === 'views' ? v.views : Date.parse(v.createdAt)));
      expect(keys).toEqual([...keys].sort((a, b) => b - a));
    }
  });

  // Builds an app of its own inside the test (~10 s alone, 30 s and more beside other suites).
  it('says "at least" past the count cap for a filtered feed', async () => {
    const capped = await createTestApp({ searchCountCap: 2 });
    try {
      const owner = await createUser(capped, 'filter_cap');
      for (let i = 0; i < 4; i++) await insertVideo(capped, owner, { duration: 30 });
      const res = await capped.app.inject({ url: '/api/v1/videos?duration=short&limit=1' });
      expect(res.json<{ data: ListJson }>().data).toMatchObject({
        totalVideos: 3,
        totalIsLowerBound: true,
      });
    } finally {
      await capped.close();
    }
  }, 60_000);
});
