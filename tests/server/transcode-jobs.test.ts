/**
 * The transcode job end to end, in-process: an upload enqueues its job in the row's transaction,
 * a worker makes 480p and 720p renditions (never above the 720p source), the watch item then
 * offers an HLS master playlist that parses and whose renditions play; a transcode that keeps
 * failing is retried and then marked failed with a readable reason; a run that lost its job to a
 * retry elsewhere leaves the bucket and the row to that retry.
 */
import HLS from 'hls-parser';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { transcodeJob } from '../../server/job-table.js';
import { startJobWorkers } from '../../server/jobs/job-workers.js';
import { LeaseLostError } from '../../server/jobs/queue.js';
import { FAILED_REASON } from '../../server/processing/transcode-job.js';
import { HLS_FOLDER } from '../../server/media/hls/keys.js';
import { transcodeVideo } from '../../server/processing/video-transcode.js';
import { prepareStart } from '../../server/start-up.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { mediaPath, silentLog, until, uploadHd, watch } from './transcode-helpers.js';

let t: TestApp;
let stopWorkers: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stopWorkers?.();
  stopWorkers = undefined;
  await t.close();
});

async function jobsOf(videoId: string) {
  const result = await t.ctx.db.execute(
    sql`select state from pgboss.job where name = 'transcode' and data->>'videoId' = ${videoId}`,
  );
  return (result as { rows: { state: string }[] }).rows.map((r) => r.state);
}

describe('transcode jobs', () => {
  it('enqueue with the upload, then a worker makes every rendition up to the source', async () => {
    t = await createTestApp();
    const owner = await createUser(t);
    const id = await uploadHd(t, owner);

    const before = await watch(t, owner, id);
    expect(before.processing).toMatchObject({ state: 'processing', renditions: [], hlsUrl: null });
    expect(await jobsOf(id)).toEqual(['created']);

    stopWorkers = (await startJobWorkers(t.ctx, silentLog, [transcodeJob])).stop;
    const after = await until(
      () => watch(t, owner, id),
      (v) => v.processing.state !== 'processing',
    );
    expect(after.processing).toMatchObject({
      state: 'ready',
      progress: 1,
      error: null,
      renditions: ['480p', '720p'],
    });
    // pg-boss marks the job completed once the handler has returned, just after the video.
    expect(
      await until(
        () => jobsOf(id),
        (states) => states[0] !== 'active',
      ),
    ).toEqual(['completed']);

    const master = await t.app.inject({ url: mediaPath(after.processing.hlsUrl!) });
    expect(master.statusCode).toBe(200);
    expect(master.headers['cache-control']).toBe('no-cache');
    const parsed = HLS.parse(master.body) as HLS.types.MasterPlaylist;
    expect(parsed.variants.map((v) => v.resolution)).toEqual([
      { width: 854, height: 480 },
      { width: 1280, height: 720 },
    ]);
    for (const variant of parsed.variants) {
      expect(variant.bandwidth).toBeGreaterThan(0);
      expect(variant.codecs).toMatch(/^avc1\.4d40[0-9a-f]{2},mp4a\.40\.2$/);
      const playlistUrl = new URL(variant.uri, after.processing.hlsUrl!).toString();
      const media = await t.app.inject({ url: mediaPath(playlistUrl) });
      expect(media.statusCode).toBe(200);
      const playlist = HLS.parse(media.body) as HLS.types.MediaPlaylist;
      expect(playlist.segments.length).toBe(2);
      const [first] = playlist.segments;
      if (!first?.map) throw new Error('no segment with an init section');
      const init = await t.app.inject({ url: mediaPath(playlistUrl, first.map.uri) });
      const segment = await t.app.inject({ url: mediaPath(playlistUrl, first.uri) });
      expect(init.statusCode).toBe(200);
      expect(segment.statusCode).toBe(200);
      expect(segment.rawPayload.length).toBeGreaterThan(1000);
    }
    // Longer than `until`'s own 90 s, so a slow transcode fails with its message, not the timeout:
    // beside other suites two renditions of the HD clip took over 80 s here.
  }, 150_000);

  it("brings an existing queue to the job table's policy at start (a changed TRANSCODE_RETRIES applies)", async () => {
    t = await createTestApp({ transcodeRetries: 3 });
    const retryLimit = async () => {
      const result = await t.ctx.db.execute(
        sql`select retry_limit from pgboss.queue where name = ${transcodeJob.name}`,
      );
      return (result as { rows: { retry_limit: number }[] }).rows[0]?.retry_limit;
    };
    expect(await retryLimit()).toBe(3);
    // The next start of the same database with another setting.
    t.ctx.config.transcodeRetries = 1;
    await prepareStart(t.ctx);
    expect(await retryLimit()).toBe(1);
  });

  it('retries a failing transcode, marks it failed with a reason, and lets the creator retry', async () => {
    t = await createTestApp({ transcodeRetries: 1, transcodeRetrySeconds: 1 });
    const owner = await createUser(t);
    const id = await uploadHd(t, owner);
    // The upload's own remux has run; from here on ffmpeg cannot start.
    t.ctx.config.ffmpegPath = '/nonexistent/ffmpeg';

    stopWorkers = (await startJobWorkers(t.ctx, silentLog, [transcodeJob])).stop;
    const failed = await until(
      () => watch(t, owner, id),
      (v) => v.processing.state === 'failed',
    );
    expect(failed.processing).toMatchObject({ error: FAILED_REASON, hlsUrl: null });
    expect(await jobsOf(id)).toEqual(['failed']);
    // The video still plays as uploaded.
    const mp4 = await t.app.inject({ url: mediaPath(failed.videoFile) });
    expect(mp4.statusCode).toBe(200);

    // The creator retries once ffmpeg works again; nobody else may, and only a failed one.
    const retry = (user: TestUser) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/videos/${id}/processing/retry`,
        headers: user.headers,
      });
    const stranger = await createUser(t);
    expect((await retry(stranger)).statusCode).toBe(403);
    t.ctx.config.ffmpegPath = undefined;
    const retried = await retry(owner);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ data: { state: 'processing', error: null } });
    expect((await retry(owner)).json()).toMatchObject({
      statusCode: 409,
      message: 'Only a failed conversion can be retried',
    });
    const done = await until(
      () => watch(t, owner, id),
      (v) => v.processing.state !== 'processing',
    );
    expect(done.processing).toMatchObject({ state: 'ready', renditions: ['480p', '720p'] });
  }, 120_000);

  it('a run that lost its job (a retry runs elsewhere) stores and records no rendition', async () => {
    t = await createTestApp();
    const owner = await createUser(t);
    const id = await uploadHd(t, owner);
    const lost = () => Promise.reject(new LeaseLostError({ name: 'transcode', id, retryCount: 0 }));
    await expect(transcodeVideo(t.ctx, id, { lease: { check: lost, hold: lost } })).rejects.toThrow(
      LeaseLostError,
    );
    const stored: string[] = [];
    for await (const object of t.ctx.storage.list()) stored.push(object.key);
    expect(stored.filter((key) => key.startsWith(`${HLS_FOLDER}/`))).toEqual([]);
    expect((await watch(t, owner, id)).processing).toMatchObject({
      state: 'processing',
      renditions: [],
    });
  }, 90_000);
});
