/**
 * Runs transcode jobs in this process: `concurrency` at a time (each ffmpeg already uses every
 * core, at a lower priority than the API). A job whose last retry fails marks the video failed
 * with a reason the creator can read; the details stay in the log.
 *
 * Stopping aborts the ffmpeg runs in progress and re-enqueues their videos (the new job is sent
 * before the old one completes, so a crash in between loses nothing): a shutdown does not use up
 * a retry, and the next run skips the renditions already made.
 * Jobs a crashed run left `active` are recovered first (see JobQueue.recoverCrashedJobs).
 */
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AppContext } from '../context.js';
import { markFailed } from '../services/video-processing.js';
import { transcodeVideo } from '../services/video-transcode.js';
import { TRANSCODE_QUEUE, type TranscodeJob } from './queue.js';

export const FAILED_REASON =
  'The video could not be converted for streaming. It still plays as uploaded.';

export interface TranscodeWorkers {
  stop(): Promise<void>;
}

export async function startTranscodeWorkers(
  ctx: AppContext,
  log: FastifyBaseLogger,
  concurrency: number,
): Promise<TranscodeWorkers> {
  const { jobs } = ctx;
  const stopping = new AbortController();
  await jobs.recoverCrashedJobs();
  const running = new Set<Promise<void>>();
  const handler = async ([job]: PgBoss.JobWithMetadata<TranscodeJob>[]) => {
    if (!job) return;
    const run = runJob(job);
    running.add(run);
    try {
      await run;
    } finally {
      running.delete(run);
    }
  };
  const runJob = async (job: PgBoss.JobWithMetadata<TranscodeJob>) => {
    const { videoId } = job.data;
    try {
      const outcome = await transcodeVideo(ctx, videoId, { signal: stopping.signal });
      log.info({ videoId, outcome }, 'transcode finished');
    } catch (error) {
      if (stopping.signal.aborted) {
        await jobs.boss.send(TRANSCODE_QUEUE, { videoId });
        return;
      }
      log.error({ err: error, videoId, attempt: job.retryCount + 1 }, 'transcode failed');
      if (job.retryCount >= job.retryLimit) await markFailed(ctx.db, videoId, FAILED_REASON);
      throw error;
    }
  };
  for (let i = 0; i < concurrency; i++) {
    await jobs.boss.work<TranscodeJob>(
      TRANSCODE_QUEUE,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 2 },
      handler,
    );
  }
  return {
    async stop() {
      await jobs.boss.offWork(TRANSCODE_QUEUE);
      stopping.abort();
      // The aborted runs re-enqueue their videos; that must happen before the database closes.
      await Promise.allSettled([...running]);
    },
  };
}
