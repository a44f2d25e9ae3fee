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

/**
 * Makes each user's session check cheap before statements are counted: the embedded database
 * answers a session's check from memory after its first request (server/auth/session-cache.ts),
 * so without this the first measured call of a user counts one statement more than the next.
 */
export async function warmSessions(t: TestApp, users: { headers: { cookie: string } }[]) {
  for (const user of users) {
    const res = await t.app.inject({ url: '/api/v1/users/current-user', headers: user.headers });
    if (res.statusCode !== 200) throw new Error(`warming a session: ${res.statusCode}`);
  }
}
