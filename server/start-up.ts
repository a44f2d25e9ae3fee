/**
 * What must be in place before the first request, run by server/main.ts, server/worker.ts and the
 * test harness alike (so tests start the server the way production does): the queues of the job
 * table (job-table.ts) and the shared default images. Route registration stays free of I/O.
 */
import type { AppContext } from './app-context.js';
import { JOB_TABLE } from './job-table.js';
import { ensureDefaultImages } from './media/default-images.js';

export async function prepareStart(ctx: AppContext): Promise<void> {
  await ctx.jobs.declare(JOB_TABLE, ctx.config);
  await ensureDefaultImages(ctx);
}
