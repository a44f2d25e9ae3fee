/**
 * The most used tags of published videos, for visitors and new accounts whose feed has no tags of
 * its own (issue 22: a lone 'All' chip tells a newcomer nothing). Read from the trigger-kept
 * per-tag counts (video_counts, scope 'tag'), so it costs one small index scan, not a pass over
 * the catalogue.
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { videoCounts } from '../db/schema.js';

export async function popularTags(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ tag: videoCounts.key })
    .from(videoCounts)
    .where(and(eq(videoCounts.scope, 'tag'), gt(videoCounts.n, 0)))
    .orderBy(desc(videoCounts.n), videoCounts.key)
    .limit(limit);
  return rows.map((r) => r.tag);
}
