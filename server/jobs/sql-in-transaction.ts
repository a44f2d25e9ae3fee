/**
 * Lets pg-boss write a job through a drizzle transaction, so that a job is enqueued in the same
 * transaction as the row that needs it: committed together or not at all. pg-boss hands over SQL
 * with $1…$n placeholders; drizzle wants its own parameter chunks, so the text is split at them.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';

export function placeholdersToSql(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) chunks.push(sql.raw(part));
    else {
      // drizzle drops an undefined chunk entirely (SQL wants NULL there) and spreads an array
      // into a list of parameters (pg-boss's `id = ANY($2::uuid[])` wants it as one).
      const value = values[Number(part) - 1] ?? null;
      chunks.push(Array.isArray(value) ? sql`${sql.param(value)}` : sql`${value}`);
    }
  });
  return sql.join(chunks);
}

/** pg-boss's `db` option for one call, running inside `tx`. */
export function executorFor(tx: Db | Tx) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const result = (await tx.execute(placeholdersToSql(text, values))) as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}
