/**
 * Works the image conversion queue: converts images stored before sizes existed
 * (maintenance/convert-thumbnails.ts) as a background job, so with several replicas one worker
 * does it, it survives restarts, and a failure is retried like any job. Every start asks for it
 * (maintenance/index.ts); once nothing is left a run only counts and ends.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { convertThumbnails } from '../maintenance/convert-thumbnails.js';
import { IMAGE_CONVERSION_QUEUE } from './queue.js';

/** Old keys read per query; progress is logged after each batch. */
const CONVERSION_BATCH = 100;

export interface ImageConversionWorker {
  stop(): Promise<void>;
}

export async function startImageConversionWorker(
  ctx: AppContext,
  log: FastifyBaseLogger,
): Promise<ImageConversionWorker> {
  const stopping = new AbortController();
  let running: Promise<unknown> | undefined;
  await ctx.jobs.boss.work(
    IMAGE_CONVERSION_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 2 },
    async () => {
      running = convertThumbnails(ctx, {
        batchSize: CONVERSION_BATCH,
        log,
        stopped: () => stopping.signal.aborted,
      });
      await running;
      // Stopped between files: the rest is asked for again, for whichever worker comes next.
      if (stopping.signal.aborted) await ctx.jobs.enqueueImageConversion();
    },
  );
  return {
    async stop() {
      await ctx.jobs.boss.offWork(IMAGE_CONVERSION_QUEUE);
      stopping.abort();
      await running?.catch(() => undefined);
    },
  };
}
