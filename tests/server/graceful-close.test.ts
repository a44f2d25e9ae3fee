/**
 * Closing the app over a real socket, as main.ts does on SIGTERM in a rolling restart
 * (server/http/graceful-close.ts): the live streams end at once, so their clients reconnect to
 * another replica; an upload in flight finishes, and its connection is closed after it rather
 * than kept for the balancer's next request; a request whose first bytes were already here is
 * served, not refused with Fastify's 503; no new connection is taken.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
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

/** Everything the server sends on `socket` until it closes it. */
function readUntilClosed(socket: net.Socket): Promise<string> {
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  return new Promise((resolve, reject) => {
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

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

it('serves a request that was arriving when the close started, and closes its connection', async () => {
  const other = await createTestApp();
  try {
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = other.app.server.address() as AddressInfo;
    // The request's first bytes reach the server before the close starts, so the connection is
    // not idle (an idle one is closed at once); the rest arrives during the close, as on a
    // connection the balancer kept alive and reused at that moment.
    const firstBytes = new Promise<void>((resolve) =>
      other.app.server.once('connection', (socket: net.Socket) =>
        socket.once('data', () => resolve()),
      ),
    );
    const socket = net.connect(port, '127.0.0.1');
    const answer = readUntilClosed(socket);
    socket.write('GET /api/v1/healthcheck HTTP/1.1\r\nHost: vidtube.test\r\n');
    await firstBytes;
    const closed = other.app.close();
    socket.write('\r\n');

    const [head, body] = (await answer).split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head).toMatch(/^connection: close$/im);
    expect(JSON.parse(body ?? '')).toMatchObject({ success: true });
    await closed;
  } finally {
    await other.close();
  }
});
