/**
 * Start-up steps that must run once however many replicas and workers start together against one
 * PostgreSQL database: our migrations and the job queue's own schema. drizzle's migrator and
 * pg-boss's installer both check "is it there yet?" and then create it, so two processes starting
 * at the same moment on an empty database both create, and the second fails on "already exists"
 * (pg-boss's installer also leaves its connection inside an aborted transaction when it loses
 * that race). A session-level advisory lock on a connection of its own makes them take turns:
 * the second finds the work done. The lock dies with its connection, so a process killed while
 * holding it blocks nobody.
 */
import type pg from 'pg';

/** Any fixed 64-bit number; this one is "vidtube" in ASCII (0x76696474756265). */
const STARTUP_LOCK_KEY = '33329927423353445';

/** Runs `work` while this process holds the start-up lock, on `client` (a dedicated connection). */
export async function underStartupLock<T>(
  client: pg.PoolClient | pg.Client,
  work: () => Promise<T>,
): Promise<T> {
  await client.query(`select pg_advisory_lock(${STARTUP_LOCK_KEY})`);
  try {
    return await work();
  } finally {
    await client.query(`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`);
  }
}
