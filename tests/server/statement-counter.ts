/**
 * Counts the SQL statements the app sends, by spying on the database client that drizzle wraps
 * (PGlite's or node-postgres's `query`, which every drizzle statement outside a transaction goes
 * through). Test-only: nothing in the server knows about it.
 */
import { vi } from 'vitest';
import type { TestApp } from './helpers.js';

interface QueryClient {
  query: (...args: unknown[]) => Promise<unknown>;
  /** The embedded database's (PGlite worker client's); node-postgres has none here. */
  transaction?: (...args: unknown[]) => Promise<unknown>;
}

export function countStatements(t: TestApp) {
  const client = (t.ctx.db as unknown as { $client: QueryClient }).$client;
  const spy = vi.spyOn(client, 'query');
  const transactions = client.transaction ? vi.spyOn(client, 'transaction') : undefined;
  return {
    /** Statements sent while `run` ran. */
    async during(run: () => Promise<unknown>): Promise<number> {
      spy.mockClear();
      await run();
      return spy.mock.calls.length;
    },
    /**
     * Statements outside transactions and transactions opened while `run` ran (embedded only:
     * a transaction holds its one connection for all its round trips).
     */
    async roundTrips(run: () => Promise<unknown>) {
      if (!transactions) throw new Error('transactions are counted on the embedded database only');
      spy.mockClear();
      transactions.mockClear();
      await run();
      return { statements: spy.mock.calls.length, transactions: transactions.mock.calls.length };
    },
    restore: () => {
      spy.mockRestore();
      transactions?.mockRestore();
    },
  };
}
