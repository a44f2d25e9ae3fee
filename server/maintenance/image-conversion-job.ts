/**
 * The image conversion job (its row in job-table.ts): converts images stored before sizes existed
 * (maintenance/convert-thumbnails.ts) in the background, so with several replicas one worker does
 * it, it survives restarts, and a failure is retried like any job. Every start asks for it; once
 * nothing is left a run only counts and ends.
 */
import type { ServerContext } from '../context.js';
import { convertThumbnails } from './convert-thumbnails.js';
import type { JobRun } from '../jobs/job-definition.js';

export const IMAGE_CONVERSION_QUEUE = 'convert-images';

/** Old keys read per query; progress is logged after each batch. */
const CONVERSION_BATCH = 100;

export async function runImageConversion(ctx: ServerContext, _data: object, run: JobRun) {
  await convertThumbnails(ctx, {
    batchSize: CONVERSION_BATCH,
    log: run.log,
    stopped: () => run.signal.aborted,
  });
  // Stopped between files: the error hands the rest back, for whichever worker comes next.
  run.signal.throwIfAborted();
}
