/**
 * Two replicas of one site over one PostgreSQL database (TEST_DATABASE_URL), each with its own
 * feed and suggestions caches: a write on one clears the other's within a second (the event bus,
 * LISTEN/NOTIFY), not after FEED_CACHE_MS or SUGGESTIONS_CACHE_MS, set here far longer than any
 * wait below.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestReplicas, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

type FeedBody = { data: { videos: { _id: string; owner: { fullName: string } }[] } };

/** Polls `read` until `done` holds, for at most a second (the bound). */
async function withinASecond<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 1_000;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await read();
  }
  return value;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('feed caches across replicas', () => {
  let site: Awaited<ReturnType<typeof createTestReplicas>>;
  let one: TestApp;
  let two: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    site = await createTestReplicas(2, { feedCacheMs: 600_000, suggestionsCacheMs: 60_000 });
    [one, two] = site.replicas as [TestApp, TestApp];
    owner = await createUser(one);
  });
  afterAll(() => site.close());

  /** The owner's publish toggle, through replica one's API. */
  const togglePublishOnOne = async (video: string) => {
    const toggled = await one.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/toggle/publish/${video}`,
      headers: owner.headers,
    });
    expect(toggled.statusCode).toBe(200);
  };

  const feed = async (replica: TestApp, query = '') =>
    (await replica.app.inject({ url: `/api/v1/videos${query}` })).json<FeedBody>().data.videos;

  it('drops a video unpublished on one from the feed and search of the other', async () => {
    const video = await insertVideo(one, owner, { title: 'Coherent caches' });
    const ids = (videos: { _id: string }[]) => videos.map((v) => v._id);
    expect(ids(await feed(two))).toContain(video); // cached on two now
    expect(ids(await feed(two, '?query=coherent'))).toContain(video);
    await togglePublishOnOne(video);
    expect(
      ids(
        await withinASecond(
          () => feed(two),
          (v) => !ids(v).includes(video),
        ),
      ),
    ).not.toContain(video);
    expect(ids(await feed(two, '?query=coherent'))).not.toContain(video);
  });

  it("shows a channel renamed on one in the other's feed", async () => {
    await insertVideo(one, owner, { title: 'Renamed elsewhere' });
    const firstOwner = async () => (await feed(two, '?limit=3'))[0]?.owner.fullName;
    expect(await firstOwner()).not.toBe('Renamed On One');
    const renamed = await one.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/update-Account-Details',
      headers: owner.headers,
      payload: { fullName: 'Renamed On One', email: `renamed-${Date.now()}@example.org` },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await withinASecond(firstOwner, (name) => name === 'Renamed On One')).toBe(
      'Renamed On One',
    );
  });

  it('stops suggesting on the other a title unpublished on one', async () => {
    const video = await insertVideo(one, owner, { title: 'Marzipan sculptures' });
    const suggested = async () =>
      (await two.app.inject({ url: '/api/v1/search/suggestions?q=marzip' }))
        .json<{ data: { suggestions: { text: string }[] } }>()
        .data.suggestions.map((s) => s.text);
    expect(await suggested()).toContain('Marzipan sculptures'); // cached on two now
    await togglePublishOnOne(video);
    expect(
      await withinASecond(suggested, (texts) => !texts.includes('Marzipan sculptures')),
    ).not.toContain('Marzipan sculptures');
  });
});
