/**
 * The creator follows a conversion from the dashboard: GET /videos/user carries each video's
 * `processing`, and GET /videos/{id}/processing (owner only) is what the row polls. A conversion
 * whose job ended without a run noticing is settled as failed by the maintenance pass.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoProcessing } from '../../contract/processing.js';
import type { OwnVideoList } from '../../contract/videos.js';
import { JOB_TABLE, transcodeJob } from '../../server/job-table.js';
import { jobUpkeep } from '../../server/jobs/job-workers.js';
import { INTERRUPTED_REASON } from '../../server/processing/transcode-job.js';
import { startMaintenance } from '../../server/maintenance/index.js';
import {
  addRendition,
  markFailed,
  processingOf,
} from '../../server/processing/video-processing.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { API, call } from './dashboard-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { RENDITION_480P, silentLog } from './transcode-helpers.js';
import { insertVideo, upload } from './video-helpers.js';

describe('processing status for the creator', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let uploaded: string;
  let demo: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    stranger = await createUser(t);
    const res = await upload(t, owner);
    expect(res.statusCode).toBe(201);
    uploaded = res.json<{ data: { _id: string } }>().data._id;
    demo = await insertVideo(t, owner);
  }, 60_000);
  afterAll(() => t.close());

  const processingOfList = async () => {
    const list = await call<OwnVideoList>(t, owner, 'GET', '/videos/user');
    return Object.fromEntries(list.videos.map((v) => [v._id, v.processing]));
  };
  const poll = (user: TestUser, id: string) =>
    t.app.inject({ url: `${API}/videos/${id}/processing`, headers: user.headers });

  it('lists a fresh upload as processing and a video without a row as ready, MP4 only', async () => {
    const byId = await processingOfList();
    expect(byId[uploaded]).toEqual({
      state: 'processing',
      progress: 0,
      error: null,
      renditions: [],
      hlsUrl: null,
    });
    expect(byId[demo]).toEqual({
      state: 'ready',
      progress: 1,
      error: null,
      renditions: [],
      hlsUrl: null,
    });
  });

  it('gives the owner the same state on the polling route, as it advances', async () => {
    const first = await poll(owner, uploaded);
    expect(first.statusCode).toBe(200);
    expect(first.json<{ data: VideoProcessing }>().data).toMatchObject({ state: 'processing' });

    const row = await processingOf(t.ctx.db, uploaded);
    await addRendition(t.ctx.db, uploaded, row!, RENDITION_480P, 0.5);
    const advanced = (await poll(owner, uploaded)).json<{ data: VideoProcessing }>().data;
    expect(advanced).toMatchObject({ state: 'processing', progress: 0.5, renditions: ['480p'] });
    expect(advanced.hlsUrl).toMatch(/\.m3u8$/);

    await markFailed(t.ctx, uploaded, 'The video could not be converted');
    const failed = (await poll(owner, uploaded)).json<{ data: VideoProcessing }>().data;
    expect(failed).toMatchObject({ state: 'failed', error: 'The video could not be converted' });
    expect((await processingOfList())[uploaded]).toEqual(failed);
  });

  it('refuses others: 403 on a published video, 404 on an unpublished one or an unknown id', async () => {
    expect((await poll(stranger, uploaded)).statusCode).toBe(403);
    const hidden = await insertVideo(t, owner, { isPublished: false });
    const notFound = await poll(stranger, hidden);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toMatchObject({ message: 'Video not found' });
    expect((await poll(owner, hidden)).statusCode).toBe(200);
    expect((await poll(owner, 'no-such-video-id')).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${API}/videos/${uploaded}/processing` })).statusCode).toBe(
      401,
    );
  });

  it('settles conversions whose job is gone or failed without a run, and lets the creator retry them', async () => {
    const upload3 = async () => {
      const res = await upload(t, owner);
      expect(res.statusCode).toBe(201);
      return res.json<{ data: { _id: string } }>().data._id;
    };
    const [deleted, failedUnseen, queued] = [await upload3(), await upload3(), await upload3()];
    const jobOf = async (videoId: string) => {
      const result = await t.ctx.db.execute(
        sql`select id, state from pgboss.job where name = ${transcodeJob.name}
            and data->>'videoId' = ${videoId} order by created_on desc limit 1`,
      );
      return (result as { rows: { id: string; state: string }[] }).rows[0];
    };
    // Someone empties the queue of one job; another is failed for good with no run to notice
    // (what a start's crash recovery does to a last attempt, or pg-boss's expiry).
    await t.ctx.db.execute(
      sql`delete from pgboss.job where name = ${transcodeJob.name} and data->>'videoId' = ${deleted}`,
    );
    await t.ctx.db.execute(
      sql`update pgboss.job set retry_limit = 0 where id = ${(await jobOf(failedUnseen))!.id}::uuid`,
    );
    await t.ctx.jobs.boss.fail(transcodeJob.name, (await jobOf(failedUnseen))!.id);
    expect((await jobOf(failedUnseen))!.state).toBe('failed');
    expect((await poll(owner, deleted)).json<{ data: VideoProcessing }>().data.state).toBe(
      'processing',
    );

    const maintenance = startMaintenance({
      db: t.ctx.db,
      storage: t.ctx.storage,
      tmpDir: t.ctx.tmpDir,
      log: silentLog,
      jobs: jobUpkeep(t.ctx, silentLog, JOB_TABLE),
    });
    await maintenance.firstRun;
    maintenance.stop();

    const byId = await processingOfList();
    for (const id of [deleted, failedUnseen]) {
      expect(byId[id]).toMatchObject({ state: 'failed', error: INTERRUPTED_REASON });
    }
    // A job still waiting is left alone.
    expect(byId[queued]).toMatchObject({ state: 'processing', error: null });

    const retry = await t.app.inject({
      method: 'POST',
      url: `${API}/videos/${deleted}/processing/retry`,
      headers: owner.headers,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json<{ data: VideoProcessing }>().data).toMatchObject({ state: 'processing' });
    expect((await jobOf(deleted))!.state).toBe('created');
  });
});
