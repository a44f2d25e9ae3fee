/**
 * Each replica caches the feed for FEED_CACHE_MS (10 minutes here: settings.ts); a change made on
 * one clears the other's cache through the event bus, within a second.
 */
import { expect, it } from 'vitest';
import { fixture } from '../server/media-fixtures.js';
import { withCluster, poll, Session, signUp, uploadVideo, type TestCluster } from './harness.js';

let t: TestCluster;
withCluster((joined) => (t = joined));

it('a video unpublished on 1 is gone from 2’s feed and search within a second', async () => {
  const [api1, api2] = t.api;
  const owner = await signUp(api1);
  const video = await uploadVideo(
    owner.session,
    api1,
    'Coherent caches',
    await fixture('plain.mp4'),
  );
  const ids = async (base: string, query: string) =>
    (
      (await new Session().request(base, 'GET', `/api/v1/videos${query}`)).json.data.videos as {
        _id: string;
      }[]
    ).map((v) => v._id);
  // Cached on replica 2 now, for FEED_CACHE_MS.
  expect(await ids(api2, '')).toContain(video);
  expect(await ids(api2, '?query=coherent')).toContain(video);
  const toggled = await owner.session.request(
    api1,
    'PATCH',
    `/api/v1/videos/toggle/publish/${video}`,
  );
  expect(toggled.status).toBe(200);
  const feed = await poll(
    () => ids(api2, ''),
    (list) => !list.includes(video),
    1_000,
  );
  expect(feed).not.toContain(video);
  expect(await ids(api2, '?query=coherent')).not.toContain(video);
});
