/**
 * A database of its own on the PostgreSQL server DATABASE_URL names, for benches that build
 * data with SQL: created (with the schema's migrations) when missing, kept between runs.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/client.js';

export function requirePostgres(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('needs DATABASE_URL=postgres://… (a PostgreSQL server to bench on)');
  return url;
}

async function admin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Opens (creating when absent, or afresh with `fresh`) the database `name`; migrations applied. */
export async function benchDatabase(
  name: string,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<{ url: string; database: Database; pool: pg.Pool }> {
  const adminUrl = requirePostgres();
  if (fresh) await admin(adminUrl, `drop database if exists ${name} with (force)`);
  await admin(adminUrl, `create database ${name}`).catch((error: { code?: string }) => {
    if (error.code !== '42P04') throw error; // already exists
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: 'memory://' });
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return { url: url.toString(), database, pool };
}

/** A fresh DATA_DIR for a server whose data is in PostgreSQL (it keeps only temp files there). */
export function benchDataDir(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), 'vidtube-bench-pg-'));
}
