/**
 * Issue 34, visibility and schedule (contract/video-visibility.ts): the API's rules, the spec's
 * toggle over the new states, who may reach an unlisted or private video by its id, when
 * subscribers are told (the first time a video is public, once), and the scheduled publication
 * job: on time, a no-op after the schedule changed, and the overdue pass.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_MESSAGES } from '../../contract/video-visibility.js';
import type { OwnVideoItem } from '../../contract/videos.js';
import { publishJob } from '../../server/job-table.js';
import { startJobWorkers } from '../../server/jobs/job-workers.js';
import { videos } from '../../server/db/schema.js';
import { PUBLISH_QUEUE, publishOverdue } from '../../server/videos/index.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { ofType, subscribe } from './notification-helpers.js';
import { silentLog, until } from './transcode-helpers.js';
import { insertVideo, upload } from './video-helpers.js';

describe('video visibility and schedule', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'valice');
    bob = await createUser(t, 'vbob');
    expect((await subscribe(t, bob, alice.id)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const setVisibility = (user: TestUser, id: string, payload: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${id}/visibility`,
      headers: user.headers,
      payload: payload as object,
    });
  const toggle = (user: TestUser, id: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/toggle/publish/${id}`,
      headers: user.headers,
    });
  const watch = (user: TestUser, id: string) =>
    t.app.inject({ url: `/api/v1/videos/${id}`, headers: user.headers });
  const inFeeds = async (user: TestUser, id: string) => {
    const urls = [
      '/api/v1/videos?limit=50',
      `/api/v1/videos?userId=${alice.id}&limit=50`,
      '/api/v1/subscriptions/videos?limit=50',
    ];
    const found = [];
    for (const url of urls) {
      const res = await t.app.inject({ url, headers: user.headers });
      expect(res.statusCode).toBe(200);
      const list = res.json<{ data: { videos: { _id: string }[] } }>().data.videos;
      if (list.some((v) => v._id === id)) found.push(url);
    }
    return found;
  };
  const inAFewSeconds = (ms = 1500) => new Date(Date.now() + ms).toISOString();
  const row = async (id: string) =>
    (await t.ctx.db.select().from(videos).where(eq(videos.id, id)))[0]!;
  const newVideoNotes = async (user: TestUser, id: string) =>
    (await ofType(t, user, 'newVideo')).filter((n) => n.video?._id === id);

  it('makes a video unlisted: playable by its link, in no list, and says so', async () => {
    const id = await insertVideo(t, alice, { title: 'Unlisted by link' });
    // Watched while public: Bob's history lists it, then no more (its total too).
    expect((await watch(bob, id)).statusCode).toBe(200);
    const history = async () =>
      (await t.app.inject({ url: '/api/v1/users/history?limit=50', headers: bob.headers })).json<{
        data: { history: { video: { _id: string } }[]; totalHistory: number };
      }>().data;
    expect((await history()).history.map((h) => h.video._id)).toContain(id);
    const res = await setVisibility(alice, id, { visibility: 'unlisted' });
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: OwnVideoItem; message: string }>();
    expect(data.message).toBe('Video unlisted');
    expect(data.data).toMatchObject({
      _id: id,
      visibility: 'unlisted',
      isPublished: false,
      publishAt: null,
      likeCount: 0,
    });
    expect(data.data.processing.state).toBe('ready');
    expect((await watch(bob, id)).statusCode).toBe(200);
    expect(await inFeeds(bob, id)).toEqual([]);
    const after = await history();
    expect(after.history.map((h) => h.video._id)).not.toContain(id);
    expect(after.totalHistory).toBe(after.history.length);
    const comments = await t.app.inject({ url: `/api/v1/comments/${id}`, headers: bob.headers });
    expect(comments.statusCode).toBe(200);
  });

  it('makes a video private: its owner alone reaches it', async () => {
    const id = await insertVideo(t, alice);
    expect((await setVisibility(alice, id, { visibility: 'private' })).statusCode).toBe(200);
    expect((await watch(bob, id)).statusCode).toBe(404);
    expect((await watch(alice, id)).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ visibility: 'private', isPublished: false });
  });

  it("answers 404 for another user's video, whatever its visibility", async () => {
    const open = await insertVideo(t, alice);
    const unlisted = await insertVideo(t, alice);
    await setVisibility(alice, unlisted, { visibility: 'unlisted' });
    for (const id of [open, unlisted]) {
      for (const visibility of ['public', 'unlisted', 'private']) {
        expect((await setVisibility(bob, id, { visibility })).statusCode).toBe(404);
      }
    }
    expect((await row(open)).visibility).toBe('public');
    expect((await row(unlisted)).visibility).toBe('unlisted');
  });

  it('refuses a schedule in the past, beyond a year, or on a public video', async () => {
    const id = await insertVideo(t, alice);
    const cases: [object, string][] = [
      [
        { visibility: 'private', publishAt: new Date(Date.now() - 1000).toISOString() },
        SCHEDULE_MESSAGES.past,
      ],
      [
        {
          visibility: 'unlisted',
          publishAt: new Date(Date.now() + 366 * 86_400_000).toISOString(),
        },
        SCHEDULE_MESSAGES.tooFar,
      ],
      [{ visibility: 'public', publishAt: inAFewSeconds(60_000) }, SCHEDULE_MESSAGES.public],
    ];
    for (const [payload, message] of cases) {
      const res = await setVisibility(alice, id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    for (const payload of [
      { visibility: 'hidden' },
      {},
      { visibility: 'private', publishAt: 'soon' },
    ]) {
      expect((await setVisibility(alice, id, payload)).statusCode).toBe(400);
    }
    expect(await row(id)).toMatchObject({ visibility: 'public', publishAt: null });
  });

  it('keeps the spec toggle: public → private, unlisted or scheduled → public', async () => {
    const id = await insertVideo(t, alice);
    let res = await toggle(alice, id);
    expect(res.json<{ data: { isPublished: boolean; visibility: string } }>().data).toMatchObject({
      isPublished: false,
      visibility: 'private',
    });
    await setVisibility(alice, id, { visibility: 'unlisted', publishAt: inAFewSeconds(3_600_000) });
    expect((await row(id)).publishAt).not.toBeNull();
    res = await toggle(alice, id);
    expect(res.json<{ data: object; message: string }>()).toMatchObject({
      message: 'Video published',
      data: { isPublished: true, visibility: 'public', publishAt: null },
    });
  });

  it('tells subscribers the first time a video is public, once', async () => {
    // A video public before (every insertVideo row) is published again quietly.
    const old = await insertVideo(t, alice);
    await toggle(alice, old);
    await toggle(alice, old);
    expect(await newVideoNotes(bob, old)).toHaveLength(0);
    const res = await upload(t, alice, {
      fields: { title: 'Drafted first', tags: '["a"]', visibility: 'private' },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ data: { _id: string; visibility: string } }>().data._id;
    expect(await newVideoNotes(bob, id)).toHaveLength(0);
    await setVisibility(alice, id, { visibility: 'public' });
    expect(await newVideoNotes(bob, id)).toHaveLength(1);
    await toggle(alice, id);
    await toggle(alice, id);
    expect(await newVideoNotes(bob, id)).toHaveLength(1);
  }, 60_000);

  it('publishes a scheduled video at its time, with its notification, through the job', async () => {
    // Never public before (a draft): its first publication is announced.
    const id = await insertVideo(t, alice, { title: 'Premiere soon', isPublished: false });
    const res = await setVisibility(alice, id, {
      visibility: 'private',
      publishAt: inAFewSeconds(),
    });
    expect(res.json<{ message: string; data: { publishAt: string } }>()).toMatchObject({
      message: 'Video scheduled',
    });
    expect(await inFeeds(bob, id)).toEqual([]);
    expect((await watch(bob, id)).statusCode).toBe(404);
    const workers = await startJobWorkers(t.ctx, silentLog, [publishJob]);
    try {
      await until(
        () => row(id),
        (v) => v.visibility === 'public',
        30_000,
      );
    } finally {
      await workers.stop();
    }
    expect(await row(id)).toMatchObject({ isPublished: true, publishAt: null });
    expect(await inFeeds(bob, id)).toHaveLength(3);
    expect(await newVideoNotes(bob, id)).toHaveLength(1);
  }, 60_000);

  it('leaves a video alone when its schedule changed before the old time', async () => {
    const id = await insertVideo(t, alice);
    await setVisibility(alice, id, { visibility: 'unlisted', publishAt: inAFewSeconds() });
    const later = inAFewSeconds(3_600_000);
    await setVisibility(alice, id, { visibility: 'unlisted', publishAt: later });
    const workers = await startJobWorkers(t.ctx, silentLog, [publishJob]);
    try {
      // The first job has run (completed) when no job of it is left waiting.
      await until(
        () =>
          t.ctx.db.execute(sql`select state from pgboss.job
            where name = ${PUBLISH_QUEUE} and data->>'videoId' = ${id}
              and data->>'publishAt' <> ${later}`),
        (r) => (r as { rows: { state: string }[] }).rows.every((j) => j.state === 'completed'),
        30_000,
      );
    } finally {
      await workers.stop();
    }
    expect(await row(id)).toMatchObject({ visibility: 'unlisted', publishAt: new Date(later) });
  }, 60_000);

  it('publishes an overdue schedule whose job is gone in the settle pass, once', async () => {
    const id = await insertVideo(t, alice, { isPublished: false });
    const at = inAFewSeconds(600_000);
    await setVisibility(alice, id, { visibility: 'private', publishAt: at });
    // As if the time passed while no job was left to run (the queue's row deleted).
    await t.ctx.db.execute(sql`delete from pgboss.job where data->>'videoId' = ${id}`);
    await t.ctx.db.execute(
      sql`update videos set publish_at = now() - interval '1 minute' where id = ${id}`,
    );
    await publishOverdue(t.ctx, silentLog);
    await publishOverdue(t.ctx, silentLog);
    expect(await row(id)).toMatchObject({ visibility: 'public', publishAt: null });
    expect(await newVideoNotes(bob, id)).toHaveLength(1);
  });

  it('uploads straight to unlisted with a schedule', async () => {
    const publishAt = inAFewSeconds(3_600_000);
    const res = await upload(t, alice, {
      fields: { title: 'Later', tags: '["a"]', visibility: 'unlisted', publishAt },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ data: object }>().data).toMatchObject({
      visibility: 'unlisted',
      isPublished: false,
      publishAt,
    });
    const bad = await upload(t, alice, {
      fields: { title: 'Never', tags: '["a"]', visibility: 'public', publishAt },
    });
    expect(bad.statusCode).toBe(400);
  }, 60_000);
});
