/**
 * Test harness for server suites: a real app over a fresh in-memory PGlite (or the PostgreSQL
 * server named by TEST_DATABASE_URL, one fresh database per app) and a temp DATA_DIR.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import { createContext, type AppContext } from '../../server/context.js';
import type { App } from '../../server/app-types.js';
import { prepareStart } from '../../server/start-up.js';

export interface TestApp {
  app: App;
  ctx: AppContext;
  dataDir: string;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-test-'));
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, ACCESS_TOKEN_SECRET: 'test-secret', SEED_DEMO: '0' }),
    authRateLimit: 1000,
    // Tests write rows directly and read them back at once; the cache has its own test.
    feedCacheMs: 0,
    // Counted views are written when a test flushes them (ctx.viewCounter.flush()) or on close.
    viewFlushMs: 3_600_000,
    ...overrides,
  };
  let databaseUrl = process.env.TEST_DATABASE_URL;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (databaseUrl) {
    // One fresh database per app, so suites can run in parallel and start empty.
    const adminUrl = databaseUrl;
    const name = `vidtube_t_${randomBytes(6).toString('hex')}`;
    const { default: pg } = await import('pg');
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => admin(`drop database if exists ${name} with (force)`);
  }
  // Built and prepared exactly as server/main.ts does it; only the database lives in memory.
  const { ctx, database } = await createContext(
    { ...config, databaseUrl },
    { pgliteDir: 'memory://' },
  );
  await prepareStart(ctx);
  const app = await buildApp({ ctx });
  await app.ready();
  return {
    app,
    ctx,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase?.();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
