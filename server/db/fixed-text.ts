/**
 * Statements the code writes once but builds on every call (raw `sql` with its values bound as
 * parameters, or a query builder), marked at the call site: their text is the same on every call,
 * so the embedded database runs them as named prepared statements, as it runs prepared.ts's sets
 * (parsed once, then bound and executed; pglite-worker-client.ts), without the call site having
 * to be rewritten with placeholders. Issue 35: under the mixed load the database thread was the
 * limit, and statements it parsed and planned on every call took 0.4–1.6 ms where their prepared
 * twins took 0.25–0.3 (a new comment's seven statements 4.9 ms).
 *
 * Only for statements whose shape the code fixes: a marked call site's text is read once, on its
 * first call, and only that text is named, so a call site whose text varies (a list's length, an
 * optional condition) runs its other texts unnamed, as before. PostgreSQL is unaffected
 * (node-postgres names only the prepared sets).
 */
import { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/** The same text drizzle's own dialect makes of a query (no casing option is used). */
const dialect = new PgDialect();
const marked = new Set<string>();
const texts = new Set<string>();

/** A statement whose text the code fixes; `site` names the call site (unique). */
export function fixedText<T extends SQL | { toSQL(): { sql: string } }>(site: string, query: T): T {
  if (!marked.has(site)) {
    marked.add(site);
    texts.add(query instanceof SQL ? dialect.sqlToQuery(query).sql : query.toSQL().sql);
  }
  return query;
}

/** Whether `text` is the text of a marked statement. */
export function isFixedText(text: string): boolean {
  return texts.has(text);
}
