/**
 * A toggle whose row and counter change in one transaction (likes, subscriptions). The row goes if
 * it exists, else it is inserted; the counter moves by exactly the rows that changed, so it always
 * equals the number of rows. Under concurrent toggles a transaction can find the row neither
 * deletable nor insertable (another one just inserted it): it then simply tries again.
 */
import type { Db, Tx } from '../db/client.js';

export interface ToggleSteps {
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
      if (await steps.remove(tx)) return { on: false, count: await steps.bump(tx, -1) };
      if (await steps.insert(tx)) return { on: true, count: await steps.bump(tx, 1) };
      return null;
    });
    if (result) return result;
  }
  throw new Error('toggle did not settle under contention');
}
