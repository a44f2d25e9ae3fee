/**
 * The seek-preview backfill (issue 34, processing/preview-backfill.ts): videos that became ready
 * before the media job made previews (seeded ones without a processing row, and ready rows
 * without previews) get the sprite and map through the job; a video deleted while its previews
 * are being stored keeps no file; the backfilled previews are retired with the video's URLs when
 * it is unpublished; the backfill gives way to a waiting conversion; and with media in a bucket,
 * the sprite lands there and the API's URLs load.
 */
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoDetail } from '../../contract/videos.js';
import { newId } from '../../server/db/ids.js';
import { videoProcessing } from '../../server/db/schema.js';
import { previewBackfillJob } from '../../server/job-table.js';
import type { JobRun } from '../../server/jobs/job-definition.js';
import { startJobWorkers } from '../../server/jobs/job-workers.js';
import { HLS_FOLDER } from '../../server/media/hls/keys.js';
import { PREVIEW_BACKFILL_QUEUE, runPreviewBackfill } from '../../server/processing/index.js';
import { processingOf } from '../../server/processing/video-processing.js';
import type { MediaStorage } from '../../server/storage/storage.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { fixture, writeFixture } from './media-fixtures.js';
import { startS3Server, type S3TestServer } from './s3-server.js';
import { mediaPath, silentLog, until, watch } from './transcode-helpers.js';
import { insertVideo } from './video-helpers.js';

/** A video as the seed or an older version left it: its upload stored, ready, no previews. */
async function olderVideo(t: TestApp, owner: TestUser, { row }: { row: boolean }) {
  const id = await insertVideo(t, owner, { duration: 6 });
  const file = await writeFixture(t.ctx.tmpDir, `${id}.mp4`, await fixture('hd.mp4'));
  await t.ctx.storage.put(`videos/${id}.mp4`, file, 'video/mp4');
  if (row) {
    await t.ctx.db
      .insert(videoProcessing)
      .values({ videoId: id, hlsPrefix: newId(), state: 'ready', progress: 1 });
  }
  return id;
}

/** Runs the job table's backfill row in an in-process worker until `done` holds. */
async function backfillUntil<T>(t: TestApp, read: () => Promise<T>, done: (v: T) => boolean) {
  const workers = await startJobWorkers(t.ctx, silentLog, [previewBackfillJob]);
  try {
    await t.ctx.jobs.send(PREVIEW_BACKFILL_QUEUE, {});
    return await until(read, done);
  } finally {
    await workers.stop();
  }
}

/** One job run as the worker gives it, holding its job throughout. */
const directRun = (): JobRun => ({
  signal: new AbortController().signal,
  log: silentLog,
  attempt: 1,
  lastAttempt: false,
  lease: { hold: async () => {}, check: async () => {} },
});

async function storedKeys(storage: MediaStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of storage.list()) keys.push(o.key);
  return keys;
}

/** The map's first cue's sprite URL, resolved against the map's URL as the player does. */
function firstSprite(map: string, mapUrl: string): string {
  const cue = map.split('\n').find((line) => line.includes('#xywh='))!;
  return new URL(cue.split('#xywh=')[0]!, mapUrl).toString();
}

