/**
 * Live events across two server processes sharing one PostgreSQL (no shared memory, no sticky
 * sessions): a write through one replica reaches the streams open on the other through
 * LISTEN/NOTIFY, and so do the ends of what a stream may hear: a sign-out or an unpublish on one
 * replica stops the stream or the comments held on the other. Runs when TEST_DATABASE_URL names a
 * PostgreSQL server, as in CI's second run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCredentials } from './fixtures/users.js';
import { freshTestDatabase } from './fresh-database.js';
import { fixture } from './media-fixtures.js';
import { freePort, startServer, type SpawnedServer } from './spawned-server.js';
import { openSse, type SseStream } from './sse-client.js';

const adminUrl = process.env.TEST_DATABASE_URL;

/** Signs up and in through `server`; returns the user's id and access cookie. */
async function signUp(server: SpawnedServer) {
  const credentials = newCredentials();
  const form = new FormData();
  for (const [key, value] of Object.entries(credentials)) form.set(key, value);
  const registered = await fetch(`${server.url}/api/v1/users/register`, {
    method: 'POST',
    body: form,
  });
  expect(registered.status).toBe(201);
  const { userName, email, password } = credentials;
  const login = await fetch(`${server.url}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, email, password }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('accessToken='))!;
  const { data } = (await login.json()) as { data: { user: { _id: string } } };
  return { id: data.user._id, cookie };
}

/** Uploads a small video through `server` as the holder of `cookie`. */
async function uploadThrough(server: SpawnedServer, cookie: string, title: string) {
  const form = new FormData();
  form.set('title', title);
  form.set('description', 'Uploaded on one replica, heard on the other');
  form.set('tags', JSON.stringify(['live']));
  form.set(
    'videoFile',
    new Blob([new Uint8Array(await fixture('plain.mp4'))], { type: 'video/mp4' }),
    'a.mp4',
  );
  const uploaded = await fetch(`${server.url}/api/v1/videos`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  return ((await uploaded.json()) as { data: { _id: string } }).data;
}

describe.runIf(adminUrl)('live events across two replicas on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshTestDatabase>> | undefined;
  const dirs: string[] = [];
  const servers: SpawnedServer[] = [];
  const streams: SseStream[] = [];

  beforeAll(async () => {
    database = await freshTestDatabase();
    // One after the other: the first applies the migrations.
    for (let i = 0; i < 2; i++) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-replica-'));
      dirs.push(dir);
      servers.push(
        await startServer(dir, await freePort(), {
          DATABASE_URL: database.url,
          ACCESS_TOKEN_SECRET: 'shared-secret',
        }),
      );
    }
  }, 120_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('delivers a notification and a comment written on one replica to streams on the other', async () => {
    const [one, two] = servers as [SpawnedServer, SpawnedServer];
    const creator = await signUp(one);
    const fan = await signUp(two);
    const creatorsBell = await openSse(`${two.url}/api/v1/events`, creator.cookie);
    streams.push(creatorsBell);
    expect(creatorsBell.status).toBe(200);
    await creatorsBell.started();

    const subscribed = await fetch(`${one.url}/api/v1/subscriptions/c/${creator.id}`, {
      method: 'POST',
      headers: { cookie: fan.cookie },
    });
    expect(subscribed.status).toBe(200);
    await creatorsBell.next((m) => m.event === 'notifications');
    const count = await fetch(`${two.url}/api/v1/notifications/unread-count`, {
      headers: { cookie: creator.cookie },
    });
    expect(await count.json()).toMatchObject({ data: { unreadCount: 1 } });

    // The fan's bell on replica two hears the creator's upload through replica one.
    const fansBell = await openSse(`${two.url}/api/v1/events`, fan.cookie);
    streams.push(fansBell);
    await fansBell.started();
    const video = await uploadThrough(one, creator.cookie, 'Across replicas');
    await fansBell.next((m) => m.event === 'notifications');

    // A comment written on replica one appears on the watch page open on replica two.
    const watching = await openSse(`${two.url}/api/v1/events?video=${video._id}`, fan.cookie);
    streams.push(watching);
    await watching.started();
    const commented = await fetch(`${one.url}/api/v1/comments/${video._id}`, {
      method: 'POST',
      headers: { cookie: creator.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'First!' }),
    });
    expect(commented.status).toBe(201);
    const { data: comment } = (await commented.json()) as { data: { _id: string } };
    const message = await watching.next((m) => m.event === 'comment');
    expect(JSON.parse(message.data)).toEqual({
      videoId: video._id,
      commentId: comment._id,
      parentId: null,
    });
  });

  it('ends on replica two the stream of a session signed out on replica one', async () => {
    const [one, two] = servers as [SpawnedServer, SpawnedServer];
    const user = await signUp(one);
    const stream = await openSse(`${two.url}/api/v1/events`, user.cookie);
    streams.push(stream);
    expect(stream.status).toBe(200);
    const out = await fetch(`${one.url}/api/v1/users/logout`, {
      method: 'POST',
      headers: { cookie: user.cookie },
    });
    expect(out.status).toBe(200);
    await stream.ended;
  });

  it('stops comments of a video unpublished on replica one reaching viewers on replica two', async () => {
    const [one, two] = servers as [SpawnedServer, SpawnedServer];
    const creator = await signUp(one);
    const viewer = await signUp(two);
    const video = await uploadThrough(one, creator.cookie, 'Soon private');
    const viewers = await openSse(`${two.url}/api/v1/events?video=${video._id}`, viewer.cookie);
    const creators = await openSse(`${two.url}/api/v1/events?video=${video._id}`, creator.cookie);
    streams.push(viewers, creators);
    const toggled = await fetch(`${one.url}/api/v1/videos/toggle/publish/${video._id}`, {
      method: 'PATCH',
      headers: { cookie: creator.cookie },
    });
    expect(toggled.status).toBe(200);
    const commented = await fetch(`${one.url}/api/v1/comments/${video._id}`, {
      method: 'POST',
      headers: { cookie: creator.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Only I can see this now' }),
    });
    expect(commented.status).toBe(201);
    await creators.next((m) => m.event === 'comment');
    // Replica two delivers in the bus's order: the viewer's next notification comes after the
    // comment's delivery, so a comment sent to the viewer would have arrived before it.
    const subscribed = await fetch(`${one.url}/api/v1/subscriptions/c/${viewer.id}`, {
      method: 'POST',
      headers: { cookie: creator.cookie },
    });
    expect(subscribed.status).toBe(200);
    await viewers.next((m) => m.event === 'notifications');
    expect(viewers.messages.filter((m) => m.event === 'comment')).toEqual([]);
  });
});
