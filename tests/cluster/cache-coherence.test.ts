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

it('a typo on 2 finds the word of a video published on 1, and nothing once it is unpublished', async () => {
  const [api1, api2] = t.api;
  const owner = await signUp(api1);
  // A word no other file's video holds, and a typo of it.
  const letters = 'bcdfghjklmnpqrstvwxz';
  const word = `quor${Array.from({ length: 6 }, () => letters[Math.floor(Math.random() * 20)]).join('')}`;
  const typo = word.slice(0, 5) + word.slice(6);
  const video = await uploadVideo(
    owner.session,
    api1,
    `Spelling ${word}`,
    await fixture('plain.mp4'),
  );
  const search = async (base: string) =>
    (await new Session().request(base, 'GET', `/api/v1/videos?query=${typo}`)).json.data as {
      videos: { _id: string }[];
      spelling?: { corrected: string; applied: boolean };
    };
  const found = await search(api2);
  expect(found.spelling).toEqual({ corrected: word, applied: true });
  expect(found.videos.map((v) => v._id)).toEqual([video]);
  const toggled = await owner.session.request(
    api1,
    'PATCH',
    `/api/v1/videos/toggle/publish/${video}`,
  );
  expect(toggled.status).toBe(200);
  const after = await poll(
    () => search(api2),
    (data) => data.videos.length === 0,
    1_000,
  );
  expect(after).toMatchObject({ videos: [] });
  expect(after).not.toHaveProperty('spelling');
});
