/**
 * The first start of an embedded database happens in a child process (server/first-start.ts): the
 * server then finds a created, migrated and (with SEED_DEMO) seeded database and creates nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { openDatabase } from '../../server/db/client.js';
import { embeddedDatabaseMissing, runFirstStart } from '../../server/first-start.js';

describe('the first start of an embedded database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-first-start-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const env = () => ({ ...process.env, DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn' });
  const pgliteDir = () => path.join(dataDir, 'pglite');

  it('is needed on a new DATA_DIR, not with DATABASE_URL', () => {
    expect(embeddedDatabaseMissing(loadConfig(env()), pgliteDir())).toBe(true);
    const postgres = loadConfig({ ...env(), DATABASE_URL: 'postgres://localhost/none' });
    expect(embeddedDatabaseMissing(postgres, pgliteDir())).toBe(false);
  });

  // A child process creates and migrates a whole database: give it a loaded machine's time.
  it(
    'leaves a migrated database that the server opens without creating one',
    { timeout: 120_000 },
    async () => {
      await runFirstStart(env());
      expect(embeddedDatabaseMissing(loadConfig(env()), pgliteDir())).toBe(false);
      const database = await openDatabase({ pgliteDir: pgliteDir() });
      try {
        const { rows } = await database.executeSql('SELECT count(*)::int AS n FROM users');
        expect(rows).toEqual([{ n: 0 }]);
        // The job queue's schema too: the child opened everything the server opens.
        const queues = await database.executeSql(`SELECT name FROM pgboss.queue`);
        expect(queues.rows).toEqual(
          expect.arrayContaining([{ name: 'transcode' }, { name: 'convert-images' }]),
        );
      } finally {
        await database.close();
      }
    },
  );

  it('rejects when the child fails, so the server does not start', async () => {
    await expect(runFirstStart({ ...env(), PORT: 'not a port' })).rejects.toThrow(
      'creating the database failed (exit code 1)',
    );
  });
});
