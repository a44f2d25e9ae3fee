/**
 * Replicas and workers started at the same moment against an empty PostgreSQL database: the
 * migrations and the job queue's schema are installed once, and every process comes up. Needs a
 * real server (TEST_DATABASE_URL); the embedded database has one process by construction.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { createContext } from '../../server/app-context.js';
import { prepareStart } from '../../server/start-up.js';
import { freshTestDatabase } from './helpers.js';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'start-up against an empty PostgreSQL database',
  () => {
    it('four processes starting at once migrate once and all come up', async () => {
      const { url, drop } = await freshTestDatabase();
      const dataDirs = await Promise.all(
        [0, 1, 2, 3].map(() => mkdtemp(path.join(os.tmpdir(), 'vidtube-startup-'))),
      );
      try {
        const started = await Promise.allSettled(
          dataDirs.map(async (dataDir) => {
            const config = loadConfig({
              DATA_DIR: dataDir,
              DATABASE_URL: url,
              ACCESS_TOKEN_SECRET: 'test-secret',
            });
            const { ctx, database } = await createContext(config);
            await prepareStart(ctx);
            return database;
          }),
        );
        const failures = started.flatMap((result) =>
          result.status === 'rejected' ? [String((result.reason as Error).stack)] : [],
        );
        for (const result of started) if (result.status === 'fulfilled') await result.value.close();
        expect(failures).toEqual([]);

        const migrations = (await readdir(path.join(import.meta.dirname, '../../drizzle'))).filter(
          (file) => file.endsWith('.sql'),
        );
        const check = new pg.Client({ connectionString: url });
        await check.connect();
        try {
          const applied = await check.query<{ n: number }>(
            'select count(*)::int as n from drizzle.__drizzle_migrations',
          );
          expect(applied.rows[0]?.n).toBe(migrations.length);
          const version = await check.query<{ n: number }>(
            'select count(*)::int as n from pgboss.version',
          );
          expect(version.rows[0]?.n).toBe(1);
        } finally {
          await check.end();
        }
      } finally {
        await drop();
        await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
      }
    });
  },
);
