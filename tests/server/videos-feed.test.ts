/**
 * Videos API, listing: the feed's filters, search, sorting, paging and their bad values; the
 * caller's own videos; the OpenAPI document of every route. Starts from video-catalogue.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from './auth-helpers.js';
import type { TestApp } from './helpers.js';
import { catalogueRequests, day, openVideoCatalogue, type ListJson } from './video-catalogue.js';

describe('videos API', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let v: Record<string, string>;
  const { feed, feedTitles } = catalogueRequests(() => t);

  beforeAll(async () => {
    ({ t, alice, bob, v } = await openVideoCatalogue());
  });
  afterAll(() => t.close());

  describe('GET /videos (feed)', () => {
    it('lists published videos newest first to anyone, with owners and absolute URLs', async () => {
      const res = await feed('');
      expect(res.statusCode).toBe(200);
      const data = res.json<{ data: ListJson }>().data;
      expect(data.videos.map((x) => x.title)).toEqual([
        'Drum solo',
        'Fresh pasta at home',
        'Guitar lesson for beginners',
      ]);
      expect(data).toMatchObject({ totalVideos: 3, page: 1, limit: 12 });
      expect(data.videos[1]).toMatchObject({
        _id: v.pasta,
        views: 500,
        duration: 120,
        isPublished: true,
        tags: ['cooking'],
        createdAt: day(2).toISOString(),
        videoFile: `http://localhost:80/media/videos/${v.pasta}.mp4`,
        thumbnail: `http://localhost:80/media/thumbnails/${v.pasta}.webp`,
        owner: { _id: alice.id, userName: 'alice', fullName: 'Full alice' },
      });
      expect(data.videos[1]!.owner.avatar).toMatch(/^http:\/\/localhost:80\/media\//);
    });

    it('pages with page and limit while totalVideos stays the whole count', async () => {
      const res = await feed('?page=2&limit=2');
      const data = res.json<{ data: ListJson }>().data;
      expect(data.videos.map((x) => x.title)).toEqual(['Guitar lesson for beginners']);
      expect(data).toMatchObject({ totalVideos: 3, page: 2, limit: 2 });
      // Past the end: no rows to carry the total, which is still the whole count.
      const past = (await feed('?page=9')).json<{ data: ListJson }>().data;
      expect(past).toMatchObject({ videos: [], totalVideos: 3, page: 9 });
    });

    it.each([
      ['?limit=0', 'limit'],
      ['?limit=51', 'limit'],
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?sortBy=likes', 'sortBy'],
      ['?sortBy=views&sortType=up', 'sortType'],
      [`?query=${'x'.repeat(201)}`, 'query'],
      ['?userId=bad%20id', 'userId'],
    ])('answers %s with a 400 naming the field', async (query, field) => {
      const res = await feed(query);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(new RegExp(`^${field}`));
    });

    it('filters by exact tag (case-insensitive) and by channel', async () => {
      expect(await feedTitles('?tag=music')).toEqual(['Drum solo', 'Guitar lesson for beginners']);
      expect(await feedTitles('?tag=Music')).toEqual(['Drum solo', 'Guitar lesson for beginners']);
      expect(await feedTitles('?tag=mus')).toEqual([]);
      expect(await feedTitles(`?userId=${alice.id}`)).toEqual([
        'Fresh pasta at home',
        'Guitar lesson for beginners',
      ]);
      expect(await feedTitles(`?userId=${alice.id}&tag=music`)).toEqual([
        'Guitar lesson for beginners',
      ]);
    });

    it('searches title, tags and description, ranked, with websearch syntax', async () => {
      // Title and tag matches outrank a description match.
      const res = await feed('?query=music');
      const data = res.json<{ data: ListJson }>().data;
      expect(data.totalVideos).toBe(3);
      expect(data.videos.at(-1)!.title).toBe('Fresh pasta at home');
      expect(await feedTitles('?query=guitar')).toEqual(['Guitar lesson for beginners']);
      expect(await feedTitles('?query=chords')).toEqual(['Guitar lesson for beginners']);
      expect(await feedTitles('?query=drums')).toEqual(['Drum solo']); // tag, stemmed
      expect(await feedTitles('?query=music -guitar -drum')).toEqual(['Fresh pasta at home']);
      expect(await feedTitles('?query="three chords"')).toEqual(['Guitar lesson for beginners']);
      expect(await feedTitles('?query=nothing-like-this')).toEqual([]);
      expect(await feedTitles('?query=%20%20')).toHaveLength(3); // blank means no search
    });

    it('sorts by views, duration and title in both directions', async () => {
      expect(await feedTitles('?sortBy=views&sortType=desc')).toEqual([
        'Fresh pasta at home',
        'Guitar lesson for beginners',
        'Drum solo',
      ]);
      expect(await feedTitles('?sortBy=views&sortType=asc')).toEqual([
        'Drum solo',
        'Guitar lesson for beginners',
        'Fresh pasta at home',
      ]);
      expect(await feedTitles('?sortBy=duration')).toEqual([
        'Guitar lesson for beginners',
        'Fresh pasta at home',
        'Drum solo',
      ]);
      expect(await feedTitles('?sortBy=title&sortType=asc')).toEqual([
        'Drum solo',
        'Fresh pasta at home',
        'Guitar lesson for beginners',
      ]);
      expect(await feedTitles('?sortBy=createdAt&sortType=asc')).toEqual([
        'Guitar lesson for beginners',
        'Fresh pasta at home',
        'Drum solo',
      ]);
    });

    it('never shows an unpublished video, not even to its owner', async () => {
      for (const query of ['', '?query=secret', '?tag=guitar', `?userId=${alice.id}`]) {
        expect(await feedTitles(query, alice)).not.toContain('Secret guitar draft');
        expect(await feedTitles(query, bob)).not.toContain('Secret guitar draft');
      }
      expect((await feed(`?userId=${alice.id}`)).json<{ data: ListJson }>().data.totalVideos).toBe(
        2,
      );
    });
  });

  describe('GET /videos/user', () => {
    it("lists the caller's own videos, unpublished included, 6 per page by default", async () => {
      const res = await t.app.inject({ url: '/api/v1/videos/user', headers: alice.headers });
      expect(res.statusCode).toBe(200);
      const data = res.json<{ data: ListJson }>().data;
      expect(data.videos.map((x) => x.title)).toEqual([
        'Secret guitar draft',
        'Fresh pasta at home',
        'Guitar lesson for beginners',
      ]);
      expect(data).toMatchObject({ totalVideos: 3, page: 1, limit: 6 });
      expect(data.videos[0]!.isPublished).toBe(false);
      const bobs = await t.app.inject({ url: '/api/v1/videos/user', headers: bob.headers });
      expect(bobs.json<{ data: ListJson }>().data).toMatchObject({ videos: [], totalVideos: 0 });
    });

    it('needs a session', async () => {
      expect((await t.app.inject({ url: '/api/v1/videos/user' })).statusCode).toBe(401);
    });
  });

  it('documents every video, engagement, history, playlist and tweet route in OpenAPI', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    const doc = res.json<{
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    }>();
    const expected: [string, string][] = [
      ['/api/v1/videos', 'get'],
      ['/api/v1/videos', 'post'],
      ['/api/v1/videos/user', 'get'],
      ['/api/v1/videos/{videoId}', 'get'],
      ['/api/v1/videos/{videoId}', 'patch'],
      ['/api/v1/videos/{videoId}', 'delete'],
      ['/api/v1/videos/toggle/publish/{videoId}', 'patch'],
      ['/api/v1/videos/watch-history', 'delete'],
      ['/api/v1/videos/watch-history/{videoId}', 'delete'],
      ['/api/v1/likes/video/{videoId}', 'get'],
      ['/api/v1/likes/toggle/v/{videoId}', 'post'],
      ['/api/v1/likes/toggle/c/{commentId}', 'post'],
      ['/api/v1/likes/toggle/t/{tweetId}', 'post'],
      ['/api/v1/comments/{videoId}', 'get'],
      ['/api/v1/comments/{videoId}', 'post'],
      ['/api/v1/comments/c/{commentId}', 'patch'],
      ['/api/v1/comments/c/{commentId}', 'delete'],
      ['/api/v1/subscriptions/c/{channelId}', 'post'],
      ['/api/v1/subscriptions/c/{channelId}', 'get'],
      ['/api/v1/subscriptions', 'get'],
      ['/api/v1/subscriptions/u/{subscriberId}', 'get'],
      ['/api/v1/users/history', 'get'],
      ['/api/v1/playlist/user/{userId}', 'get'],
      ['/api/v1/playlist/{playlistId}', 'get'],
      ['/api/v1/playlist', 'post'],
      ['/api/v1/playlist/{playlistId}', 'patch'],
      ['/api/v1/playlist/{playlistId}', 'delete'],
      ['/api/v1/playlist/add/{videoId}/{playlistId}', 'patch'],
      ['/api/v1/playlist/remove/{videoId}/{playlistId}', 'patch'],
      ['/api/v1/tweets/user/{userId}', 'get'],
      ['/api/v1/tweets', 'post'],
      ['/api/v1/tweets/{tweetId}', 'patch'],
      ['/api/v1/tweets/{tweetId}', 'delete'],
      ['/api/v1/dashboard/stats', 'get'],
      ['/api/v1/dashboard/views', 'get'],
    ];
    for (const [route, method] of expected) {
      expect(doc.paths[route]?.[method], `${method} ${route}`).toBeDefined();
    }
    expect(Object.keys(doc.paths['/api/v1/videos']!.post!.requestBody!.content)).toContain(
      'multipart/form-data',
    );
  });
});
