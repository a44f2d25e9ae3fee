/**
 * The lease of a running job (jobs/queue.ts): its worker renews it while the run goes on, so only
 * a dead worker's job expires, within LEASE_SECONDS and a supervision pass instead of the run's
 * whole maximum; a renewal for a job that is no longer the run's own says so. In a worker: a run
 * longer than its lease is not failed; a run that stalled past its lease and woke up while another
 * worker runs the retry neither completes nor fails that retry, and is told it lost the job.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  defineJob,
  type JobContext,
  type JobDefinition,
} from '../../server/jobs/job-definition.js';
import { startJobWorkers } from '../../server/jobs/job-workers.js';
import { LEASE_SECONDS } from '../../server/jobs/queue.js';
import { createTestApp, type TestApp } from './helpers.js';
import { until } from './transcode-helpers.js';

const QUEUE = 'lease-test';

/**
 * Makes a retry due at once. pg-boss fetches `start_after < now()`, strictly, and PGlite's clock
 * can read the same value in the next statement: a second in the past is due whatever the clock.
 */
const dueNow = sql`start_after = now() - interval '1 second'`;

describe('job leases', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.jobs.declare(
      [
        {
          name: QUEUE,
          policy: 'standard',
          retries: () => ({ limit: 2, delaySeconds: 1 }),
          maxRunSeconds: 3600,
        },
      ],
      t.ctx.config,
    );
  });
  afterAll(() => t.close());

  /** Sends a job and takes it as a worker would: it is then `active`. */
  async function startedJob() {
    await t.ctx.jobs.send(QUEUE, { n: 1 });
    const [job] = await t.ctx.jobs.boss.fetch<{ n: number }>(QUEUE, { includeMetadata: true });
    if (!job) throw new Error('no job fetched');
    return job;
  }

  const runOf = (job: { id: string; retryCount: number }) => ({
    name: QUEUE,
    id: job.id,
    retryCount: job.retryCount,
  });

  const leaseLeft = async (id: string) => {
    const result = await t.ctx.db.execute(
      sql`select extract(epoch from started_on + expire_in - now())::float8 as left
          from pgboss.job where id = ${id}`,
    );
    return (result as { rows: { left: number }[] }).rows[0]?.left ?? Number.NaN;
  };

  it('gives a started job a lease of LEASE_SECONDS, not the run maximum', async () => {
    const job = await startedJob();
    expect(await leaseLeft(job.id)).toBeLessThanOrEqual(LEASE_SECONDS);
    await t.ctx.jobs.boss.complete(QUEUE, job.id);
  });

  it('renews the lease of a run that still owns its job', async () => {
    const job = await startedJob();
    // As if the run had started a minute ago and was about to lapse.
    await t.ctx.db.execute(
      sql`update pgboss.job set started_on = now() - interval '1 minute' where id = ${job.id}`,
    );
    expect(await leaseLeft(job.id)).toBeLessThan(0);
    expect(await t.ctx.jobs.renewLease(runOf(job))).toBe(true);
    expect(await leaseLeft(job.id)).toBeGreaterThan(LEASE_SECONDS - 5);
    await t.ctx.jobs.boss.complete(QUEUE, job.id);
  });

  it('refuses to renew a job that ended, or that a retry now runs', async () => {
    const job = await startedJob();
    await t.ctx.jobs.boss.fail(QUEUE, job.id);
    expect(await t.ctx.jobs.renewLease(runOf(job))).toBe(false);
    // Its retry, started by another worker: the same id, one more retry counted.
    await t.ctx.db.execute(sql`update pgboss.job set ${dueNow} where id = ${job.id}`);
    const [retry] = await t.ctx.jobs.boss.fetch(QUEUE, { includeMetadata: true });
    expect(retry?.id).toBe(job.id);
    expect(await t.ctx.jobs.renewLease(runOf(job))).toBe(false);
    expect(await t.ctx.jobs.renewLease(runOf(retry!))).toBe(true);
  });
});

