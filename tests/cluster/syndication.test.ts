/**
 * Issue 34 across replicas: oEmbed and a channel's RSS feed read the shared database, so a video
 * uploaded at one replica is embeddable and in the feed at the other and through the balancer
 * (with the balancer's origin in the embed code), and once made private at one replica, neither
 * replica knows it any more.
 */
import { JSDOM } from 'jsdom';
import { expect, it } from 'vitest';
import { fixture } from '../server/media-fixtures.js';
import { withCluster, Session, signUp, uploadVideo, type TestCluster } from './harness.js';

let t: TestCluster;
withCluster((joined) => (t = joined));

it('embeds and lists a video uploaded at one replica at the other, and forgets it once private', async () => {
  const [api1, api2] = t.api;
  const owner = await signUp(api1);
  const title = `Feed me ${Date.now()}`;
  const video = await uploadVideo(owner.session, api1, title, await fixture('plain.mp4'));
  const visitor = new Session();
  const oembed = (base: string) =>
    visitor.request(
      base,
      'GET',
      `/api/v1/oembed?url=${encodeURIComponent(`${base}/watch/${video}`)}`,
    );
  const feedTitles = async (base: string) => {
    const res = await fetch(`${base}/api/v1/feeds/channels/${owner.fields.userName}`);
    expect(res.status).toBe(200);
    const doc = new JSDOM(await res.text(), { contentType: 'text/xml' }).window.document;
    return [...doc.querySelectorAll('item > title')].map((node) => node.textContent);
  };

  for (const base of [api2, t.site]) {
    const answer = await oembed(base);
    expect(answer.status, base).toBe(200);
    expect((answer.json as unknown as { html: string }).html).toContain(
      `src="${base}/embed/${video}"`,
    );
    expect(await feedTitles(base)).toEqual([title]);
  }

  const toggled = await owner.session.request(
    api2,
    'PATCH',
    `/api/v1/videos/toggle/publish/${video}`,
  );
  expect(toggled.status).toBe(200);
  for (const base of [api1, api2]) {
    expect((await oembed(base)).status, base).toBe(404);
    expect(await feedTitles(base)).toEqual([]);
  }
});
