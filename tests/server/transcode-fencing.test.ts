/**
 * A transcode run fenced in the bucket as well as in the database (processing/rendition-attempt.ts),
 * on a real S3-compatible server: a run that stalls past its lease in the middle of an upload and
 * finishes its PUTs after the retry stored the same rendition changes none of the bytes players
 * are given, and leaves no file behind; a run that dies while uploading leaves files that the retry
 * removes when it brings the video to ready.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/app-context.js';
import { LeaseLostError, type RunRef } from '../../server/jobs/queue.js';
import { HLS_FOLDER } from '../../server/media/hls/keys.js';
import { processingKeys, processingOf } from '../../server/processing/video-processing.js';
import { transcodeVideo } from '../../server/processing/video-transcode.js';
import type { MediaStorage } from '../../server/storage/storage.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { servedHls } from './hls-served.js';
import { createTestApp, type TestApp } from './helpers.js';
import { startS3Server, type S3TestServer } from './s3-server.js';
import { uploadHd, watch } from './transcode-helpers.js';

let s3: S3TestServer;
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ s3: s3.config, transcodeRetries: 2 });
  owner = await createUser(t, 'fenced_owner');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

/** The upload's transcode job, taken by a worker: the first run. */
async function firstRun(videoId: string): Promise<RunRef> {
  const [job] = await t.ctx.jobs.boss.fetch<{ videoId: string }>('transcode', {
    includeMetadata: true,
  });
  expect(job?.data.videoId).toBe(videoId);
  return { name: 'transcode', id: job!.id, retryCount: job!.retryCount };
}

/** The lease lapsed: pg-boss failed `run`, and another worker took the retry, due at once. */
async function retryOf(run: RunRef): Promise<RunRef> {
  await t.ctx.jobs.boss.fail(run.name, run.id);
  await t.ctx.db.execute(
    sql`update pgboss.job set start_after = now() - interval '1 second' where id = ${run.id}`,
  );
  const [job] = await t.ctx.jobs.boss.fetch(run.name, { includeMetadata: true });
  expect(job).toMatchObject({ id: run.id, retryCount: run.retryCount + 1 });
  return { ...run, retryCount: job!.retryCount };
}

/** A run's hold on its job, as the workers give it (jobs/job-workers.ts). */
const leaseOf = (run: RunRef) => ({
  hold: (tx: Parameters<AppContext['jobs']['holdLease']>[0]) => t.ctx.jobs.holdLease(tx, run),
  check: () => t.ctx.db.transaction((tx) => t.ctx.jobs.holdLease(tx, run)),
});

/**
 * The context of a run whose uploads (`put`) go through `upload`, given the bucket's own `put`.
 * A stalled process is simulated there: nothing of the run moves while its `put` waits.
 */
function runContext(upload: (...args: Parameters<MediaStorage['put']>) => Promise<void>) {
  const storage: MediaStorage = Object.create(t.ctx.storage) as MediaStorage;
  storage.put = upload;
  return { ...t.ctx, storage };
}

/** What the retry stored under each key (its source file is consumed by the upload). */
function recordingContext(stored: Map<string, Buffer>) {
  return runContext(async (key, file, type) => {
    stored.set(key, await readFile(file));
    await t.ctx.storage.put(key, file, type);
  });
}

/** Every HLS object in the bucket that the video's row does not name, and its journal entries. */
async function leftOver(videoId: string) {
  const row = (await processingOf(t.ctx.db, videoId))!;
  const named = new Set(processingKeys(row));
  const objects: string[] = [];
  for await (const object of t.ctx.storage.list()) {
    if (object.key.startsWith(`${HLS_FOLDER}/${row.hlsPrefix}`) && !named.has(object.key)) {
      objects.push(object.key);
    }
  }
  const journal = await t.ctx.journal.inFlightUnder(`${HLS_FOLDER}/${row.hlsPrefix}`);
  return { objects, journal };
}

describe('a transcode run fenced in the bucket', () => {
  it("a run that stalls mid-upload and finishes after its retry leaves the retry's bytes, and no file", async () => {
    const id = await uploadHd(t, owner);
    const stale = await firstRun(id);
    let stalled!: () => void;
    const reachedUpload = new Promise<void>((resolve) => (stalled = resolve));
    let wake!: () => void;
    const woken = new Promise<void>((resolve) => (wake = resolve));
    let uploads = 0;
    // Its first upload (the 480p playlist, after its lease check passed) stalls; everything it
    // stores then is recognisably its own.
    const staleCtx = runContext(async (key, file, type) => {
      uploads += 1;
      if (uploads === 1) {
        stalled();
        await woken;
      }
      await writeFile(file, `stale run's ${key}\n`);
      await t.ctx.storage.put(key, file, type);
    });
    const staleRun = transcodeVideo(staleCtx, id, { lease: leaseOf(stale) });
    staleRun.catch(() => {}); // awaited below
    await reachedUpload;

    const retry = await retryOf(stale);
    const retried = new Map<string, Buffer>();
    expect(await transcodeVideo(recordingContext(retried), id, { lease: leaseOf(retry) })).toBe(
      'done',
    );
    expect(await t.ctx.jobs.complete(retry)).toBe(true);
    wake();
    await expect(staleRun).rejects.toThrow(LeaseLostError);
    expect(uploads).toBeGreaterThan(1); // it did finish its uploads, after the retry

    const ready = await watch(t, owner, id);
    expect(ready.processing).toMatchObject({ state: 'ready', renditions: ['480p', '720p'] });
    const served = await servedHls(t, ready.processing.hlsUrl!, (key, body) => {
      expect(body.equals(retried.get(key) ?? Buffer.alloc(0)), `bytes served for ${key}`).toBe(
        true,
      );
    });
    expect(served.size).toBeGreaterThan(4);
    expect(await leftOver(id)).toEqual({ objects: [], journal: [] });
  }, 120_000);

  it('a run that dies mid-upload leaves files that its retry removes when the video is ready', async () => {
    const id = await uploadHd(t, owner);
    const dead = await firstRun(id);
    let died!: () => void;
    const dying = new Promise<void>((resolve) => (died = resolve));
    let uploads = 0;
    // Two files stored, then the process is gone (SIGKILL): nothing of the run runs again.
    const deadCtx = runContext(async (key, file, type) => {
      uploads += 1;
      if (uploads > 2) {
        died();
        await new Promise(() => {});
      }
      await t.ctx.storage.put(key, file, type);
    });
    void transcodeVideo(deadCtx, id, { lease: leaseOf(dead) });
    await dying;
    expect((await leftOver(id)).objects).toHaveLength(2);

    const retry = await retryOf(dead);
    expect(await transcodeVideo(t.ctx, id, { lease: leaseOf(retry) })).toBe('done');
    expect(await t.ctx.jobs.complete(retry)).toBe(true);
    const ready = await watch(t, owner, id);
    expect(ready.processing).toMatchObject({ state: 'ready', renditions: ['480p', '720p'] });
    await servedHls(t, ready.processing.hlsUrl!);
    expect(await leftOver(id)).toEqual({ objects: [], journal: [] });
  }, 120_000);
});
