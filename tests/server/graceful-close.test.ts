/**
 * Closing the app over a real socket, as main.ts does on SIGTERM in a rolling restart
 * (server/http/graceful-close.ts): the live streams end at once, so their clients reconnect to
 * another replica; an upload in flight finishes, and its connection is closed after it rather
 * than kept for the balancer's next request; no new connection is taken.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { fixture } from './media-fixtures.js';
import { openSse } from './sse-client.js';
import { createUpload, UPLOADS, uploadIdOf } from './tus-helpers.js';

let t: TestApp;
let base: string;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  owner = await createUser(t, 'closing_owner');
});
afterAll(() => t.close());

it('ends live streams, finishes the upload in flight on a closed connection, takes no new one', async () => {
  const stream = await openSse(`${base}/api/v1/events`, owner.cookie);
  expect(stream.status).toBe(200);
  const bytes = await fixture('plain.mp4');
  const half = Math.floor(bytes.length / 2);
  const id = uploadIdOf((await createUpload(t, owner, bytes.length)).headers.location);

  // Half of a PATCH is on its way when the close starts; a kept-alive connection, as nginx's.
  const agent = new http.Agent({ keepAlive: true });
  const arrived = new Promise((resolve) => t.app.server.once('request', resolve));
  const patch = http.request(`${base}${UPLOADS}/${id}`, {
    method: 'PATCH',
    agent,
    headers: {
      cookie: owner.cookie,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(bytes.length),
    },
  });
  const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
    patch.on('response', resolve);
    patch.on('error', reject);
  });
  patch.write(bytes.subarray(0, half));
  await arrived;
  const closed = t.app.close();

  await stream.ended;
  patch.end(bytes.subarray(half));
  const answer = await answered;
  answer.resume();
  expect(answer.statusCode).toBe(204);
  expect(answer.headers['upload-offset']).toBe(String(bytes.length));
  expect(answer.headers.connection).toBe('close');
  await closed;
  await expect(fetch(`${base}/api/v1/healthcheck`)).rejects.toThrow();
  agent.destroy();
});
