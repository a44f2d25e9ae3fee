/**
 * Issue 31 across replicas: suggestions come from the shared database, so a search that found
 * videos counts on whichever replica answered it (each queues its notes and writes them to the one
 * table), and a video unpublished on one replica is no longer suggested by the other, whose
 * suggestions cache the write clears.
 */
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { fixture } from '../server/media-fixtures.js';
import { withCluster, poll, Session, signUp, uploadVideo, type TestCluster } from './harness.js';

let t: TestCluster;
withCluster((joined) => (t = joined));

it('counts a search on either replica, and stops suggesting a video unpublished on the other', async () => {
  const [api1, api2] = t.api;
  const owner = await signUp(api1);
  // A word of letters only, so the title's full-text words hold it as it is.
  const word = `zymurgy${[...randomBytes(4)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;
  const title = `${word} sourdough starter`;
  const video = await uploadVideo(owner.session, api1, title, await fixture('plain.mp4'));
  const visitor = new Session();
  const suggested = async (base: string, q: string) =>
    (
      (await visitor.request(base, 'GET', `/api/v1/search/suggestions?q=${encodeURIComponent(q)}`))
        .json.data as unknown as { suggestions: { text: string; kind: string }[] }
    ).suggestions.map((s) => `${s.kind}:${s.text}`);

  // The title is suggested by both replicas at once (no cache between).
  expect(await suggested(api2, word.slice(0, 9))).toContain(`title:${title}`);

  // One search on each replica: twice in the shared table, so suggested (SEARCH_LOG_MIN_COUNT).
  const query = `${word} sourdough`;
  for (const base of [api1, api2]) {
    const found = await visitor.request(
      base,
      'GET',
      `/api/v1/videos?query=${encodeURIComponent(query)}`,
    );
    expect(found.json.data.videos.length).toBeGreaterThan(0);
  }
  // Each replica writes its notes within SEARCH_LOG_FLUSH_MS (5 s).
  const withQuery = await poll(
    () => suggested(api1, word.slice(0, 9)),
    (list) => list.includes(`query:${query}`),
    15_000,
  );
  expect(withQuery).toContain(`query:${query}`);

  const toggled = await owner.session.request(
    api1,
    'PATCH',
    `/api/v1/videos/toggle/publish/${video}`,
  );
  expect(toggled.status).toBe(200);
  // Neither the title nor the search of its words is offered any more, by either replica: each
  // one's suggestions cache (SUGGESTIONS_CACHE_MS) is cleared by the write, on 2 through the bus.
  expect(
    await poll(
      () => suggested(api2, word.slice(0, 9)),
      (list) => list.length === 0,
      1_000,
    ),
  ).toEqual([]);
  expect(await suggested(api1, word.slice(0, 9))).toEqual([]);
});
