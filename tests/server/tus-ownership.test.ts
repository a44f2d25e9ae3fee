/**
 * A resumable upload is its creator's alone, whatever the shape of the URL: tus must act on the
 * upload whose ownership the route checked. Bob owns an upload of his own and aims HEAD, PATCH
 * and DELETE at Alice's through every URL that once let tus take her id from the query string
 * (and encoded slashes, a trailing slash, a fragment, two ids). Each is a 404 in the envelope,
 * anonymous callers get a 401, and Alice's upload stays byte for byte what it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import {
  UPLOADS,
  aliceAndBobUploads,
  hostileTargets,
  rawRequest,
  segmentsAfterUploads,
  uploadSnapshot,
  type RawAnswer,
} from './tus-helpers.js';

function expectEnvelope(answer: RawAnswer, method: string, status: number) {
  expect(`${method} ${answer.target}: ${answer.status}`).toBe(
    `${method} ${answer.target}: ${status}`,
  );
  if (method === 'HEAD') return; // a HEAD answer has no body
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(answer.body)).toMatchObject({ statusCode: status, data: null, success: false });
}

describe('tus ownership, whatever the URL', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let port: number;
  let aliceUpload: string;
  let bobUpload: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ alice, bob, aliceUpload, bobUpload, port } = await aliceAndBobUploads(t));
  });
  afterAll(() => t.close());

  const send = (method: string, target: string, cookie: Record<string, string>) =>
    rawRequest(
      port,
      method,
      target,
      {
        ...cookie,
        'tus-resumable': '1.0.0',
        ...(method === 'PATCH'
          ? { 'upload-offset': '100', 'content-type': 'application/offset+octet-stream' }
          : {}),
      },
      method === 'PATCH' ? Buffer.alloc(50, 66) : undefined,
    );

  it('answers 404 to another user at every URL shape, and changes nothing of the upload', async () => {
    const before = await uploadSnapshot(t, alice, aliceUpload);
    expect(before).toMatchObject({ status: 200, offset: '100', length: '1000' });
    for (const method of ['HEAD', 'PATCH', 'DELETE']) {
      for (const target of hostileTargets(bobUpload, aliceUpload)) {
        const answer = await send(method, target, bob.headers);
        expectEnvelope(answer, method, 404);
        expect(answer.headers['upload-offset'], `${method} ${target}`).toBeUndefined();
        expect(answer.headers['upload-metadata'], `${method} ${target}`).toBeUndefined();
      }
    }
    expect(await uploadSnapshot(t, alice, aliceUpload)).toEqual(before);
    // Bob's own upload was not written either: no shape reached any upload.
    expect(await uploadSnapshot(t, bob, bobUpload)).toMatchObject({ offset: '0' });
  });

  it('answers 401 to an anonymous caller at every URL shape', async () => {
    const before = await uploadSnapshot(t, alice, aliceUpload);
    // Two segments after uploads/ match no route at all: 404 before any account is asked for.
    const routed = (target: string) => segmentsAfterUploads(target) === 1;
    for (const method of ['HEAD', 'PATCH', 'DELETE']) {
      for (const target of hostileTargets(bobUpload, aliceUpload)) {
        expectEnvelope(await send(method, target, {}), method, routed(target) ? 401 : 404);
      }
    }
    expect(await uploadSnapshot(t, alice, aliceUpload)).toEqual(before);
  });

  it('still serves the owner at the upload’s own URL', async () => {
    const answer = await send('PATCH', `${UPLOADS}/${aliceUpload}`, alice.headers);
    expect(answer.status).toBe(204);
    expect(answer.headers['upload-offset']).toBe('150');
  });
});
