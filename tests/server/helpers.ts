/**
 * Test harness for server suites: a real app over a fresh in-memory PGlite (or the PostgreSQL
 * server named by TEST_DATABASE_URL, one fresh database per app) and a temp DATA_DIR.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import { createContext, type AppContext } from '../../server/app-context.js';
import type { App } from '../../server/http/app-types.js';
import { prepareStart } from '../../server/start-up.js';
import { useMemoryTemplate } from '../../server/db/pglite-template.js';
import { freshTestDatabase } from './fresh-database.js';

export { freshTestDatabase };

export interface TestApp {
  app: App;
  ctx: AppContext;
  dataDir: string;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  { schemaCompilation }: Pick<BuildOptions, 'schemaCompilation'> = {},
): Promise<TestApp> {
  const database = process.env.TEST_DATABASE_URL ? await migratedTestDatabase() : undefined;
  const app = await startTestApp(overrides, database?.url, schemaCompilation);
  return {
    ...app,
    async close() {
      await app.close();
      await database?.drop();
    },
  };
}

/**
 * Replicas of one site: `count` apps, each with its own DATA_DIR, sharing one fresh database on
 * the PostgreSQL server of TEST_DATABASE_URL (callers skip without it).
 */
export async function createTestReplicas(
  count: number,
  overrides: Partial<Config> = {},
): Promise<{ replicas: TestApp[]; close(): Promise<void> }> {
  const database = await migratedTestDatabase();
  const replicas: TestApp[] = [];
  for (let index = 0; index < count; index += 1) {
    replicas.push(await startTestApp(overrides, database.url));
  }
  return {
    replicas,
    async close() {
      for (const replica of replicas) await replica.close();
      await database.drop();
    },
  };
}

/**
 * A fresh database on TEST_DATABASE_URL's server, copied from the run's migrated one
 * (global-setup.ts): migrating each took about 2 s, the copy 0.2–0.5 s.
 */
function migratedTestDatabase(): ReturnType<typeof freshTestDatabase> {
  return freshTestDatabase(inject('pgTemplateDatabase') || undefined);
}

let sharedTemplate: Promise<void> | undefined;

/** Starts this process's in-memory databases from the run's migrated dump (global-setup.ts). */
function loadSharedTemplate(): Promise<void> {
  sharedTemplate ??= (async () => {
    const file = inject('pgliteTemplateFile');
    if (file) useMemoryTemplate(new Blob([await readFile(file)]));
  })();
  return sharedTemplate;
}

/** One app over `databaseUrl`, or a fresh in-memory PGlite without one, and a temp DATA_DIR. */
async function startTestApp(
  overrides: Partial<Config>,
  databaseUrl: string | undefined,
  schemaCompilation?: BuildOptions['schemaCompilation'],
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-test-'));
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, ACCESS_TOKEN_SECRET: 'test-secret', SEED_DEMO: '0' }),
    authRateLimit: 1000,
    // Tests write rows directly and read them back at once; the cache has its own test.
    feedCacheMs: 0,
    suggestionsCacheMs: 0,
    // Counted views are written when a test flushes them (ctx.viewCounter.flush()) or on close.
    viewFlushMs: 3_600_000,
    ...overrides,
  };
  if (!databaseUrl) await loadSharedTemplate();
  // Built and prepared exactly as server/main.ts does it; only the database lives in memory.
  const { ctx, database } = await createContext(
    { ...config, databaseUrl },
    { pgliteDir: 'memory://' },
  );
  await prepareStart(ctx);
  const app = await buildApp({ ctx, schemaCompilation });
  await app.ready();
  return {
    app,
    ctx,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Resolves once every event published before the call has reached `t`'s listeners. On
 * PostgreSQL a NOTIFY arrives some time after its commit, so a test that watches a cache must not
 * start while an earlier test's `feed.changed` is still on its way; notifications reach a listener
 * in commit order, so hearing a probe sent now means everything before it was heard.
 */
export async function eventsDelivered(t: TestApp): Promise<void> {
  const topic = `test.probe.${randomBytes(4).toString('hex')}`;
  let stop = () => {};
  const heard = new Promise<void>(
    (resolve) => (stop = t.ctx.events.subscribe(topic, () => resolve())),
  );
  await t.ctx.events.publish({ topic });
  await heard;
  stop();
}
