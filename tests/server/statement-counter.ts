/**
 * Counts the SQL statements the app sends, by spying on the database client that drizzle wraps
 * (PGlite's or node-postgres's `query`, which every drizzle statement outside a transaction goes
 * through). Test-only: nothing in the server knows about it.
 */
import { vi } from 'vitest';
import type { TestApp } from './helpers.js';

interface QueryClient {
  query: (...args: unknown[]) => Promise<unknown>;
}

export function countStatements(t: TestApp) {
  const client = (t.ctx.db as unknown as { $client: QueryClient }).$client;
  const spy = vi.spyOn(client, 'query');
  return {
    /** Statements sent while `run` ran. */
    async during(run: () => Promise<unknown>): Promise<number> {
      spy.mockClear();
      await run();
      return spy.mock.calls.length;
    },
    restore: () => spy.mockRestore(),
  };
}
