/**
 * GET /events keeps following who may see what after the stream opened: a watched video that its
 * owner unpublishes or deletes stops reaching other viewers' streams, and a session that ends
 * (sign-out, password change, a replayed refresh token) ends its streams and no other.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_TOPICS } from '../../server/events/live-topics.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { USERS, signIn, signUp, type Session } from './fixtures/users.js';
import { createTestApp, type TestApp } from './helpers.js';
import { openSse, type SseMessage, type SseStream } from './sse-client.js';
import { insertVideo } from './video-helpers.js';

describe('live events follow later visibility and sessions', () => {
  let t: TestApp;
  let base: string;
  const open: SseStream[] = [];

  const sse = async (cookie: string, query = '') => {
    const stream = await openSse(`${base}/api/v1/events${query}`, cookie);
    expect(stream.status).toBe(200);
    open.push(stream);
    return stream;
  };
  const cookieOf = (session: Session) => `accessToken=${session.accessToken}`;

  /**
   * Tells `userId`'s streams to re-read their notifications and waits until `stream` heard it.
   * The hub delivers events in the bus's order and a socket keeps the order of its bytes, so
   * whatever an earlier event sent to `stream` has arrived by then.
   */
  const flushed = async (stream: SseStream, userId: string) => {
    const from = stream.messages.length;
    const later = (m: SseMessage) => stream.messages.indexOf(m) >= from;
    await t.ctx.events.publish({ topic: LIVE_TOPICS.notifications, userId });
    await stream.next((m) => later(m) && m.event === 'notifications');
  };
  const comments = (stream: SseStream) => stream.messages.filter((m) => m.event === 'comment');

  const comment = async (user: TestUser, videoId: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/comments/${videoId}`,
      headers: user.headers,
      payload: { content: 'Still here?' },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ data: { _id: string } }>().data._id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    await t.close();
  });

  it("stops a video's comments reaching other viewers once its owner unpublishes it", async () => {
    const owner = await createUser(t);
    const viewer = await createUser(t);
    const videoId = await insertVideo(t, owner);
    const viewers = await sse(viewer.cookie, `?video=${videoId}`);
    const owners = await sse(owner.cookie, `?video=${videoId}`);
    const first = await comment(owner, videoId);
    await viewers.next((m) => m.event === 'comment' && m.data.includes(first));

    const toggled = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/toggle/publish/${videoId}`,
      headers: owner.headers,
    });
    expect(toggled.json<{ data: { isPublished: boolean } }>().data.isPublished).toBe(false);
    const second = await comment(owner, videoId);
    // The owner still sees the video, so the owner's stream hears the comment…
    await owners.next((m) => m.event === 'comment' && m.data.includes(second));
    // …and the viewer's, told something later, heard only the comment from before.
    await flushed(viewers, viewer.id);
    expect(comments(viewers).map((m) => JSON.parse(m.data) as unknown)).toEqual([
      { videoId, commentId: first, parentId: null },
    ]);
  });

  it('sends nothing about a deleted video to the streams that watched it', async () => {
    const owner = await createUser(t);
    const viewer = await createUser(t);
    const videoId = await insertVideo(t, owner);
    const viewers = await sse(viewer.cookie, `?video=${videoId}`);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/videos/${videoId}`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(200);
    // A comment that committed just before the delete is announced just after it.
    await t.ctx.events.publish({ topic: LIVE_TOPICS.comment, videoId, commentId: 'c'.repeat(22) });
    await flushed(viewers, viewer.id);
    expect(comments(viewers)).toEqual([]);
  });

  it("ends a signed-out session's streams, and only that session's", async () => {
    const phone = await signUp(t);
    const laptop = await signIn(t, phone.credentials);
    const phones = await sse(cookieOf(phone));
    const laptops = await sse(cookieOf(laptop));
    const out = await t.app.inject({
      method: 'POST',
      url: `${USERS}/logout`,
      cookies: phone.cookies,
    });
    expect(out.statusCode).toBe(200);
    await phones.ended;
    await flushed(laptops, laptop.user._id);
    expect(laptops.messages.at(-1)?.event).toBe('notifications');
  });

  it("ends every other session's streams when the password changes", async () => {
    const phone = await signUp(t);
    const laptop = await signIn(t, phone.credentials);
    const phones = await sse(cookieOf(phone));
    const laptops = await sse(cookieOf(laptop));
    const changed = await t.app.inject({
      method: 'POST',
      url: `${USERS}/change-password`,
      cookies: laptop.cookies,
      payload: { oldPassword: laptop.credentials.password, newPassword: 'An0ther-passw0rd!' },
    });
    expect(changed.statusCode).toBe(200);
    await phones.ended;
    await flushed(laptops, laptop.user._id);
  });

  it('ends the streams of a session revoked for a replayed refresh token', async () => {
    const session = await signUp(t);
    const stream = await sse(cookieOf(session));
    const refresh = () =>
      t.app.inject({
        method: 'POST',
        url: `${USERS}/refresh-token`,
        cookies: { refreshToken: session.refreshToken },
      });
    expect((await refresh()).statusCode).toBe(200);
    expect((await refresh()).statusCode).toBe(401);
    await stream.ended;
  });
});
