/**
 * Prepared statements for the hottest reads (feed pages, the current user, the watch, the
 * session check). drizzle builds their SQL once instead of on every request, and each is a named
 * statement that the database parses once: on PostgreSQL through node-postgres (drizzle passes
 * the name), on the embedded database because the worker client is told their texts
 * (drizzle-orm/pglite drops the name). A prepared statement belongs to the database handle it was
 * built on, so each database's `PreparedStatements` (opened with it, handed down in the app's
 * context) builds each set once, on first use.
 */
import type { Db } from './types.js';

/** What drizzle's `.prepare(name)` returns, as far as naming it goes. */
interface Prepared {
  getQuery(): { sql: string };
}

/** A module's prepared statements, built from a database handle. */
export type StatementSet<T extends Record<string, Prepared>> = (db: Db) => T;

/** Declares a module's set, which each database's PreparedStatements builds once. */
export function statementSet<T extends Record<string, Prepared>>(
  build: (db: Db) => T,
): StatementSet<T> {
  return build;
}

export class PreparedStatements {
  readonly #db: Db;
  readonly #nameStatement: (sql: string) => void;
  readonly #built = new Map<StatementSet<Record<string, Prepared>>, Record<string, Prepared>>();

  /** `nameStatement` tells a driver that drops drizzle's names which texts to keep prepared. */
  constructor(db: Db, nameStatement: (sql: string) => void = () => {}) {
    this.#db = db;
    this.#nameStatement = nameStatement;
  }

  /** `set`'s statements on this database, built on the first call. */
  of<T extends Record<string, Prepared>>(set: StatementSet<T>): T {
    let statements = this.#built.get(set) as T | undefined;
    if (!statements) {
      statements = set(this.#db);
      this.#built.set(set, statements);
      for (const statement of Object.values(statements)) {
        this.#nameStatement(statement.getQuery().sql);
      }
    }
    return statements;
  }
}
