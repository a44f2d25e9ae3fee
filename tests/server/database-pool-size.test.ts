/**
 * DATABASE_POOL_SIZE: how many connections each of a process's PostgreSQL pools opens. Requests
 * beyond it wait in the process for a connection instead of running side by side in the server.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { openDatabase } from '../../server/db/client.js';

const url = process.env.TEST_DATABASE_URL;

describe('the PostgreSQL pool size', () => {
  it('is 5 unless DATABASE_POOL_SIZE says otherwise', () => {
    const configWith = (value?: string) =>
      loadConfig({ ACCESS_TOKEN_SECRET: 'test-secret', DATABASE_POOL_SIZE: value });
    expect(configWith().databasePoolSize).toBe(5);
    expect(configWith('12').databasePoolSize).toBe(12);
  });

  it.skipIf(!url)('runs at most that many statements at once, the others after', async () => {
    const database = await openDatabase({ databaseUrl: url, pgliteDir: '', poolSize: 2 });
    try {
      const backends = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const { rows } = await database.executeSql(
            'select pg_backend_pid() as pid, pg_sleep(0.2)',
          );
          return (rows[0] as { pid: number }).pid;
        }),
      );
      // Six statements that each hold a connection for 0.2 s, on two backends.
      expect(new Set(backends).size).toBe(2);
    } finally {
      await database.close();
    }
  });
});
