/**
 * GET /events on one server: the stream's headers (unbuffered, uncompressed, with the security
 * headers), delivery of notifications and of a watched video's comments to the right streams
 * only, the per-user cap and its release when a stream closes. That a stream heard nothing is
 * shown by a later event it does hear (a comment on the video it watches), never by a pause.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STREAMS_PER_USER } from '../../server/live/live-streams.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { subscribe } from './notification-helpers.js';
import { heardBefore, openSse, type SseStream } from './sse-client.js';
import { until } from './transcode-helpers.js';
import { insertVideo, upload } from './video-helpers.js';

describe('live events', () => {
  let t: TestApp;
  let base: string;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  /** Owns the beacon video, on which only they comment. */
  let erin: TestUser;
  let beaconVideo: string;
  const open: SseStream[] = [];

  const sse = async (user: TestUser, query = '', headers = {}) => {
    const stream = await openSse(`${base}/api/v1/events${query}`, user.cookie, headers);
    open.push(stream);
    return stream;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
    carol = await createUser(t, 'carol');
    erin = await createUser(t, 'erin');
    beaconVideo = await insertVideo(t, erin);
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    await t.close();
  });

  const comment = async (user: TestUser, videoId: string, content: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/comments/${videoId}`,
      headers: user.headers,
      payload: { content },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ data: { _id: string } }>().data._id;
  };

  /**
   * What `stream` (watching `videoId`) heard before its owner's comment made now: the comment
   * reaches it after anything published earlier would have (the owner is not notified of it).
   */
  const heardBeforeComment = async (stream: SseStream, owner: TestUser, videoId: string) => {
    const commentId = await comment(owner, videoId, 'Beacon');
    return heardBefore(
      stream,
      (m) =>
        m.event === 'comment' &&
        (JSON.parse(m.data) as { commentId: string }).commentId === commentId,
    );
  };

  it('refuses callers without a session in the JSON envelope', async () => {
    const res = await fetch(`${base}/api/v1/events`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, data: null, statusCode: 401 });
  });

  it('streams at once, uncompressed and uncached, with the security headers', async () => {
    const stream = await sse(alice, '', { 'accept-encoding': 'gzip, br' });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.headers['cache-control']).toContain('no-cache');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(stream.headers['x-content-type-options']).toBe('nosniff');
    await stream.started();
    expect(stream.raw()).toMatch(/^retry: \d+\n\n/);
  });

  it("tells a user's streams that their notifications changed, and nobody else's", async () => {
    const alices = await sse(alice);
    const bobs = await sse(bob, `?video=${beaconVideo}`);
    expect((await subscribe(t, bob, alice.id)).statusCode).toBe(200);
    const message = await alices.next((m) => m.event === 'notifications');
    expect(message.data).toBe('{}');
    expect(await heardBeforeComment(bobs, erin, beaconVideo)).toEqual([]);
  });

  it('tells every subscriber connected of a new video (one fan-out event), not others', async () => {
    await subscribe(t, carol, bob.id);
    const carols = await sse(carol);
    const alices = await sse(alice, `?video=${beaconVideo}`);
    expect((await upload(t, bob)).statusCode).toBe(201);
    await carols.next((m) => m.event === 'notifications');
    expect(await heardBeforeComment(alices, erin, beaconVideo)).toEqual([]);
  });

  it('sends a new comment to every stream watching its video, by id only', async () => {
    const videoId = await insertVideo(t, alice);
    const otherVideo = await insertVideo(t, alice);
    const watchers = [await sse(bob, `?video=${videoId}`), await sse(carol, `?video=${videoId}`)];
    const elsewhere = await sse(carol, `?video=${otherVideo}`);
    const commentId = await comment(bob, videoId, 'Live from the watch page');
    for (const stream of watchers) {
      const message = await stream.next((m) => m.event === 'comment');
      expect(JSON.parse(message.data)).toEqual({ videoId, commentId, parentId: null });
    }
    const before = await heardBeforeComment(elsewhere, alice, otherVideo);
    expect(before.filter((m) => m.event === 'comment')).toEqual([]);
  });

  it('refuses to watch a video the caller may not see', async () => {
    const hidden = await insertVideo(t, alice, { isPublished: false });
    const res = await fetch(`${base}/api/v1/events?video=${hidden}`, {
      headers: { cookie: bob.cookie },
    });
    expect(res.status).toBe(404);
  });

  it('caps the streams of one user, and frees a place when one closes', async () => {
    const dave = await createUser(t, 'dave');
    const streams: SseStream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await sse(dave));
    const refused = await fetch(`${base}/api/v1/events`, { headers: { cookie: dave.cookie } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ success: false, statusCode: 429 });
    const held = t.app.liveHub.size;
    streams[0]!.close();
    // The server noticed the close: its slot is free.
    await until(
      async () => t.app.liveHub.size,
      (size) => size === held - 1,
      10_000,
    );
    expect((await sse(dave)).status).toBe(200);
  });
});