describe('a run and its lease, in a worker', () => {
  let t: TestApp;
  let stopWorkers: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await stopWorkers?.();
    stopWorkers = undefined;
  });
  afterAll(() => t.close());

  type Job = { state: string; retry_count: number; output: unknown };
  const jobRow = async (id: string) => {
    const result = await t.ctx.db.execute(
      sql`select state, retry_count, output from pgboss.job where id = ${id}`,
    );
    return (result as { rows: Job[] }).rows[0]!;
  };

  /** What the workers logged as warnings; `warned` waits for one. */
  let warnings: string[] = [];
  const workerLog = {
    info() {},
    error() {},
    warn(_fields: object, message: string) {
      warnings.push(message);
    },
  } as never;
  const warned = (message: string) =>
    until(async () => warnings.includes(message), Boolean, 10_000).catch(() => {
      throw new Error(`no warning "${message}"; got ${JSON.stringify(warnings)}`);
    });

  /** A queue whose runs call `run`, worked by one in-process worker. */
  async function workedQueue(
    name: string,
    run: JobDefinition<{ n: number }>['run'],
    leaseSeconds?: number,
  ) {
    const job = defineJob<{ n: number }, JobContext>({
      name,
      policy: 'standard',
      retries: () => ({ limit: 2, delaySeconds: 1 }),
      maxRunSeconds: 3600,
      leaseSeconds,
      concurrency: () => 1,
      run,
    });
    await t.ctx.jobs.declare([job], t.ctx.config);
    warnings = [];
    stopWorkers = (await startJobWorkers(t.ctx, workerLog, [job])).stop;
  }

  const idOf = async (name: string) => {
    const result = await t.ctx.db.execute(sql`select id from pgboss.job where name = ${name}`);
    return (result as { rows: { id: string }[] }).rows[0]!.id;
  };

  it('lets a run last longer than its lease, renewing it: completed on the first attempt', async () => {
    const name = 'lease-long-run';
    const leaseSeconds = 2;
    let runs = 0;
    /** The run's row as its last wait saw it: how long it has run, and the lease it holds. */
    let last: { ran: number; lease: number } | undefined;
    await workedQueue(
      name,
      async () => {
        runs += 1;
        // The run goes on until it has outlasted its lease by a second (by the database's clock,
        // in which the lease is counted): what is under test is a run longer than its lease.
        last = await until(
          async () => {
            const result = await t.ctx.db.execute(
              sql`select extract(epoch from now() - started_on)::float8 as ran,
                         extract(epoch from expire_in)::float8 as lease
                  from pgboss.job where name = ${name}`,
            );
            return (result as { rows: { ran: number; lease: number }[] }).rows[0]!;
          },
          (row) => row.ran > leaseSeconds + 1,
          20_000,
        );
      },
      leaseSeconds,
    );
    await t.ctx.jobs.send(name, { n: 1 });
    const id = await idOf(name);
    const done = await until(
      () => jobRow(id),
      (job) => job.state !== 'created' && job.state !== 'active',
    );
    expect(done).toMatchObject({ state: 'completed', retry_count: 0 });
    expect(runs).toBe(1);
    // Renewed: its lease reached past the time it had run.
    expect(last!.lease).toBeGreaterThan(last!.ran);
  }, 30_000);

  /**
   * A run that stalls (its process paused: no timer fires) while its lease lapses and another
   * worker takes the retry; then it wakes up and ends. `ending` is how it ends.
   */
  async function staleRun(name: string, ending: 'returns' | 'throws') {
    let wake!: () => void;
    const stalled = new Promise<void>((resolve) => (wake = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const seen: { lease?: string } = {};
    let ended!: () => void;
    const finished = new Promise<void>((resolve) => (ended = resolve));
    await workedQueue(name, async (_ctx, _data, run) => {
      started();
      await stalled;
      try {
        await run.lease.check();
        seen.lease = 'held';
      } catch (error) {
        seen.lease = (error as Error).name;
      } finally {
        ended();
      }
      if (ending === 'throws') throw new Error('ffmpeg failed');
    });
    await t.ctx.jobs.send(name, { n: 1 });
    await running;
    const id = await idOf(name);
    // The lease lapsed: pg-boss's supervision failed the run, and another worker took the retry.
    await t.ctx.jobs.boss.fail(name, id);
    await t.ctx.db.execute(sql`update pgboss.job set ${dueNow} where id = ${id}`);
    const [retry] = await t.ctx.jobs.boss.fetch(name, { includeMetadata: true });
    expect(retry).toMatchObject({ id, retryCount: 1 });
    const before = await jobRow(id);
    wake();
    await finished;
    // Its worker ends the run, refused by the job's new run, and says so.
    await warned('job lease lost: run stopped');
    await stopWorkers?.();
    stopWorkers = undefined;
    return { id, seen, before, after: await jobRow(id) };
  }

  it('a stale run that wakes up and returns leaves the retry running (it completes nothing)', async () => {
    const { seen, before, after } = await staleRun('lease-stale-returns', 'returns');
    expect(after).toEqual(before);
    expect(after).toMatchObject({ state: 'active', retry_count: 1 });
    expect(seen.lease).toBe('LeaseLostError');
  });

  it('a stale run that wakes up and fails leaves the retry running (it fails nothing)', async () => {
    const { before, after } = await staleRun('lease-stale-throws', 'throws');
    expect(after).toEqual(before);
    expect(after).toMatchObject({ state: 'active', retry_count: 1 });
  });

  it('a run that holds its job completes it', async () => {
    const name = 'lease-held';
    const seen: string[] = [];
    await workedQueue(name, async (_ctx, _data, run) => {
      await run.lease.check();
      await t.ctx.db.transaction((tx) => run.lease.hold(tx));
      seen.push('held');
    });
    await t.ctx.jobs.send(name, { n: 1 });
    const id = await idOf(name);
    const done = await until(
      () => jobRow(id),
      (job) => job.state === 'completed' || job.state === 'failed',
    );
    expect(done.state).toBe('completed');
    expect(seen).toEqual(['held']);
  });
});
