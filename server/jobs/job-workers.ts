/**
 * Works the jobs of a job table (job-table.ts) in this process, the same way in `npm start` and
 * `npm run worker`: each row's `concurrency` runs at a time, one job per run.
 *
 * At start, jobs a crashed run left `active` are recovered (JobQueue.recoverCrashedJobs) and then
 * the rows settle what ended without success meanwhile. A run whose last retry fails calls its
 * row's `giveUp`. Stopping aborts the runs in progress and hands their jobs back to the queue
 * (sent again before the old one completes): a shutdown does not use up a retry.
 */
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AppContext } from '../context.js';
import type { JobDefinition } from './job-definition.js';

export interface JobWorkers {
  stop(): Promise<void>;
}

/** Runs every row's `settle`; a failure is logged, never thrown (it runs again later). */
export async function settleJobs(
  ctx: AppContext,
  log: FastifyBaseLogger,
  table: readonly JobDefinition[],
): Promise<void> {
  for (const job of table) {
    try {
      await job.settle?.(ctx, log);
    } catch (error) {
      log.error({ err: error, job: job.name }, 'jobs: settling failed');
    }
  }
}

/** Sends what each row asks for after a start (`askAfterStart`). */
export async function askAfterStart(ctx: AppContext, table: readonly JobDefinition[]) {
  for (const job of table) {
    if (job.askAfterStart) await ctx.jobs.send(job.name, job.askAfterStart);
  }
}

/** The maintenance pass's view of the table (maintenance/index.ts, `JobUpkeep`). */
export function jobUpkeep(
  ctx: AppContext,
  log: FastifyBaseLogger,
  table: readonly JobDefinition[],
) {
  return {
    askAfterStart: () => askAfterStart(ctx, table),
    settle: () => settleJobs(ctx, log, table),
  };
}

export async function startJobWorkers(
  ctx: AppContext,
  log: FastifyBaseLogger,
  table: readonly JobDefinition[],
): Promise<JobWorkers> {
  const { jobs } = ctx;
  await jobs.recoverCrashedJobs(table.map((job) => job.name));
  await settleJobs(ctx, log, table);
  const stopping = new AbortController();
  const running = new Set<Promise<void>>();

  const runOne = async (job: JobDefinition, queued: PgBoss.JobWithMetadata<object>) => {
    const lastAttempt = queued.retryCount >= queued.retryLimit;
    try {
      await job.run(ctx, queued.data, {
        signal: stopping.signal,
        log,
        attempt: queued.retryCount + 1,
        lastAttempt,
      });
    } catch (error) {
      if (stopping.signal.aborted) {
        await jobs.send(job.name, queued.data);
        return;
      }
      log.error(
        { err: error, job: job.name, data: queued.data, attempt: queued.retryCount + 1 },
        'job failed',
      );
      if (lastAttempt) await job.giveUp?.(ctx, queued.data, log);
      throw error;
    }
  };

  for (const job of table) {
    const handler = async ([queued]: PgBoss.JobWithMetadata<object>[]) => {
      if (!queued) return;
      const run = runOne(job, queued);
      running.add(run);
      try {
        await run;
      } finally {
        running.delete(run);
      }
    };
    for (let i = 0; i < job.concurrency(ctx.config); i++) {
      await jobs.boss.work<object>(
        job.name,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 2 },
        handler,
      );
    }
  }
  // pg-boss's supervision pass is what expires hung jobs: settle right after it.
  const afterSupervision = () => void settleJobs(ctx, log, table);
  jobs.boss.on('maintenance', afterSupervision);

  return {
    async stop() {
      jobs.boss.off('maintenance', afterSupervision);
      for (const job of table) await jobs.boss.offWork(job.name);
      stopping.abort();
      // The aborted runs hand their jobs back; that must happen before the database closes.
      await Promise.allSettled([...running]);
    },
  };
}
