/**
 * Issue 34 across replicas: captions live in the shared database and the shared bucket, so a
 * caption file stored through one replica is listed by the other and by the embed's public read,
 * its WebVTT is served wherever its URL points, and a delete at the other replica takes it from both.
 */
import { expect, it } from 'vitest';
import { fixture } from '../server/media-fixtures.js';
import { withCluster, Session, signUp, uploadVideo, type TestCluster } from './harness.js';

let t: TestCluster;
withCluster((joined) => (t = joined));

const CUE = 'Hello from the cluster';
const VTT = `WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n${CUE}\n`;

interface CaptionAnswer {
  language: string;
  label: string;
  url: string;
}

it('stores captions at one replica, lists and serves them at the other, and deletes them there', async () => {
  const [api1, api2] = t.api;
  const owner = await signUp(api1);
  const video = await uploadVideo(
    owner.session,
    api1,
    'Captioned in the cluster',
    await fixture('plain.mp4'),
  );
  const form = new FormData();
  form.set('file', new Blob([VTT], { type: 'text/vtt' }), 'captions.vtt');
  const stored = await owner.session.request(
    api1,
    'PUT',
    `/api/v1/videos/${video}/captions/en`,
    form,
  );
  expect(stored.status).toBe(200);

  const visitor = new Session();
  const listed = async (base: string) =>
    (await visitor.request(base, 'GET', `/api/v1/videos/${video}/captions`)).json
      .data as unknown as CaptionAnswer[];
  const [caption] = await listed(api2);
  expect(caption).toMatchObject({ language: 'en', label: 'English' });
  // The URL is the replica's media path (redirecting to the bucket) or the bucket's own.
  const file = await fetch(caption!.url);
  expect(file.status).toBe(200);
  expect(await file.text()).toContain(CUE);
  const embed = await visitor.request(t.site, 'GET', `/api/v1/embed/${video}`);
  expect((embed.json.data as unknown as { captions: CaptionAnswer[] }).captions).toHaveLength(1);

  const removed = await owner.session.request(
    api2,
    'DELETE',
    `/api/v1/videos/${video}/captions/en`,
  );
  expect(removed.status).toBe(200);
  for (const base of [api1, api2]) expect(await listed(base)).toEqual([]);
});
