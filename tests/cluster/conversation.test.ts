/**
 * Issue 33's conversation across replicas: a reply written through 1 is announced live (with its
 * thread) to a viewer whose stream 2 serves, and a block made through 1 hides the blocked user's
 * comment in the list 2 answers, and refuses their next comment there.
 */
import { expect, it } from 'vitest';
import { fixture } from '../server/media-fixtures.js';
import { streamServedBy } from './event-stream.js';
import { withCluster, signUp, uploadVideo, type TestCluster } from './harness.js';

let t: TestCluster;
withCluster((joined) => (t = joined));

it('a reply through 1 reaches a viewer streaming from 2 with its thread', async () => {
  const [api1, api2] = t.api;
  const owner = await signUp(api1);
  const video = await uploadVideo(owner.session, api1, 'Threads live', await fixture('plain.mp4'));
  const commented = await owner.session.request(api1, 'POST', `/api/v1/comments/${video}`, {
    content: 'Ask me anything',
  });
  expect(commented.status).toBe(201);
  const commentId = String(commented.json.data._id);
  const viewer = await signUp(api2);
  const stream = await streamServedBy(
    viewer.session,
    t.site,
    `/api/v1/events?video=${video}`,
    api2,
  );
  try {
    await stream.next((m) => m.retry !== undefined, 2_000);
    const replier = await signUp(api1);
    const replied = await replier.session.request(
      api1,
      'POST',
      `/api/v1/comments/c/${commentId}/replies`,
      { content: 'Heard on the other replica?' },
    );
    expect(replied.status).toBe(201);
    const event = await stream.next((m) => m.event === 'comment', 2_000);
    expect(JSON.parse(event.data!)).toEqual({
      videoId: video,
      commentId: String(replied.json.data._id),
      parentId: commentId,
    });
    // What the event says to re-read is there, read through 2.
    const thread = await viewer.session.request(
      api2,
      'GET',
      `/api/v1/comments/c/${commentId}/replies`,
    );
    expect((thread.json.data as unknown as { totalReplies: number }).totalReplies).toBe(1);
  } finally {
    stream.close();
  }
});

it('a block through 1 hides the comment in the list 2 answers and refuses a new one there', async () => {
  const [api1, api2] = t.api;
  const owner = await signUp(api1);
  const video = await uploadVideo(owner.session, api1, 'Civil', await fixture('plain.mp4'));
  const troll = await signUp(api2);
  const other = await signUp(api2);
  const trolled = await troll.session.request(api2, 'POST', `/api/v1/comments/${video}`, {
    content: 'Rude words',
  });
  expect(trolled.status).toBe(201);
  const blocked = await owner.session.request(
    api1,
    'PUT',
    `/api/v1/comments/moderation/blocked/${troll.userId}`,
  );
  expect(blocked.json.data).toEqual({ blocked: true });
  const seen = await other.session.request(api2, 'GET', `/api/v1/comments/${video}`);
  const list = seen.json.data as unknown as { comments: unknown[]; totalComments: number };
  expect(list.comments).toEqual([]);
  expect(list.totalComments).toBe(0);
  const again = await troll.session.request(api2, 'POST', `/api/v1/comments/${video}`, {
    content: 'Still here',
  });
  expect(again.status).toBe(403);
  expect((again.json as unknown as { message: string }).message).toBe(
    "You can't comment on this channel",
  );
});
