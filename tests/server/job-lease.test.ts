/**
 * The lease of a running job (jobs/queue.ts): its worker renews it while the run goes on, so only
 * a dead worker's job expires, within LEASE_SECONDS and a supervision pass instead of the run's
 * whole maximum; a renewal for a job that is no longer the run's own says so.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_SECONDS } from '../../server/jobs/queue.js';
import { createTestApp, type TestApp } from './helpers.js';

const QUEUE = 'lease-test';

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
    expect(await t.ctx.jobs.renewLease(QUEUE, job.id, job.retryCount)).toBe(true);
    expect(await leaseLeft(job.id)).toBeGreaterThan(LEASE_SECONDS - 5);
    await t.ctx.jobs.boss.complete(QUEUE, job.id);
  });

  it('refuses to renew a job that ended, or that a retry now runs', async () => {
    const job = await startedJob();
    await t.ctx.jobs.boss.fail(QUEUE, job.id);
    expect(await t.ctx.jobs.renewLease(QUEUE, job.id, job.retryCount)).toBe(false);
    // Its retry, started by another worker: the same id, one more retry counted.
    await t.ctx.db.execute(sql`update pgboss.job set start_after = now() where id = ${job.id}`);
    const [retry] = await t.ctx.jobs.boss.fetch(QUEUE, { includeMetadata: true });
    expect(retry?.id).toBe(job.id);
    expect(await t.ctx.jobs.renewLease(QUEUE, job.id, job.retryCount)).toBe(false);
    expect(await t.ctx.jobs.renewLease(QUEUE, job.id, retry!.retryCount)).toBe(true);
  });
});
