/**
 * Prepared statements for the hottest reads (feed pages, the current user). drizzle builds their
 * SQL once instead of on every request, and each is a named statement that the database parses
 * once: on PostgreSQL through node-postgres (drizzle passes the name), on the embedded database
 * because the worker client is told their texts (drizzle-orm/pglite drops the name). A prepared
 * statement belongs to the database handle it was built on, so each set is built once per handle
 * (tests open many).
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

interface StatementNaming {
  nameStatement(sql: string): void;
}

function namesStatements(client: unknown): client is StatementNaming {
  return typeof (client as Partial<StatementNaming> | undefined)?.nameStatement === 'function';
}

export function preparedPerDb<T extends Record<string, { getQuery(): { sql: string } }>>(
  build: (db: Db) => T,
): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statements = built.get(db);
    if (!statements) {
      statements = build(db);
      built.set(db, statements);
      const client = (db as { $client?: unknown }).$client;
      if (namesStatements(client)) {
        for (const statement of Object.values(statements))
          client.nameStatement(statement.getQuery().sql);
      }
    }
    return statements;
  };
}

const dialect = new PgDialect();

/**
 * A statement drizzle's query builder cannot express (window functions over a fenced subquery),
 * written as raw SQL with sql.placeholder()s and prepared under `name`. It answers what
 * db.execute() would: `{ rows }`. Build it inside preparedPerDb so each handle names it once.
 */
export function prepareSql(db: Db, name: string, query: SQL) {
  return db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
}