describe('seek-preview backfill', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, 'backfill_owner');
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ url: mediaPath(url) });

  it('gives previews to a seeded video and to a ready one made before previews existed', async () => {
    const seeded = await olderVideo(t, owner, { row: false });
    const older = await olderVideo(t, owner, { row: true });
    expect((await watch(t, owner, seeded)).seekPreviews ?? null).toBeNull();
    const both = () => Promise.all([watch(t, owner, seeded), watch(t, owner, older)]);
    const ready = await backfillUntil(t, both, (vs) => vs.every((v) => v.seekPreviews));
    for (const video of ready) {
      // Still plays as uploaded: the backfill converts nothing.
      expect(video.processing).toMatchObject({ state: 'ready', hlsUrl: null, renditions: [] });
      const map = await get(video.seekPreviews!);
      expect(map.statusCode).toBe(200);
      expect(map.body.startsWith('WEBVTT')).toBe(true);
      const sprite = await get(firstSprite(map.body, video.seekPreviews!));
      expect(sprite.statusCode).toBe(200);
      expect((await sharp(sprite.rawPayload).metadata()).format).toBe('jpeg');
    }
    expect(await t.ctx.journal.inFlightUnder(`${HLS_FOLDER}/`)).toEqual([]);
  }, 120_000);

  it('keeps no file of a video deleted while its previews are being stored', async () => {
    const id = await olderVideo(t, owner, { row: false });
    const before = new Set(await storedKeys(t.ctx.storage));
    let deleted = false;
    // The owner deletes the video between ffmpeg's work and the sprite's upload.
    const storage: MediaStorage = Object.create(t.ctx.storage) as MediaStorage;
    storage.put = async (key, source, type) => {
      if (key.endsWith('-previews.jpg') && !deleted) {
        const res = await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/videos/${id}`,
          headers: owner.headers,
        });
        expect(res.statusCode).toBe(200);
        deleted = true;
      }
      return t.ctx.storage.put(key, source, type);
    };
    await runPreviewBackfill({ ...t.ctx, storage }, {}, directRun());
    expect(deleted).toBe(true);
    const left = (await storedKeys(t.ctx.storage)).filter((key) => !before.has(key));
    expect(left).toEqual([]);
    expect(await t.ctx.journal.inFlightUnder(`${HLS_FOLDER}/`)).toEqual([]);
    expect(await processingOf(t.ctx.db, id)).toBeNull();
  }, 120_000);

  it("retires a backfilled video's preview URLs when it is unpublished", async () => {
    const id = await olderVideo(t, owner, { row: false });
    await runPreviewBackfill(t.ctx, {}, directRun());
    const shown = (await watch(t, owner, id)).seekPreviews!;
    expect((await get(shown)).statusCode).toBe(200);
    const toggle = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/toggle/publish/${id}`,
      headers: owner.headers,
    });
    expect(toggle.statusCode).toBe(200);
    const hidden = (await watch(t, owner, id)).seekPreviews!;
    expect(hidden).not.toBe(shown);
    expect((await get(shown)).statusCode).toBe(404);
    expect((await get(hidden)).statusCode).toBe(200);
  }, 120_000);

  it('gives way to a waiting conversion and asks again later', async () => {
    const id = await olderVideo(t, owner, { row: true });
    // Only this test's backfill jobs: the earlier runs' completed ones go.
    await t.ctx.db.execute(sql`delete from pgboss.job where name = ${PREVIEW_BACKFILL_QUEUE}`);
    await t.ctx.jobs.send('transcode', { videoId: 'someone-elses-upload' });
    try {
      const jobs = () =>
        t.ctx.db.execute(sql`
          select state, start_after > now() + interval '30 seconds' as later
          from pgboss.job where name = ${PREVIEW_BACKFILL_QUEUE}`);
      type Job = { state: string; later: boolean };
      const seen = await backfillUntil(
        t,
        async () => (await jobs()) as { rows: Job[] },
        ({ rows }) => rows.some((job) => job.state === 'completed'),
      );
      // The run ended without touching the video, and left a job for later.
      expect(seen.rows).toContainEqual({ state: 'created', later: true });
      expect((await watch(t, owner, id)).seekPreviews ?? null).toBeNull();
    } finally {
      await t.ctx.db.execute(
        sql`delete from pgboss.job where name in ('transcode', ${PREVIEW_BACKFILL_QUEUE})`,
      );
    }
  }, 120_000);
});

describe('seek-preview backfill with media in S3', () => {
  let s3: S3TestServer;
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    s3 = await startS3Server('vidtube-backfill');
    t = await createTestApp({ s3: s3.config });
    owner = await createUser(t, 's3_backfill_owner');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  /** GET as a browser would: our media URL through the app, its 302 followed to the bucket. */
  async function load(url: string): Promise<{ status: number; body: Buffer }> {
    const res = await t.app.inject({ url: mediaPath(url) });
    if (res.statusCode !== 302) return { status: res.statusCode, body: res.rawPayload };
    const answer = await fetch(String(res.headers.location));
    return { status: answer.status, body: Buffer.from(await answer.arrayBuffer()) };
  }

  it('stores the sprite and map in the bucket, and the API names URLs that load', async () => {
    const id = await olderVideo(t, owner, { row: false });
    const video: VideoDetail = await backfillUntil(
      t,
      () => watch(t, owner, id),
      (v) => Boolean(v.seekPreviews),
    );
    const row = (await processingOf(t.ctx.db, id))!;
    const stem = `${HLS_FOLDER}/${row.hlsPrefix}-${row.previews!.id}-previews`;
    expect(await s3.holds(`${stem}.jpg`)).toBe(true);
    expect(await s3.holds(`${stem}.vtt`)).toBe(true);
    const map = await load(video.seekPreviews!);
    expect(map.status).toBe(200);
    expect(map.body.toString().startsWith('WEBVTT')).toBe(true);
    const sprite = await load(firstSprite(map.body.toString(), video.seekPreviews!));
    expect(sprite.status).toBe(200);
    expect((await sharp(sprite.body).metadata()).format).toBe('jpeg');
  }, 120_000);
});
