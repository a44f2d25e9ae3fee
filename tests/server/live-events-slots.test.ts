/**
 * GET /events slots over real sockets: a client that goes away before the answer (a tab closed
 * while connecting) holds no slot, a slot lives exactly as long as its connection, and the caps
 * per user and per client address answer 429 in the envelope.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STREAMS_PER_USER, TOO_MANY_FROM_ADDRESS } from '../../server/live/live-streams.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { openSse, type SseStream } from './sse-client.js';
import { insertVideo } from './video-helpers.js';

/** Sends the request's head over a raw socket and closes the socket before any answer. */
function openAndAbort(port: number, path: string, cookie: string): Promise<void> {
  return new Promise((done, fail) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`, () =>
        socket.destroy(),
      );
    });
    socket.on('close', () => done());
    socket.on('error', fail);
  });
}

/** Resolves once `read()` is true; the hub's counts change as the server notices the closes. */
async function until(read: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (read()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`never: ${what}`);
}

/** Small, so the test opens few streams: one user's cap and a half. */
const PER_ADDRESS = 12;

describe('live-event slots', () => {
  let t: TestApp;
  let port: number;
  let base: string;
  const open: SseStream[] = [];

  const sse = async (user: TestUser, headers = {}) => {
    const stream = await openSse(`${base}/api/v1/events`, user.cookie, headers);
    open.push(stream);
    return stream;
  };

  beforeAll(async () => {
    t = await createTestApp({ liveStreamsPerAddress: PER_ADDRESS });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    await t.close();
  });

  it('holds 0 slots after 100 opens aborted before the answer, and the user still streams', async () => {
    const erin = await createUser(t, 'erin');
    const videoId = await insertVideo(t, erin);
    const started = t.app.liveHub.opensHandled;
    for (let i = 0; i < 100; i++) {
      // Half watch a video: its visibility check is one more wait before the answer.
      const path = i % 2 ? `/api/v1/events?video=${videoId}` : '/api/v1/events';
      await openAndAbort(port, path, erin.cookie);
    }
    // Every aborted open reached the handler and was settled there.
    await until(() => t.app.liveHub.opensHandled - started >= 100, 'the 100 opens were handled');
    await until(() => t.app.liveHub.size === 0, 'no slot held');
    expect(t.app.liveHub.size).toBe(0);
    const streams: SseStream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await sse(erin));
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
    for (const stream of streams) stream.close();
    await until(() => t.app.liveHub.size === 0, 'closed streams free their slots');
  });

  it('holds no slot for an open refused after its slot was taken', async () => {
    const frank = await createUser(t, 'frank');
    const owner = await createUser(t);
    const hidden = await insertVideo(t, owner, { isPublished: false });
    for (let i = 0; i < MAX_STREAMS_PER_USER + 2; i++) {
      // Kept-alive connections: the slot must go with the answer, not with the socket.
      const res = await fetch(`${base}/api/v1/events?video=${hidden}`, {
        headers: { cookie: frank.cookie },
      });
      expect(res.status).toBe(404);
    }
    expect(t.app.liveHub.size).toBe(0);
    const stream = await sse(frank);
    expect(stream.status).toBe(200);
    stream.close();
    await until(() => t.app.liveHub.size === 0, 'the closed stream frees its slot');
  });

  it('caps the streams of one client address across users, in the envelope', async () => {
    const users = await Promise.all(
      Array.from({ length: Math.ceil(PER_ADDRESS / MAX_STREAMS_PER_USER) + 1 }, () =>
        createUser(t),
      ),
    );
    const streams: SseStream[] = [];
    for (let i = 0; i < PER_ADDRESS; i++) {
      streams.push(await sse(users[Math.floor(i / MAX_STREAMS_PER_USER)]!));
    }
    expect(streams.every((s) => s.status === 200)).toBe(true);
    const fresh = users.at(-1)!;
    const refused = await fetch(`${base}/api/v1/events`, { headers: { cookie: fresh.cookie } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      success: false,
      data: null,
      statusCode: 429,
      message: TOO_MANY_FROM_ADDRESS,
    });
    streams[0]!.close();
    await until(() => t.app.liveHub.size === PER_ADDRESS - 1, 'a slot freed');
    expect((await sse(fresh)).status).toBe(200);
  });
});
