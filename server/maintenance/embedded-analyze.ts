/**
 * ANALYZE of the embedded database's tables that grew, as PostgreSQL's autovacuum would do it
 * (PGlite has no autovacuum; embedded-vacuum.ts's hourly pass is the rest of its work).
 *
 * Why between the hourly passes: the server's statements are prepared (db/fixed-text.ts), and a
 * prepared statement settles on one generic plan after five runs, from the statistics of that
 * moment. A table that was nearly empty then (the watch history, the sessions, the likes of a new
 * site, or of a copy of one) is read with a sequential scan, and that plan stays while the table
 * grows by thousands of rows: issue 35 found the watch's statement twice as slow (0.37 → 0.66 ms)
 * within a ten-second load. ANALYZE changes the statistics, which drops the plans that read the
 * table, and the next runs plan afresh.
 *
 * Which tables: those whose live rows outgrew what their statistics say by more than
 * GROWTH_ROWS + GROWTH_SHARE of it (PostgreSQL's analyze threshold is 50 rows + 10 % of changes;
 * here only growth counts, so that the view counter's constant updates of `videos` never make
 * the database stop for an ANALYZE of the largest table). The check is one read of the
 * statistics views every CHECK_MS.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';

export const CHECK_MS = 10_000;
export const GROWTH_ROWS = 50;
export const GROWTH_SHARE = 0.2;

/** ANALYZEs each table that grew past its statistics; returns their names. */
export async function analyzeGrownTables(db: Db, log: FastifyBaseLogger): Promise<string[]> {
  const grown = await db.execute(sql`
    select quote_ident(s.schemaname) || '.' || quote_ident(s.relname) as name
    from pg_stat_user_tables s
    join pg_class c on c.oid = s.relid
    where s.n_live_tup > ${GROWTH_ROWS}::float8 + ${1 + GROWTH_SHARE}::float8 * greatest(c.reltuples, 0)`);
  const names = (grown as { rows: { name: string }[] }).rows.map((row) => row.name);
  for (const name of names) {
    const startedAt = performance.now();
    await db.execute(sql.raw(`analyze ${name}`));
    log.info({ table: name, ms: Math.round(performance.now() - startedAt) }, 'database: analyzed');
  }
  return names;
}

/** Checks every CHECK_MS until `stop()`; a failed check is logged and the next one runs. */
export function startEmbeddedAnalyze(db: Db, log: FastifyBaseLogger): { stop(): void } {
  const timer = setInterval(() => {
    analyzeGrownTables(db, log).catch((error: unknown) =>
      log.error({ err: error }, 'database: analyze of grown tables failed'),
    );
  }, CHECK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
