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
 * maybe retried elsewhere already) is aborted, and ends without touching the job: its completion,
 * failure or hand-back, and what the run stores (JobRun.lease), hold the lease in the same
 * transaction, so a stale run cannot end or overwrite its successor's work.
 *
 * The slots poll the queue themselves (pg-boss's `fetch`) rather than through `boss.work`, whose
 * handler is failed by pg-boss once the job's `expire_in` at fetch time has passed (30 s: a
 * longer transcode was failed mid-run however often its lease was renewed) and whose completion
 * does not check which run it completes.
 */
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { JobContext, JobDefinition } from './job-definition.js';
import { LEASE_SECONDS, LeaseLostError, type RunRef } from './queue.js';

/** How often an idle slot asks the queue for a job (pg-boss's workers polled every 2 s too). */
const POLL_MS = 2_000;

export interface JobWorkers {
  stop(): Promise<void>;
}

/** Runs every row's `settle`; a failure is logged, never thrown (it runs again later). */
export async function settleJobs<Ctx extends JobContext>(
  ctx: Ctx,
  log: FastifyBaseLogger,
  table: readonly JobDefinition<object, Ctx>[],
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
export async function askAfterStart<Ctx extends JobContext>(
  ctx: Ctx,
  table: readonly JobDefinition<object, Ctx>[],
) {
  for (const job of table) {
    if (job.askAfterStart) await ctx.jobs.send(job.name, job.askAfterStart);
  }
}

/** The maintenance pass's view of the table (maintenance/index.ts, `JobUpkeep`). */
export function jobUpkeep<Ctx extends JobContext>(
  ctx: Ctx,
  log: FastifyBaseLogger,
  table: readonly JobDefinition<object, Ctx>[],
) {
  return {
    askAfterStart: () => askAfterStart(ctx, table),
    settle: () => settleJobs(ctx, log, table),
  };
}

export async function startJobWorkers<Ctx extends JobContext>(
  ctx: Ctx,
  log: FastifyBaseLogger,
  table: readonly JobDefinition<object, Ctx>[],
): Promise<JobWorkers> {
  const { jobs } = ctx;
  await jobs.recoverCrashedJobs(table.map((job) => job.name));
  await settleJobs(ctx, log, table);
  const stopping = new AbortController();

  /**
   * Renews the run's lease; aborts `lost` when the job is no longer the run's, or when the run
   * passed `maxRunSeconds` (hung: its lease then lapses, and pg-boss fails and retries the job).
   */
  const keepLease = (job: JobDefinition, run: RunRef) => {
    const lost = new AbortController();
    const startedAt = Date.now();
    const leaseSeconds = job.leaseSeconds ?? LEASE_SECONDS;
    const timer = setInterval(
      () => {
        if (Date.now() - startedAt > job.maxRunSeconds * 1000) {
          lost.abort();
          return;
        }
        jobs.renewLease(run, leaseSeconds).then(
          (held) => {
            if (!held) lost.abort();
          },
          // A database hiccup: the next renewal tries again before the lease runs out.
          (error: unknown) => log.warn({ err: error, job: job.name }, 'job lease not renewed'),
        );
      },
      (leaseSeconds * 1000) / 3,
    );
    return { lost: lost.signal, release: () => clearInterval(timer) };
  };

  /**
   * One run, to its end: completed, failed (retried while retries remain) or handed back, each
   * only while the run still holds its job. A run that lost it touches nothing: the job, and
   * whatever its retry makes, are another run's.
   */
  const runOne = async (job: JobDefinition, queued: PgBoss.JobWithMetadata<object>) => {
    const run: RunRef = { name: job.name, id: queued.id, retryCount: queued.retryCount };
    const lease = keepLease(job, run);
    let failure: { error: unknown } | undefined;
    // A run that lost its job frees its slot at once, even if it does not heed its signal.
    const given = new Promise<never>((_, reject) =>
      lease.lost.addEventListener('abort', () => reject(new LeaseLostError(run)), { once: true }),
    );
    given.catch(() => {}); // lost after the run ended: nobody waits any more
    try {
      const running = job.run(ctx, queued.data, {
        signal: AbortSignal.any([stopping.signal, lease.lost]),
        log,
        attempt: queued.retryCount + 1,
        lastAttempt: queued.retryCount >= queued.retryLimit,
        lease: {
          hold: (tx) => jobs.holdLease(tx, run),
          check: () => ctx.db.transaction((tx) => jobs.holdLease(tx, run)),
        },
      });
      await Promise.race([running, given]);
    } catch (error) {
      failure = { error };
    } finally {
      lease.release();
    }
    const ended = await endRun(job, queued, run, failure, lease.lost.aborted);
    if (!ended) log.warn({ job: job.name, id: run.id }, 'job lease lost: run stopped');
  };

  /** Completes, hands back or fails the run's job, only while the run holds it; false if not. */
  const endRun = async (
    job: JobDefinition,
    queued: PgBoss.JobWithMetadata<object>,
    run: RunRef,
    failure: { error: unknown } | undefined,
    leaseLost: boolean,
  ): Promise<boolean> => {
    if (!failure) return jobs.complete(run);
    const { error } = failure;
    if (error instanceof LeaseLostError || leaseLost) return false;
    if (stopping.signal.aborted) return jobs.handBack(run, queued.data);
    log.error(
      { err: error, job: job.name, data: queued.data, attempt: run.retryCount + 1 },
      'job failed',
    );
    const failed = await jobs.fail(run, error);
    // After the job failed for good: a crash in between leaves the rest to the row's `settle`.
    if (failed && run.retryCount >= queued.retryLimit) await job.giveUp?.(ctx, queued.data, log);
    return failed;
  };

  /** One of a row's `concurrency` slots: takes a job, runs it, and again until stopped. */
  const slot = async (job: JobDefinition) => {
    while (!stopping.signal.aborted) {
      let queued: PgBoss.JobWithMetadata<object> | undefined;
      try {
        [queued] = await jobs.boss.fetch<object>(job.name, { includeMetadata: true });
      } catch (error) {
        log.error({ err: error, job: job.name }, 'jobs: fetching failed');
      }
      if (!queued) {
        await pause(POLL_MS, stopping.signal);
        continue;
      }
      try {
        await runOne(job, queued);
      } catch (error) {
        // The database failed the completion: the lease lapses and the job is retried.
        log.error({ err: error, job: job.name }, 'jobs: ending a run failed');
      }
    }
  };

  const slots = table.flatMap((job) =>
    Array.from({ length: job.concurrency(ctx.config) }, () => slot(job)),
  );
  // pg-boss's supervision pass is what expires hung jobs: settle right after it.
  const afterSupervision = () => void settleJobs(ctx, log, table);
  jobs.boss.on('maintenance', afterSupervision);

  return {
    async stop() {
      jobs.boss.off('maintenance', afterSupervision);
      stopping.abort();
      // The aborted runs hand their jobs back; that must happen before the database closes.
      await Promise.allSettled(slots);
    },
  };
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
