/**
 * Order terms that match the schema's `DESC NULLS LAST` indexes. PostgreSQL's plain `DESC` means
 * `DESC NULLS FIRST`, which an index built `DESC NULLS LAST` cannot serve (the planner then sorts
 * the whole table), even on NOT NULL columns.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

export const descNullsLast = (column: AnyColumn): SQL => sql`${column} desc nulls last`;
/** The same index read backwards. */
export const ascNullsFirst = (column: AnyColumn): SQL => sql`${column} asc nulls first`;
