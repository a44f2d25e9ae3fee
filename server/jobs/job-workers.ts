/**
 * Works the jobs of a job table (job-table.ts) in this process, the same way in `npm start` and
 * `npm run worker`: each row's `concurrency` runs at a time, one job per run.
 *
 * At start, jobs a crashed run left `active` are recovered (JobQueue.recoverCrashedJobs) and then
 * the rows settle what ended without success meanwhile. A run whose last retry fails calls its
 * row's `giveUp`. Stopping aborts the runs in progress and hands their jobs back to the queue
 * (sent again before the old one completes): a shutdown does not use up a retry.
 *
 * While a run goes on, its lease is renewed every third of LEASE_SECONDS (queue.ts), so only a
 * dead worker's job expires; a run that lost its lease (expired during a stall of this process,
 * maybe retried elsewhere already) is aborted, so two workers never make the same file at once.
 */
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AppContext } from '../context.js';
import type { JobDefinition } from './job-definition.js';
import { LEASE_SECONDS } from './queue.js';

const RENEW_EVERY_MS = (LEASE_SECONDS * 1000) / 3;

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

  /** Renews the run's lease until `maxRunSeconds`; aborts `lost` when the job is not its own. */
  const keepLease = (job: JobDefinition, queued: PgBoss.JobWithMetadata<object>) => {
    const lost = new AbortController();
    const startedAt = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - startedAt > job.maxRunSeconds * 1000) return; // hung: let it lapse
      jobs.renewLease(job.name, queued.id, queued.retryCount).then(
        (held) => {
          if (held || lost.signal.aborted) return;
          log.warn({ job: job.name, id: queued.id }, 'job lease lost: run stopped');
          lost.abort();
        },
        // A database hiccup: the next renewal tries again before the lease runs out.
        (error: unknown) => log.warn({ err: error, job: job.name }, 'job lease not renewed'),
      );
    }, RENEW_EVERY_MS);
    return { lost: lost.signal, release: () => clearInterval(timer) };
  };

  const runOne = async (job: JobDefinition, queued: PgBoss.JobWithMetadata<object>) => {
    const lastAttempt = queued.retryCount >= queued.retryLimit;
    const lease = keepLease(job, queued);
    try {
      await job.run(ctx, queued.data, {
        signal: AbortSignal.any([stopping.signal, lease.lost]),
        log,
        attempt: queued.retryCount + 1,
        lastAttempt,
      });
    } catch (error) {
      // The job is no longer this run's: pg-boss already failed it (and its retry is another's).
      if (lease.lost.aborted) throw error;
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
    } finally {
      lease.release();
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
