/**
 * Issue 34: a scheduled publication survives the process. The real server (`server/main.ts`,
 * embedded database on disk) stores a schedule a few seconds ahead and is killed with SIGKILL;
 * the time passes while it is down; started again on the same DATA_DIR it publishes the video
 * (its durable job, or the overdue pass) and the subscriber is told once.
 */
import { rm } from 'node:fs/promises';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { NotificationList } from '../../contract/notifications.js';
import type { OwnVideoItem } from '../../contract/videos.js';
import {
  apiData,
  emptySiteCopy,
  emptySiteReady,
  freePort,
  signUp,
  startServer,
  type SpawnedServer,
} from './spawned-server.js';
import { until } from './transcode-helpers.js';
import { uploadBody } from './video-helpers.js';

let dataDir: string | undefined;
let server: SpawnedServer | undefined;

afterEach(async () => {
  await server?.kill();
  server = undefined;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

// The test process's first empty site is a first start: over a minute on a loaded machine.
beforeAll(emptySiteReady, 180_000);

it('publishes a schedule whose time passed while the server was down, once', async () => {
  dataDir = await emptySiteCopy('vidtube-publish-');
  const port = await freePort();
  server = await startServer(dataDir, port);
  const api = (p: string) => `${server!.url}/api/v1${p}`;
  const creator = await signUp(server.url);
  const fan = await signUp(server.url);
  const me = await apiData<{ _id: string }>(api('/users/current-user'), creator);
  await apiData(api(`/subscriptions/c/${me._id}`), fan, { method: 'POST' });
  const { body, headers } = await uploadBody({
    fields: { title: 'After the restart', tags: '["a"]', visibility: 'private' },
  });
  const { _id: id } = await apiData<{ _id: string }>(api('/videos'), creator, {
    method: 'POST',
    headers,
    body: new Uint8Array(body),
  });
  const publishAt = new Date(Date.now() + 3_000);
  const scheduled = await apiData<OwnVideoItem>(api(`/videos/${id}/visibility`), creator, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ visibility: 'private', publishAt: publishAt.toISOString() }),
  });
  expect(scheduled).toMatchObject({ visibility: 'private', publishAt: publishAt.toISOString() });
  await server.kill();
  // Down until after the time (setup, not a check that nothing happened).
  await new Promise((r) => setTimeout(r, Math.max(0, publishAt.getTime() - Date.now() + 500)));

  server = await startServer(dataDir, port);
  const watched = await until(
    () => fetch(api(`/videos/${id}`), { headers: { cookie: fan } }),
    (res) => res.status === 200,
    60_000,
  );
  const video = ((await watched.json()) as { data: { visibility: string; publishAt: null } }).data;
  expect(video).toMatchObject({ visibility: 'public', publishAt: null });
  const bell = await apiData<NotificationList>(api('/notifications?limit=50'), fan);
  expect(bell.notifications.filter((n) => n.video?._id === id)).toHaveLength(1);
  await server.stop();
}, 180_000);
