/**
 * The transcode job of one upload (its row in job-table.ts): the work is
 * processing/video-transcode.ts, and a run after a crash or a retry skips the renditions already
 * made. Whatever ends a job without success leaves its video `failed` with a reason the creator
 * can read (the details stay in the log), so the dashboard stops saying "processing" and offers
 * a retry:
 * - the last retry's run fails: `giveUp`;
 * - the job ends without a run noticing (a start's crash recovery fails its last attempt, pg-boss
 *   expires it, someone deletes it from the queue): `settle` finds `processing` videos without
 *   a waiting or running job and fails them.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../context.js';
import { videoProcessing } from '../db/schema.js';
import { TRANSCODE_QUEUE, markFailed, type TranscodeJob } from './video-processing.js';
import { announceNotifications } from '../events/live-topics.js';
import { notifyProcessingEnded } from '../notifications/index.js';
import { transcodeVideo } from './video-transcode.js';
import type { JobRun } from '../jobs/job-definition.js';

/** Every run failed (ffmpeg refused the file, or kept failing). */
export const FAILED_REASON =
  'The video could not be converted for streaming. It still plays as uploaded.';

/** The job ended without a run that could say why: crashes, expiry, removal from the queue. */
export const INTERRUPTED_REASON =
  'The conversion for streaming was interrupted too often. It still plays as uploaded.';

export async function runTranscode(ctx: ServerContext, { videoId }: TranscodeJob, run: JobRun) {
  const outcome = await transcodeVideo(ctx, videoId, { signal: run.signal, lease: run.lease });
  run.log.info({ videoId, outcome }, 'transcode finished');
}

export async function giveUpTranscode(ctx: ServerContext, { videoId }: TranscodeJob) {
  await markFailed(ctx, videoId, FAILED_REASON);
}

/**
 * Fails every `processing` video that has no transcode job waiting, retrying or running. One
 * statement: a retry or an upload commits its row and its job together, so no video is ever
 * seen here between the two.
 */
export async function settleStrandedTranscodes(
  ctx: Pick<ServerContext, 'db' | 'events'>,
  log: FastifyBaseLogger,
) {
  const settled = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(videoProcessing)
      .set({ state: 'failed', error: INTERRUPTED_REASON, updatedAt: sql`now()` })
      .where(
        and(
          eq(videoProcessing.state, 'processing'),
          sql`not exists (
          select 1 from pgboss.job as j
          where j.name = ${TRANSCODE_QUEUE}
            and j.state in ('created', 'retry', 'active')
            and j.data->>'videoId' = ${videoProcessing.videoId}
        )`,
        ),
      )
      .returning({ videoId: videoProcessing.videoId });
    const notified = await notifyProcessingEnded(
      tx,
      rows.map((row) => row.videoId),
      'failed',
    );
    return { rows, notified };
  });
  await announceNotifications(ctx.events, settled.notified);
  if (settled.rows.length > 0) {
    log.warn(
      { videos: settled.rows.map((row) => row.videoId) },
      'transcode: conversions whose job ended without success marked failed',
    );
  }
}
