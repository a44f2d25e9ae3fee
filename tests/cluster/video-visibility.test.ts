/**
 * Issue 34 across the cluster: a schedule stored at replica 1 is published at its time by the
 * cluster's job runner (the worker process, or whichever member's workers fetch it first), and
 * replica 2 serves it at once: the fan's watch, subscriptions feed and bell there. Before its time
 * replica 2 answers 404 and lists nothing of it.
 */
import { expect, it } from 'vitest';
import { fixture } from '../server/media-fixtures.js';
import { poll, signUp, withCluster, type TestCluster } from './harness.js';

let t: TestCluster;
withCluster((joined) => (t = joined));

it('publishes at 2 what was scheduled at 1, with its notification', async () => {
  const [api1, api2] = t.api;
  const owner = await signUp(api1);
  const fan = await signUp(api2);
  const me = await owner.session.request(api1, 'GET', '/api/v1/users/current-user');
  const ownerId = String(me.json.data._id);
  expect(
    (await fan.session.request(api2, 'POST', `/api/v1/subscriptions/c/${ownerId}`)).status,
  ).toBe(200);
  const form = new FormData();
  form.set('title', 'Scheduled across replicas');
  form.set('description', 'Uploaded by the cluster suite');
  form.set('tags', JSON.stringify(['cluster']));
  form.set('visibility', 'private');
  const clip = await fixture('plain.mp4');
  form.set('videoFile', new Blob([new Uint8Array(clip)], { type: 'video/mp4' }), 'video.mp4');
  const uploaded = await owner.session.request(api1, 'POST', '/api/v1/videos', form);
  expect(uploaded.status).toBe(201);
  const id = String(uploaded.json.data._id);

  const publishAt = new Date(Date.now() + 2_000).toISOString();
  const scheduled = await owner.session.request(api1, 'PATCH', `/api/v1/videos/${id}/visibility`, {
    visibility: 'private',
    publishAt,
  });
  expect(scheduled.status).toBe(200);
  expect((await fan.session.request(api2, 'GET', `/api/v1/videos/${id}`)).status).toBe(404);

  const watched = await poll(
    () => fan.session.request(api2, 'GET', `/api/v1/videos/${id}`),
    (answer) => answer.status === 200,
    60_000,
  );
  expect(watched.json.data).toMatchObject({ visibility: 'public', publishAt: null });
  const feed = await fan.session.request(api2, 'GET', '/api/v1/subscriptions/videos');
  expect((feed.json.data.videos as { _id: string }[]).map((v) => v._id)).toContain(id);
  const bell = await fan.session.request(api2, 'GET', '/api/v1/notifications?limit=50');
  const { notifications } = bell.json.data as unknown as {
    notifications: { video?: { _id: string } }[];
  };
  const told = notifications.filter((n) => n.video?._id === id);
  expect(told).toHaveLength(1);
});
