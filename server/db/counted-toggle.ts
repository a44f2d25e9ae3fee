/**
 * A toggle whose row and counter change in one transaction (likes, subscriptions). The row goes if
 * it exists, else it is inserted; the counter moves by exactly the rows that changed, so it always
 * equals the number of rows. Toggles of the same (user, target) pair are serialized by a
 * transaction-scoped advisory lock on `lockKey`: under READ COMMITTED a concurrent twin could
 * otherwise find the row neither deletable (not yet committed) nor insertable (conflict), over and
 * over. Different pairs wait for each other only while one holds the target's row (`lockTarget`,
 * the lock the counter update takes anyway, taken first).
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.js';

export interface ToggleSteps {
  /** Identifies the (user, target) pair, e.g. `like:video:<id>:<user>`. */
  lockKey: string;
  /**
   * Locks the target's row (the one `bump` updates) before any pair row is touched, and throws
   * when it is gone. A delete of the target locks it before it removes the pair rows, so both
   * take their locks in the same order and never deadlock.
   */
  lockTarget?(tx: Tx): Promise<void>;
  /** Deletes the row; true when one was deleted. */
  remove(tx: Tx): Promise<boolean>;
  /** Inserts the row unless it exists; true when one was inserted. */
  insert(tx: Tx): Promise<boolean>;
  /** Moves the counter by `delta` and returns its new value. */
  bump(tx: Tx, delta: 1 | -1): Promise<number>;
}

const MAX_ATTEMPTS = 5;

export async function countedToggle(
  db: Db,
  steps: ToggleSteps,
): Promise<{ on: boolean; count: number }> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const result = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${steps.lockKey}, 0))`);
      await steps.lockTarget?.(tx);
      if (await steps.remove(tx)) return { on: false, count: await steps.bump(tx, -1) };
      if (await steps.insert(tx)) return { on: true, count: await steps.bump(tx, 1) };
      return null;
    });
    if (result) return result;
  }
  throw new Error('toggle did not settle under contention');
}
