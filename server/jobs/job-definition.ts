/**
 * What a row of the job table (job-table.ts) says about one kind of job: how it is queued
 * (QueueSpec), how many runs one process works at once, what one run does, and what is left
 * when a job ends without success. The workers (job-workers.ts) and the maintenance pass read
 * only this, so adding a job is one row and the file with its `run`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db, Tx } from '../db/client.js';
import type { JobQueue, QueueSpec } from './queue.js';

export interface JobRun {
  /**
   * Aborted when the process stops. A run that then ends with an error is handed back to the
   * queue as it was (sent again before this one completes, so a crash in between loses nothing),
   * without using up a retry.
   */
  signal: AbortSignal;
  log: FastifyBaseLogger;
  /** 1 for the first run of a job, 2 for its first retry… */
  attempt: number;
  /** No retry is left: a failure of this run ends the job (see `giveUp`). */
  lastAttempt: boolean;
  /**
   * The run's hold on its job (queue.ts). A run that stalled past its lease may wake up while a
   * retry runs elsewhere: before it stores what a retry would store too, and in the transaction
   * that records it, it checks that it still holds the job. Both throw LeaseLostError when it
   * does not; the worker then ends the run without touching the job.
   */
  lease: JobLease;
}

export interface JobLease {
  /** Locks the job's row in `tx` (until `tx` ends) while this run holds it; else throws. */
  hold: (tx: Db | Tx) => Promise<void>;
  /** Throws unless this run still holds its job (before a write no transaction covers). */
  check: () => Promise<void>;
}

/**
 * What the workers themselves use of the context a job runs with. Each job's functions take the
 * context they need (the job table, at the entry points, hands them the app's whole context).
 */
export interface JobContext {
  config: Config;
  db: Db;
  jobs: JobQueue;
}

export interface JobDefinition<
  Data extends object = object,
  Ctx extends JobContext = JobContext,
> extends QueueSpec<Data> {
  /** Runs of this job one worker process works at once. */
  concurrency(config: Config): number;
  /** One job's work. Throwing fails the run (retried while retries remain). */
  run(ctx: Ctx, data: Data, run: JobRun): Promise<void>;
  /** What a job whose last run failed leaves behind (e.g. its video marked failed). */
  giveUp?(ctx: Ctx, data: Data, log: FastifyBaseLogger): Promise<void>;
  /**
   * Settles the work of jobs that ended without a run noticing: failed by a start's crash
   * recovery on their last retry, expired, deleted from the queue. Runs when workers start, after
   * each of pg-boss's supervision passes and on every maintenance pass; idempotent.
   */
  settle?(ctx: Ctx, log: FastifyBaseLogger): Promise<void>;
  /** Sent after each start's first maintenance pass (work that a start should always ask for). */
  askAfterStart?: Data;
}

/** A row, with its `Data` checked against `run` and against what `JobQueue.send` is given. */
export function defineJob<Data extends object, Ctx extends JobContext>(
  definition: JobDefinition<Data, Ctx>,
): JobDefinition<Data, Ctx> {
  return definition;
}
