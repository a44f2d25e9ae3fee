/**
 * @fastify/rate-limit's store in PostgreSQL, so a limit holds across replicas: ten login attempts
 * a minute are ten, not ten per replica behind the balancer. One row per limited route and client
 * (table `rate_limit_counters`), counted by one upsert that also restarts an ended window, so
 * replicas racing on the same key serialize on its row and never lose a hit. The window starts at
 * a key's first hit, as in the plugin's in-memory store, and the time is the database's, so
 * replicas whose clocks disagree still agree on the windows. Rows of ended windows are removed by
 * the maintenance pass (`expireRateLimitWindows`). The embedded single-process default keeps the
 * plugin's in-memory store (app.ts).
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

interface CounterRow {
  hits: number;
  ttl: number;
}

/** The one row of a counter query (drivers differ in their result types; both carry `rows`). */
async function counter(db: Db, query: SQL): Promise<{ current: number; ttl: number }> {
  const [row] = ((await db.execute(query)) as { rows: CounterRow[] }).rows;
  return { current: row?.hits ?? 0, ttl: row?.ttl ?? 0 };
}

/**
 * Counts one hit of `key` in its window (restarting an ended one) and answers the hits so far and
 * the window's time left. Also used outside the plugin, for limits a service decides on
 * (accounts/account-details.ts), in the caller's transaction when it passes one.
 */
export function countHit(
  db: Db,
  key: string,
  timeWindowMs: number,
): Promise<{ current: number; ttl: number }> {
  const window = sql`make_interval(secs => ${timeWindowMs / 1000})`;
  return counter(
    db,
    sql`insert into rate_limit_counters as c (key, hits, window_ends_at)
          values (${key}, 1, now() + ${window})
          on conflict (key) do update set
            hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end,
            window_ends_at = case when c.window_ends_at <= now()
              then now() + ${window} else c.window_ends_at end
          returning hits, ceil(extract(epoch from window_ends_at - now()) * 1000)::int as ttl`,
  );
}

class PostgresRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly db: Db,
    private readonly prefix = '',
  ) {}

  incr(key: string, callback: Callback, timeWindowMs: number): void {
    countHit(this.db, this.prefix + key, timeWindowMs).then(
      (result) => callback(null, result),
      (error: Error) => callback(error),
    );
  }

  read(key: string, callback: Callback): void {
    counter(
      this.db,
      sql`select hits, ceil(extract(epoch from window_ends_at - now()) * 1000)::int as ttl
            from rate_limit_counters where key = ${this.prefix + key} and window_ends_at > now()`,
    ).then(
      (result) => callback(null, result),
      (error: Error) => callback(error),
    );
  }

  /** Each limited route counts apart, as the plugin's own stores do. */
  child(options: ChildOptions): FastifyRateLimitStore {
    // The plugin passes the route's merged limit options, the route itself under `routeInfo`.
    const { routeInfo } = options as ChildOptions & {
      routeInfo?: { method?: string | string[]; url?: string };
    };
    return new PostgresRateLimitStore(
      this.db,
      `${this.prefix}${[routeInfo?.method ?? ''].join()}${routeInfo?.url ?? ''}-`,
    );
  }
}

/** The class the plugin's `store` option takes (it calls `new Store(options)`), bound to `db`. */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  return class extends PostgresRateLimitStore {
    constructor() {
      super(db);
    }
  };
}

/** Removes the counters of ended windows (an upsert restarts them anyway: this only frees rows). */
export async function expireRateLimitWindows(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters where window_ends_at <= now()`);
}
