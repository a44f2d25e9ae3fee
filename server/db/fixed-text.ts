/**
 * Statements the code writes once but builds on every call (raw `sql` with its values bound as
 * parameters, or a query builder), marked at the call site: their text is the same on every call,
 * so they run as named prepared statements, as prepared.ts's sets do (parsed once, then bound and
 * executed), without the call site having to be rewritten with placeholders. Issue 35: under the
 * mixed load the embedded database's thread was the limit, and statements it parsed and planned on
 * every call took 0.4–1.6 ms where their prepared twins took 0.25–0.3 (a new comment's seven
 * statements 4.9 ms). Issue 31: a search read from the postings is one large statement whose
 * planning cost more than its run ("capacitor" 1.1 ms planned, 0.25 run; three words 4.9 and 2.8);
 * named, it may be planned once for all words after five runs (a generic plan, which PostgreSQL
 * keeps when its estimate is as good as the custom plans'), and a site can ask for the generic
 * plan on every run (`genericPlan`).
 *
 * The embedded database's worker client names a marked text (pglite-worker-client.ts); on a
 * PostgreSQL server the pool names it (client.ts, namingPool). Statements inside a transaction run
 * on a checked-out connection and stay unnamed there.
 *
 * Only for statements whose shape the code fixes: `fixedText` reads a site's text once, on its
 * first call, and only that text is named, so a call site whose text varies (a list's length, an
 * optional condition) runs its other texts unnamed, as before. `shapedText` is for a site whose
 * text takes a few shapes (a search's number of words, which filters): each shape's first text is
 * named, up to `shapes` of them. A raw statement's known shape is also written only once: a later
 * call of the same text takes it with its own values (statement-template.ts).
 */
import { SQL } from 'drizzle-orm';
import { dialect, StatementTemplate } from './statement-template.js';

/** The shapes each site has seen (fixedText's site has one). */
const shapesPerSite = new Map<string, Set<string>>();
/** Each raw statement shape's template (statement-template.ts), by site and shape. */
const templates = new Map<string, StatementTemplate>();
/** Each named text's statement name. */
const names = new Map<string, string>();

const textOf = (query: SQL | { toSQL(): { sql: string } }) =>
  query instanceof SQL ? dialect.sqlToQuery(query).sql : query.toSQL().sql;

const templateKey = (site: string, shape: string) => `${site}\u0000${shape}`;

/** A statement whose text the code fixes; `site` names the call site (unique). */
export function fixedText<T extends SQL | { toSQL(): { sql: string } }>(site: string, query: T): T {
  return shapedText(site, '', query, 1);
}

/**
 * A statement whose text takes one of a few shapes, `shape` naming which (the caller knows what
 * varies: a list's length, which conditions are set). A shape's text is written on its first call
 * only, and the first `shapes` shapes of a site are named. A raw `sql` statement of a known shape
 * is returned bound to its shape's text (statement-template.ts: a three-word search took 0.33 ms
 * to build and write, 0.15 to build and bind). A call whose text differs from its shape's first
 * is returned as it is: drizzle writes it, and it runs unnamed.
 */
export function shapedText<T extends SQL | { toSQL(): { sql: string } }>(
  site: string,
  shape: string,
  query: T,
  shapes: number,
  { genericPlan = false }: { genericPlan?: boolean } = {},
): T {
  let seen = shapesPerSite.get(site);
  if (!seen) shapesPerSite.set(site, (seen = new Set()));
  const key = templateKey(site, shape);
  if (seen.size < shapes && !seen.has(shape)) {
    seen.add(shape);
    const template = query instanceof SQL ? StatementTemplate.of(query) : undefined;
    if (template) templates.set(key, template);
    const text = template?.text ?? textOf(query);
    if (!names.has(text)) {
      const name = `fixed_text_${names.size + 1}`;
      names.set(text, name);
      if (genericPlan) genericPlanNames.add(name);
    }
  }
  if (query instanceof SQL) {
    const bound = templates.get(key)?.bind(query);
    if (bound) return bound as T;
  }
  return query;
}

/**
 * Statement names whose site asked for one plan for every value (`genericPlan`): PostgreSQL
 * otherwise plans a named statement for its values on each run while it estimates that this
 * beats its generic plan, and a search's large statement cost more to plan than to run. The
 * PostgreSQL pool sends these on connections that always use the generic plan (client.ts).
 */
const genericPlanNames = new Set<string>();

/** Whether the statement named `name` is to run on its generic plan. */
export function runsGenericPlan(name: string): boolean {
  return genericPlanNames.has(name);
}

/** Whether `text` is the text of a statement whose site asked for its generic plan. */
export function runsOnGenericPlan(text: string): boolean {
  const name = names.get(text);
  return name !== undefined && runsGenericPlan(name);
}

/** Whether `text` is the text of a marked statement. */
export function isFixedText(text: string): boolean {
  return names.has(text);
}

/** The statement name of a marked text, or undefined. */
export function fixedTextName(text: string): string | undefined {
  return names.get(text);
}
