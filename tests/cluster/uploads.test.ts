/** Resumable uploads without stickiness: each tus request may land on either replica. */
import { expect, it } from 'vitest';
import { fixture } from '../server/media-fixtures.js';
import { encodeMetadata } from '../server/tus-helpers.js';
import { withCluster, signUp, type TestCluster } from './harness.js';

const UPLOADS = '/api/v1/videos/uploads';
const TUS = { 'tus-resumable': '1.0.0' };

let t: TestCluster;
withCluster((joined) => (t = joined));

it('is created on 1, sent in halves to 2 and 1, asked on 2 and finished on 1: one video', async () => {
  const [api1, api2] = t.api;
  const owner = await signUp(api1);
  const source = await fixture('plain.mp4');
  const created = await owner.session.request(api1, 'POST', UPLOADS, undefined, {
    ...TUS,
    'upload-length': String(source.length),
    'upload-metadata': encodeMetadata({
      title: 'Travelling bytes',
      description: 'Sent through two replicas',
      tags: JSON.stringify(['cluster']),
      filename: 'plain.mp4',
    }),
  });
  expect(created.status).toBe(201);
  const url = created.headers.get('location')!;
  const half = Math.floor(source.length / 2);
  const patch = (base: string, offset: number, bytes: Buffer) =>
    owner.session.request(base, 'PATCH', url, new Uint8Array(bytes), {
      ...TUS,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    });
  expect((await patch(api2, 0, source.subarray(0, half))).status).toBe(204);
  expect((await patch(api1, half, source.subarray(half))).status).toBe(204);
  const head = await owner.session.request(api2, 'HEAD', url, undefined, TUS);
  expect(head.headers.get('upload-offset')).toBe(String(source.length));
  const finished = await owner.session.request(api1, 'POST', `${url}/finish`);
  expect(finished.status).toBe(201);
  const video = String(finished.json.data._id);
  const own = await owner.session.request(t.site, 'GET', '/api/v1/videos/user');
  expect(own.json.data.videos.map((v: { _id: string }) => v._id)).toEqual([video]);
});
