/**
 * The durable job queue: pg-boss, stored in the application's own database (schema `pgboss`), so
 * it needs no new server. pg-boss runs its SQL through our connection (`Database.executeSql`):
 * in-process on the embedded PGlite, through the pool on PostgreSQL, where any number of
 * `npm run worker` processes on any machines share the queue.
 *
 * This file knows queues, not jobs: which jobs exist, how they are queued and what runs them is
 * the job table (job-table.ts). Jobs retry with doubling delays.
 *
 * A running job holds a lease of LEASE_SECONDS that its worker renews while the run goes on
 * (`renewLease`, job-workers.ts): pg-boss 10 has no heartbeat of its own, only an expiry counted
 * from the start of a run, so the lease is that expiry, pushed forward. A worker that dies (a
 * SIGKILL, a lost machine) stops renewing: within LEASE_SECONDS plus one supervision pass
 * (SUPERVISE_SECONDS on PostgreSQL), pg-boss fails the job and another worker retries it. A run
 * past its row's `maxRunSeconds` is hung: its lease is no longer renewed, so it expires too.
 *
 * A retry keeps the job's id with one more `retry_count`: (name, id, retry_count) names one run,
 * and is its fencing token. A run that stalled past its lease (a paused process, a frozen VM) may
 * wake up while another worker runs the retry; everything a run does to the job or to what the
 * job makes goes through `holdLease`, which locks the job's row and refuses unless this run
 * still holds it, in the transaction that does the work. pg-boss's own completion does not
 * check the run (it completes or fails the id, whoever runs it), so the workers complete, fail
 * and hand back jobs only through this file's fenced calls.
 */
import PgBoss from 'pg-boss';
import type { Config } from '../config.js';
import type { Database, Db, Tx } from '../db/client.js';
import { executorFor } from './sql-in-transaction.js';

/** One run of a job: a retry has the same id and one more retry counted. */
export interface RunRef {
  name: string;
  id: string;
  retryCount: number;
}

/** What a failed run leaves in the job's `output` (pg-boss's own shape: the error's name and message). */
function failure(error: unknown): object {
  return error instanceof Error
    ? { name: error.name, message: error.message }
    : { message: String(error) };
}

/** The run no longer holds its job: it must stop without touching the job or what it makes. */
export class LeaseLostError extends Error {
  constructor(run: RunRef) {
    super(`job ${run.name} ${run.id} (retry ${run.retryCount}) is no longer this run's`);
    this.name = 'LeaseLostError';
  }
}

/** How a queue keeps its jobs: a row of the job table without what runs it. */
export interface QueueSpec<Data extends object = object> {
  /** The pg-boss queue, and the job's name in logs. */
  name: string;
  /** 'standard': any number wait; 'stately': at most one waiting and one running. */
  policy: 'standard' | 'stately';
  /** Retries after a failed run, and the first delay before one (doubling each time). */
  retries(config: Config): { limit: number; delaySeconds: number };
  /** A run that takes longer is hung: its lease is not renewed, pg-boss fails it (and retries it). */
  maxRunSeconds: number;
  /** The lease of a running job (default LEASE_SECONDS); tests shorten it. */
  leaseSeconds?: number;
  /** Never set: carries the type of the job's data, so a row's `run` gets what it was sent. */
  readonly data?: Data;
}

export interface SendOptions {
  /** Not run before this moment (a scheduled publication, issue 34). */
  startAfter?: Date;
}

export interface QueueOptions {
  /** Whether this process runs pg-boss's maintenance (expiry, archive); true where workers run. */
  supervise: boolean;
}

/** How long a running job stays `active` without its worker renewing it (see above). */
export const LEASE_SECONDS = 30;
/**
 * How often pg-boss's supervision pass (expiry among others) runs on PostgreSQL, on whichever
 * process takes its turn: with the lease, a dead worker's job is retried within a minute. The
 * embedded database's one process recovers its crashed jobs at start and keeps pg-boss's 2 minutes.
 */
export const SUPERVISE_SECONDS = 15;

