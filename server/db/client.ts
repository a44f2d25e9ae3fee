/**
 * Opens the database: PGlite under DATA_DIR by default (in a worker thread), PostgreSQL when
 * DATABASE_URL is set. Both speak the same schema and migrations; callers only see `Db`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import { APP_ROOT } from '../app-root.js';
import { fixedTextName, runsGenericPlan } from './fixed-text.js';
import { PreparedStatements } from './prepared.js';
import { underStartupLock } from './startup-lock.js';
import * as schema from './schema.js';
import type { Db } from './types.js';

export type { Db, Tx } from './types.js';

export interface Database {
  db: Db;
  /** The statements prepared once on this database (prepared.ts). */
  statements: PreparedStatements;
  /** 'pglite' or 'postgres', for logs and benchmarks. */
  kind: 'pglite' | 'postgres';
  /**
   * Raw SQL for libraries that bring their own statements (the pg-boss job queue). Without
   * values the text may hold several statements; the rows are those of the last one.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Runs a start-up step that must run once across every process sharing the database (the job
   * queue's schema): on PostgreSQL under an advisory lock (startup-lock.ts); the embedded
   * database has one process.
   */
  serializedStartup<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Gives back memory a one-off bulk job (the demo seed) grew the embedded database to, by
   * reopening it; nothing else may use the database meanwhile. A no-op on PostgreSQL.
   */
  releaseMemory(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(APP_ROOT, 'drizzle');

/**
 * Postgres's default 128 MB of shared buffers would fill with pages over time and stay resident
 * in the server's RSS; 8 MB hold the hot index pages of a 100 000-video catalogue, and the rest
 * is read through the OS page cache (shared, reclaimable, not the server's RSS). A catalogue whose
 * searches read more than that pays for it: at 100 000 videos a two-word search's 1 900 heap
 * pages took 15 ms with 8 MB, 5.5 ms with 32 MB (which keeps 25–40 MB more resident).
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 8;

/**
 * Connections of each of a process's two PostgreSQL pools. On 2 cores shared by the API and
 * PostgreSQL, 5 answered searches at 50 concurrent requests with a p99 1.5-3 times lower than 10:
 * fewer backends run at once, and the queue for a connection is the process's own, first come
 * first served (docs/bench.md, issue 31). A larger server raises it (DATABASE_POOL_SIZE).
 */
export const DEFAULT_DATABASE_POOL_SIZE = 5;

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; `memory://` keeps it in memory (tests). */
  pgliteDir: string;
  /** The embedded database's shared buffers in MB (default DEFAULT_PGLITE_SHARED_BUFFERS_MB). */
  pgliteSharedBuffersMb?: number | undefined;
  /** Connections of each PostgreSQL pool (default DEFAULT_DATABASE_POOL_SIZE). */
  poolSize?: number | undefined;
}

/**
 * Has `pool` send the texts marked in fixed-text.ts under their names: node-postgres then parses
 * each once per connection, and PostgreSQL keeps its plan (fixed-text.ts says why). drizzle passes
 * a query config without a name for raw and builder statements, to the pool outside transactions.
 */
function namingPool(pool: Pool, genericPool: Pool): void {
  const query = pool.query.bind(pool) as (config: unknown, ...rest: unknown[]) => unknown;
  const generic = genericPool.query.bind(genericPool) as typeof query;
  const named = (config: unknown, ...rest: unknown[]) => {
    if (
      config &&
      typeof config === 'object' &&
      'text' in config &&
      !('name' in config && config.name)
    ) {
      const name = fixedTextName(String(config.text));
      if (name) return (runsGenericPlan(name) ? generic : query)({ ...config, name }, ...rest);
    }
    return query(config, ...rest);
  };
  pool.query = named as typeof pool.query;
}

/** Each PostgreSQL pool's companion whose connections keep generic plans (tests read it). */
const genericPlanPools = new WeakMap<Pool, Pool>();

/** The connections that run `pool`'s statements marked for their generic plan (fixed-text.ts). */
export function genericPlanPoolOf(pool: Pool): Pool | undefined {
  return genericPlanPools.get(pool);
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const poolSize = options.poolSize ?? DEFAULT_DATABASE_POOL_SIZE;
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // JIT off: it compiles a statement whose estimated cost passes jit_above_cost, and a
    // search's estimate (its GIN and walk branches, one of which runs) passes it: compiling took
    // 30 ms of a 5 ms search at 1 000 000 videos (docs/bench.md, issue 31).
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: poolSize,
      options: '-c jit=off',
    });
    // Statements marked to run on their generic plan (fixed-text.ts) run here. A session setting,
    // so it has connections of its own: on the main pool it would reach unnamed statements too,
    // which are planned for their values. Opened on first use; only searches use it.
    const genericPool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: poolSize,
      options: '-c jit=off -c plan_cache_mode=force_generic_plan',
    });
    // An idle connection dropped by the server (restart, failover, admin kill) must not crash the
    // process: the pool replaces it on the next checkout.
    for (const each of [pool, genericPool]) {
      each.on('error', (error) =>
        console.error(`database: idle connection lost: ${error.message}`),
      );
    }
    namingPool(pool, genericPool);
    genericPlanPools.set(pool, genericPool);
    const db = drizzle(pool, { schema }) as unknown as Db;
    const serializedStartup = async <T>(work: () => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      try {
        return await underStartupLock(client, work);
      } finally {
        client.release();
      }
    };
    // Replicas started together on an empty database: one migrates, the others then find it done.
    await serializedStartup(() => migrate(drizzle(pool, { schema }), { migrationsFolder }));
    return {
      db,
      // node-postgres prepares a statement under the name drizzle passes.
      statements: new PreparedStatements(db),
      kind: 'postgres',
      executeSql: (text, values = []) => pool.query(text, values),
      serializedStartup,
      releaseMemory: async () => {},
      close: async () => {
        await Promise.all([pool.end(), genericPool.end()]);
      },
    };
  }
  // The embedded database runs in a worker thread (see pglite-worker-client.ts for why this
  // design), so its CPU time no longer blocks the HTTP thread.
  const { PgliteWorkerClient } = await import('./pglite-worker-client.js');
  const { drizzle } = await import('drizzle-orm/pglite');
  const inMemory = options.pgliteDir.startsWith('memory://');
  if (!inMemory) mkdirSync(options.pgliteDir, { recursive: true });
  const client = await PgliteWorkerClient.start({
    dataDir: options.pgliteDir,
    migrationsFolder,
    sharedBuffersMb: options.pgliteSharedBuffersMb ?? DEFAULT_PGLITE_SHARED_BUFFERS_MB,
  });
  // drizzle-orm/pglite needs only query() and transaction(), which the worker client provides.
  const db = drizzle(client as unknown as PGlite, { schema }) as unknown as Db;
  return {
    db,
    // drizzle-orm/pglite drops the name: the worker client runs these texts as named statements.
    statements: new PreparedStatements(db, (text) => client.nameStatement(text)),
    kind: 'pglite',
    executeSql: (text, values) => client.executeSql(text, values),
    serializedStartup: (work) => work(),
    // An in-memory database would not survive being reopened.
    releaseMemory: inMemory ? async () => {} : () => client.restart(),
    close: () => client.close(),
  };
}
