/**
 * Opens the database: PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
 * Both speak the same schema and migrations; callers only see `Db`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; services accept `Db | Tx` where they can run inside either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  /** 'pglite' or 'postgres', for logs and benchmarks. */
  kind: 'pglite' | 'postgres';
  /**
   * Raw SQL for libraries that bring their own statements (the pg-boss job queue). Without
   * values the text may hold several statements; the rows are those of the last one.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; `memory://` keeps it in memory (tests). */
  pgliteDir: string;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover, admin kill) must not crash the
    // process: the pool replaces it on the next checkout.
    pool.on('error', (error) => console.error(`database: idle connection lost: ${error.message}`));
    const db = drizzle(pool, { schema }) as unknown as Db;
    await migrate(drizzle(pool, { schema }), { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      executeSql: (text, values = []) => pool.query(text, values),
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (!options.pgliteDir.startsWith('memory://')) mkdirSync(options.pgliteDir, { recursive: true });
  const client = await PGlite.create(options.pgliteDir);
  const pgliteDb = drizzle(client, { schema });
  await migrate(pgliteDb, { migrationsFolder });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    // PGlite's query() takes one statement; exec() takes several but no parameters.
    executeSql: async (text, values = []) =>
      values.length > 0
        ? client.query(text, values)
        : { rows: (await client.exec(text)).at(-1)?.rows ?? [] },
    close: () => client.close(),
  };
}
