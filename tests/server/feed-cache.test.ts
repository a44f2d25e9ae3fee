import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, eventsDelivered, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

type FeedBody = { data: { videos: { _id: string }[]; totalVideos: number } };

describe('feed cache', () => {
  let t: TestApp;
  let owner: TestUser;
  // Long enough that nothing expires by accident during a test.
  const TTL_MS = 60_000;

  beforeAll(async () => {
    t = await createTestApp({ feedCacheMs: TTL_MS });
    owner = await createUser(t);
  });
  afterAll(() => t.close());
  // An earlier test's write, announced late on PostgreSQL, must not clear this test's cache.
  beforeEach(() => eventsDelivered(t));

  const feed = async (url = '/api/v1/videos') =>
    (await t.app.inject({ method: 'GET', url })).json<FeedBody>().data;

  it('serves a repeated feed page from the cache until a video write clears it', async () => {
    const first = await insertVideo(t, owner, { title: 'First' });
    expect((await feed()).videos.map((v) => v._id)).toEqual([first]);

    // A row written behind the API's back is not seen while the page is cached …
    const second = await insertVideo(t, owner, { title: 'Second' });
    expect((await feed()).totalVideos).toBe(1);
    // … but other filters are separate entries and read the database.
    expect((await feed('/api/v1/videos?limit=5')).totalVideos).toBe(2);

    // Any successful write through the videos API clears the cache (here: a publish toggle).
    const toggled = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/toggle/publish/${second}`,
      headers: owner.headers,
    });
    expect(toggled.statusCode).toBe(200);
    expect((await feed()).videos.map((v) => v._id)).toEqual([first]);
  });

  it('does not clear the cache on a refused write', async () => {
    await feed('/api/v1/videos?limit=7');
    await insertVideo(t, owner, { title: 'Hidden for now' });
    const refused = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/videos/toggle/publish/unknown-id-00000',
      headers: owner.headers,
    });
    expect(refused.statusCode).toBe(404);
    const cached = await feed('/api/v1/videos?limit=7');
    const fresh = await feed('/api/v1/videos?limit=8');
    expect(fresh.totalVideos).toBe(cached.totalVideos + 1);
  });

  it("shows a channel's new name at once, not after the TTL", async () => {
    await insertVideo(t, owner, { title: 'Renamed channel' });
    const ownerName = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/videos?limit=9' })).json<{
        data: { videos: { owner: { fullName: string } }[] };
      }>().data.videos[0]?.owner.fullName;
    expect(await ownerName()).not.toBe('A New Name');
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/update-Account-Details',
      headers: owner.headers,
      payload: { fullName: 'A New Name', email: `renamed-${Date.now()}@example.org` },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await ownerName()).toBe('A New Name');
  });

  it('is off with a TTL of 0', async () => {
    const uncached = await createTestApp({ feedCacheMs: 0 });
    try {
      const user = await createUser(uncached);
      const read = async () =>
        (await uncached.app.inject({ method: 'GET', url: '/api/v1/videos' })).json<FeedBody>().data
          .totalVideos;
      expect(await read()).toBe(0);
      await insertVideo(uncached, user);
      expect(await read()).toBe(1);
    } finally {
      await uncached.close();
    }
  });
});

describe('suggestions cache', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ suggestionsCacheMs: 60_000 });
    owner = await createUser(t);
  });
  afterAll(() => t.close());
  beforeEach(() => eventsDelivered(t));

  const titles = async (q: string) =>
    (await t.app.inject({ url: `/api/v1/search/suggestions?q=${encodeURIComponent(q)}` }))
      .json<{ data: { suggestions: { text: string; kind: string }[] } }>()
      .data.suggestions.filter((s) => s.kind === 'title')
      .map((s) => s.text)
      .sort();

  it('serves a typed text from the cache until a publish toggle clears it', async () => {
    const basics = await insertVideo(t, owner, { title: 'Quillwort basics' });
    expect(await titles('quillw')).toEqual(['Quillwort basics']);

    // A title written behind the API's back is not offered for the same text while cached …
    await insertVideo(t, owner, { title: 'Quillwort advanced' });
    expect(await titles('quillw')).toEqual(['Quillwort basics']);
    // … but another text is its own entry and reads the database.
    expect(await titles('quillwo')).toEqual(['Quillwort advanced', 'Quillwort basics']);

    // Unpublished through the API: no longer suggested at once, not after the TTL.
    const toggled = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/toggle/publish/${basics}`,
      headers: owner.headers,
    });
    expect(toggled.statusCode).toBe(200);
    expect(await titles('quillw')).toEqual(['Quillwort advanced']);
  });

  it('is off with a TTL of 0', async () => {
    const uncached = await createTestApp({ suggestionsCacheMs: 0 });
    try {
      const user = await createUser(uncached);
      const read = async () =>
        (await uncached.app.inject({ url: '/api/v1/search/suggestions?q=zarzuela' })).json<{
          data: { suggestions: unknown[] };
        }>().data.suggestions.length;
      expect(await read()).toBe(0);
      await insertVideo(uncached, user, { title: 'Zarzuela tonight' });
      expect(await read()).toBe(1);
    } finally {
      await uncached.close();
    }
  });
});
