/**
 * Live events through nginx: a viewer's stream on one replica hears what is written on the other
 * (PostgreSQL's NOTIFY), and nginx keeps the stream open and unbuffered.
 */
import { expect, it } from 'vitest';
import { fixture } from '../server/media-fixtures.js';
import { EventStream, streamServedBy } from './event-stream.js';
import { withCluster, signUp, uploadVideo, type TestCluster } from './harness.js';
import { HEARTBEAT_MS } from './settings.js';

let t: TestCluster;
withCluster((joined) => (t = joined));

it('a viewer streaming from 2 hears of a comment and a new subscriber made on 1', async () => {
  const [api1, api2] = t.api;
  const owner = await signUp(api1);
  const video = await uploadVideo(owner.session, api1, 'Watched live', await fixture('plain.mp4'));
  const viewer = await signUp(api2);
  const stream = await streamServedBy(
    viewer.session,
    t.site,
    `/api/v1/events?video=${video}`,
    api2,
  );
  try {
    // Nothing buffers it: the retry hint written with the headers is already here.
    await stream.next((m) => m.retry !== undefined, 2_000);
    const commented = await owner.session.request(api1, 'POST', `/api/v1/comments/${video}`, {
      content: 'Heard on the other replica',
    });
    expect(commented.status).toBe(201);
    const comment = await stream.next((m) => m.event === 'comment', 2_000);
    expect(JSON.parse(comment.data!)).toEqual({
      videoId: video,
      commentId: String(commented.json.data._id),
      parentId: null,
    });
    const subscribed = await owner.session.request(
      api1,
      'POST',
      `/api/v1/subscriptions/c/${viewer.userId}`,
    );
    expect(subscribed.status).toBe(200);
    await stream.next((m) => m.event === 'notifications', 2_000);
    // What the event says to re-read is there, read through the balancer.
    const count = await viewer.session.request(t.site, 'GET', '/api/v1/notifications/unread-count');
    expect(count.json.data).toEqual({ unreadCount: 1 });
  } finally {
    stream.close();
  }
});

it('stays open past nginx’s read timeout, kept busy by heartbeats that arrive as sent', async () => {
  const viewer = await signUp(t.api[0]);
  const stream = await EventStream.open(viewer.session, t.site, '/api/v1/events');
  const opened = performance.now();
  const heartbeat = (m: { comment?: string }) => m.comment === 'heartbeat';
  try {
    // nginx's read timeout is three heartbeats: a stream that hears a fourth was kept open by
    // them (without them nginx would end it at the third, and the wait would fail then).
    await stream.nth(4, heartbeat, 10 * HEARTBEAT_MS);
    expect(stream.endedAt).toBeUndefined();
    // One at a time, not held and let through in a batch.
    const times = [opened, ...stream.messages.filter(heartbeat).map((m) => m.at)];
    const gaps = times.slice(1).map((at, i) => at - times[i]!);
    expect(Math.max(...gaps)).toBeLessThan(3 * HEARTBEAT_MS);
  } finally {
    stream.close();
  }
});