export interface JobQueue {
  readonly boss: PgBoss;
  /**
   * Creates each queue, or brings an existing one to its spec: pg-boss's createQueue leaves an
   * existing queue as it is, so without the update a changed TRANSCODE_RETRIES would never apply.
   */
  declare(specs: readonly QueueSpec[], config: Config): Promise<void>;
  /**
   * Enqueues a job on the queue `name`; with `tx`, inside that transaction (committed with the
   * row that needs it). By name: services send jobs without importing what runs them.
   */
  send(name: string, data: object, tx?: Db | Tx, options?: SendOptions): Promise<void>;
  /**
   * On the embedded database this process is the only worker, so jobs still `active` at start
   * belong to a run that crashed: they are failed now (and so retried, or failed for good when
   * no retry is left) instead of after pg-boss's expiry, hours later. On PostgreSQL other
   * workers may be running them: no-op.
   */
  recoverCrashedJobs(names: readonly string[]): Promise<void>;
  /**
   * Renews the lease of a running job for `leaseSeconds` more. False when the job is no longer
   * this run's (expired, and maybe retried by another worker): the run must stop.
   */
  renewLease(run: RunRef, leaseSeconds?: number): Promise<boolean>;
  /**
   * Locks the job's row in `tx` until it ends, or throws LeaseLostError when `run` no longer
   * holds the job: work done in `tx` after it is this run's, or nobody's.
   */
  holdLease(tx: Db | Tx, run: RunRef): Promise<void>;
  /** Completes the job if `run` still holds it; false if not (then nothing changed). */
  complete(run: RunRef): Promise<boolean>;
  /** Fails the run (retried while retries remain) if it still holds the job; false if not. */
  fail(run: RunRef, error: unknown): Promise<boolean>;
  /**
   * Sends the job's data again and completes this run, in one transaction, if it still holds
   * the job: a stopping process hands its work back without using up a retry.
   */
  handBack(run: RunRef, data: object): Promise<boolean>;
  stop(): Promise<void>;
}

export async function openJobQueue(database: Database, options: QueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    supervise: options.supervise,
    ...(database.kind === 'postgres' ? { maintenanceIntervalSeconds: SUPERVISE_SECONDS } : {}),
    schedule: false,
  });
  // pg-boss reports failed maintenance runs as events; without a listener they would throw.
  boss.on('error', (error) => console.error(`jobs: ${error.message}`));
  const holdLease = async (tx: Db | Tx, run: RunRef) => {
    const held = await executorFor(tx).executeSql(
      `SELECT id FROM pgboss.job
       WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count = $3
       FOR UPDATE`,
      [run.name, run.id, run.retryCount],
    );
    if (held.rows.length === 0) throw new LeaseLostError(run);
  };
  /** `work` with pg-boss's statements in the transaction that holds `run`'s lease. */
  const fenced = async (
    run: RunRef,
    work: (db: ReturnType<typeof executorFor>) => Promise<unknown>,
  ) => {
    try {
      await database.db.transaction(async (tx) => {
        await holdLease(tx, run);
        await work(executorFor(tx));
      });
      return true;
    } catch (error) {
      if (error instanceof LeaseLostError) return false;
      throw error;
    }
  };
  // Installs pg-boss's schema on first use: once, however many processes start together.
  await database.serializedStartup(() => boss.start());
  return {
    boss,
    async declare(specs, config) {
      // Two processes creating the same queue at once deadlock inside pg-boss's create_queue.
      await database.serializedStartup(async () => {
        for (const spec of specs) {
          const { limit, delaySeconds } = spec.retries(config);
          const options = {
            name: spec.name,
            policy: spec.policy,
            retryLimit: limit,
            retryDelay: delaySeconds,
            retryBackoff: true,
            expireInSeconds: spec.leaseSeconds ?? LEASE_SECONDS,
          };
          await boss.createQueue(spec.name, options);
          await boss.updateQueue(spec.name, options);
        }
      });
    },
    async send(name, data, tx, options = {}) {
      await boss.send(name, data, { ...options, ...(tx ? { db: executorFor(tx) } : {}) });
    },
    async recoverCrashedJobs(names) {
      if (database.kind !== 'pglite') return;
      for (const name of names) {
        const { rows } = await database.executeSql(
          `SELECT id FROM pgboss.job WHERE name = $1 AND state = 'active'`,
          [name],
        );
        const ids = (rows as { id: string }[]).map((row) => row.id);
        if (ids.length > 0) await boss.fail(name, ids);
      }
    },
    async renewLease({ name, id, retryCount }, leaseSeconds = LEASE_SECONDS) {
      const { rows } = await database.executeSql(
        `UPDATE pgboss.job SET expire_in = (now() - started_on) + make_interval(secs => $4)
         WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count = $3
         RETURNING id`,
        [name, id, retryCount, leaseSeconds],
      );
      return rows.length > 0;
    },
    holdLease,
    complete: (run) => fenced(run, (db) => boss.complete(run.name, run.id, {}, { db })),
    fail: (run, error) => fenced(run, (db) => boss.fail(run.name, run.id, failure(error), { db })),
    handBack: (run, data) =>
      fenced(run, async (db) => {
        await boss.send(run.name, data, { db });
        await boss.complete(run.name, run.id, {}, { db });
      }),
    stop: () => boss.stop({ graceful: true, wait: true, close: false }),
  };
}
