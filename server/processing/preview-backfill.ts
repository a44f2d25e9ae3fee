/**
 * The seek-preview backfill (issue 34; its row in job-table.ts): videos that became ready before
 * previews existed (migration 0023: the demo catalogue, anything processed earlier) get the
 * sprite and map the media job now makes, through the same step (preview-step.ts), so the same
 * fence holds: the files carry the attempt's id, the journal lists them until the row names
 * them, and the row is written only while the run holds its job and only if the video still
 * has the prefix and no previews; a video deleted or unpublished meanwhile keeps nothing of it.
 *
 * Throttled so that it never starves uploads: one video at a time (a stately queue: one job
 * waiting, one running, on any number of workers), ffmpeg at the lowest CPU priority, and before
 * each video it gives way to conversions: while a transcode job waits or runs it ends its run
 * and asks again in YIELD_SECONDS. A run also hands over after RUN_BUDGET_MS, far below its
 * lease's limit. Every start asks for it (`askAfterStart`); a run finding nothing to do ends.
 *
 * Videos whose upload other videos share (the synthetic catalogue of the benchmarks,
 * seed/catalogue.ts) are left out: their previews would be copies of the same few sprites.
 * A video whose source cannot be read is logged and skipped until the next start asks again.
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { videoProcessing, videos } from '../db/schema.js';
import type { JobRun } from '../jobs/job-definition.js';
import { LeaseLostError } from '../jobs/queue.js';
import { makeSeekPreviews } from './preview-step.js';
import type { Fence } from './rendition-attempt.js';
import { fetchSource } from './source-file.js';
import { TRANSCODE_QUEUE, processingOf } from './video-processing.js';

export const PREVIEW_BACKFILL_QUEUE = 'seek-preview-backfill';

/** How long the backfill waits before looking again while conversions are going on. */
export const YIELD_SECONDS = 60;
/** A run hands over to a fresh one after this long (its job's `maxRunSeconds` is far above). */
const RUN_BUDGET_MS = 20 * 60_000;
/** The lowest CPU priority: the API (0) and uploads' conversions (10) go first. */
const BACKFILL_NICENESS = 19;

/** Whether a transcode job waits (or waits to retry) or runs, here or on another worker. */
async function conversionsPending(db: Db): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from pgboss.job
    where name = ${TRANSCODE_QUEUE} and state in ('created', 'retry', 'active')
    limit 1`);
  return (result as { rows: unknown[] }).rows.length > 0;
}

/**
 * The next video after `afterId` (in id order) that is ready without previews: no processing
 * row (never converted: seeded, or uploaded before conversions existed), or a ready one with
 * none recorded. A failed or processing one is its job's to finish.
 */
async function nextWithoutPreviews(db: Db, afterId: string) {
  const shared = sql`exists (
    select 1 from ${videos} as other
    where other.video_key = ${videos.videoKey} and other.id <> ${videos.id})`;
  const [next] = await db
    .select({ id: videos.id, videoKey: videos.videoKey })
    .from(videos)
    .leftJoin(videoProcessing, eq(videoProcessing.videoId, videos.id))
    .where(
      and(
        gt(videos.id, afterId),
        or(
          isNull(videoProcessing.videoId),
          and(eq(videoProcessing.state, 'ready'), isNull(videoProcessing.previews)),
        ),
        sql`not ${shared}`,
      ),
    )
    .orderBy(asc(videos.id))
    .limit(1);
  return next;
}

/**
 * A video without a processing row gets a ready one (no renditions: it plays as uploaded, as
 * before), so its previews have a prefix to live under; the insert fails if it was deleted.
 */
async function readyRow(db: Db, videoId: string) {
  await db
    .insert(videoProcessing)
    .values({ videoId, hlsPrefix: newId(), state: 'ready', progress: 1 })
    .onConflictDoNothing();
  const row = await processingOf(db, videoId);
  return row?.state === 'ready' && !row.previews ? row : null;
}

/** Makes one video's previews; false when it was deleted or moved on meanwhile. */
async function backfillOne(
  ctx: ServerContext,
  video: { id: string; videoKey: string },
  run: JobRun,
): Promise<boolean> {
  const row = await readyRow(ctx.db, video.id);
  if (!row) return false;
  const workDir = path.join(ctx.tmpDir, `previews-${newId()}`);
  await mkdir(workDir, { recursive: true });
  try {
    const source = await fetchSource(ctx, video.videoKey, workDir);
    const fence: Fence = {
      check: run.lease.check,
      recorded: (write) =>
        ctx.db.transaction(async (tx) => {
          await run.lease.hold(tx);
          return write(tx);
        }),
    };
    return await makeSeekPreviews(ctx, fence, video.id, row, source, {
      dir: workDir,
      signal: run.signal,
      niceness: BACKFILL_NICENESS,
    });
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

export async function runPreviewBackfill(ctx: ServerContext, _data: object, run: JobRun) {
  const started = Date.now();
  const again = (seconds: number) =>
    ctx.jobs.send(PREVIEW_BACKFILL_QUEUE, {}, undefined, {
      startAfter: new Date(Date.now() + seconds * 1000),
    });
  let afterId = '';
  let made = 0;
  for (;;) {
    run.signal.throwIfAborted(); // a stop hands the job back; the next run starts over
    if (await conversionsPending(ctx.db)) {
      run.log.info({ made }, 'seek-preview backfill: conversions first, again in a minute');
      await again(YIELD_SECONDS);
      return;
    }
    if (Date.now() - started > RUN_BUDGET_MS) {
      await again(0);
      return;
    }
    const video = await nextWithoutPreviews(ctx.db, afterId);
    if (!video) break;
    afterId = video.id;
    try {
      if (await backfillOne(ctx, video, run)) made += 1;
    } catch (error) {
      if (run.signal.aborted || error instanceof LeaseLostError) throw error;
      run.log.warn({ err: error, videoId: video.id }, 'seek-preview backfill: video skipped');
    }
  }
  if (made > 0) run.log.info({ made }, 'seek-preview backfill: done');
}
