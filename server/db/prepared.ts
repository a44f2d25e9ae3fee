/**
 * Prepared statements for the hottest reads (feed pages, the current user). drizzle builds their
 * SQL once instead of on every request, and on PostgreSQL each is a named statement that the
 * server parses once per connection. A prepared statement belongs to the database handle it was
 * built on, so each set is built once per handle (tests open many).
 */
import type { Db } from './client.js';

export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statements = built.get(db);
    if (!statements) {
      statements = build(db);
      built.set(db, statements);
    }
    return statements;
  };
}
