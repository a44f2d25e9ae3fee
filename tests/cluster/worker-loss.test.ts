/**
 * Jobs on another host: the worker that transcodes is lost mid-run (SIGKILL); its job's lease
 * lapses and another worker resumes it from what the first one recorded.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { StoredRendition } from '../../server/db/schema.js';
import { ffmpegPath } from '../../server/media/binaries.js';
import { referencedKeys } from '../../server/maintenance/media-reconcile.js';
import { isDefaultImageKey } from '../../server/media/default-images.js';
import { processingKeys } from '../../server/processing/video-processing.js';
import { withCluster, poll, rows, signUp, uploadVideo, type TestCluster } from './harness.js';

let t: TestCluster;
withCluster((joined) => (t = joined));

/** A 1280×720 video long enough that its 720p rendition takes a while to make. */
async function longHdVideo(): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-cluster-hd-'));
  const file = path.join(dir, 'long-hd.mp4');
  try {
    execFileSync(ffmpegPath(), [
      ...['-v', 'error', '-nostdin', '-y', '-f', 'lavfi'],
      ...['-i', 'testsrc=size=1280x720:rate=30:d=20', '-f', 'lavfi', '-i', 'sine=d=20'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
      ...['-shortest', '-movflags', '+faststart', file],
    ]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

it('a worker killed mid-transcode is noticed within a minute; another resumes it to ready', async () => {
  const [api1] = t.api;
  const owner = await signUp(api1);
  const id = await uploadVideo(owner.session, api1, 'Converted elsewhere', await longHdVideo());
  type Processing = { state: string; renditions: { name: string }[]; hls_prefix: string };
  const processing = async () =>
    (
      await rows<Processing>(
        t.database,
        'select state, renditions, hls_prefix from video_processing where video_id = $1',
        [id],
      )
    )[0]!;
  // Mid-transcode: the first rendition is stored and recorded, the next one is being made.
  const before = await poll(processing, (p) => p.renditions.length >= 1, 90_000);
  expect(before).toMatchObject({ state: 'processing' });
  await t.worker.kill('SIGKILL');
  const killedAt = Date.now();
  // Every key is written once (its attempt's own), the master stored with each rendition too.
  const madeBefore = processingKeys({
    hlsPrefix: before.hls_prefix,
    renditions: before.renditions as StoredRendition[],
  });
  await t.worker.start(); // another worker, on the same host

  type Job = { state: string; retry_count: number };
  const job = async () =>
    (
      await rows<Job>(
        t.database,
        `select state, retry_count from pgboss.job where name = 'transcode' and data->>'videoId' = $1`,
        [id],
      )
    )[0]!;
  const first = await job();
  expect(first.state).toBe('active');
  // Noticed: pg-boss failed the dead run (`retry`), or another worker already runs the retry.
  const noticed = await poll(
    job,
    (j) => j.state !== 'active' || j.retry_count > first.retry_count,
    60_000,
  );
  expect(noticed.state !== 'active' || noticed.retry_count > first.retry_count).toBe(true);
  expect(Date.now() - killedAt).toBeLessThanOrEqual(60_000);

  const after = await poll(processing, (p) => p.state !== 'processing', 90_000);
  expect(after.state).toBe('ready');
  // No rendition made twice: what was recorded before the kill was not stored again.
  const stored = new Map<string, Date>();
  for await (const object of t.storage.list()) stored.set(object.key, object.modifiedAt);
  for (const key of madeBefore) {
    expect(stored.get(key)?.getTime()).toBeLessThan(killedAt);
  }
  // No orphan: every object in the bucket is named by a row.
  const referenced = await referencedKeys(t.database.db);
  const orphans = [...stored.keys()].filter(
    (key) => !referenced.has(key) && !isDefaultImageKey(key),
  );
  expect(orphans).toEqual([]);
  // Its own waits (a rendition stored, the death noticed, the video ready: 90 + 60 + 90 s)
  // decide; a long transcode on a loaded machine outlasted the suite's 120 s per test.
}, 270_000);
