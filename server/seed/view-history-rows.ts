/**
 * Writes placed views into the dashboard's history tables through the same database function the
 * view-counting trigger uses (migration 0003), so seeded and real views are kept alike.
 */
import { sql } from 'drizzle-orm';
import { arrayLiteral } from '../db/array-literal.js';
import type { Db, Tx } from '../db/client.js';
import type { ViewBatch } from './demo-view-history.js';

/** Entries per call: three array parameters of this length stay small. */
const CALL_BATCH = 5_000;

export async function addViewHistory(db: Db | Tx, batches: ViewBatch[]): Promise<void> {
  for (let i = 0; i < batches.length; i += CALL_BATCH) {
    const part = batches.slice(i, i + CALL_BATCH);
    await db.execute(sql`select dashboard_add_views(
      ${arrayLiteral(part.map((b) => b.videoId))}::text[],
      ${arrayLiteral(part.map((b) => b.at.toISOString()))}::timestamptz[],
      ${arrayLiteral(part.map((b) => String(b.count)))}::int[])`);
  }
}
