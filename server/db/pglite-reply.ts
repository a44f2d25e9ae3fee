/**
 * Turns a named statement's raw reply (pglite-named-statements.ts) into a query result, on the
 * HTTP thread, with PGlite's own parts: pg-protocol's message parser (`protocol.Parser`, the code
 * `pg` uses too), PGlite's result builder (`parse.parseResults`) and its type parsers (`types`).
 * So a named statement's rows are exactly what PGlite's query() would build. The worker hands
 * over bytes instead of rows because parsing the messages and building the rows took twice the
 * CPU of Postgres itself in the worker, the thread that limits throughput, while the HTTP thread
 * had time to spare.
 */
import { messages, parse, protocol, types } from '@electric-sql/pglite';
import type { ArrayTypes, QueryResult, RowMode } from './pglite-protocol.js';

type Parser = (value: string, typeId?: number) => unknown;
export type Parsers = Record<number, Parser>;

/** An element type PGlite has no parser for (uuid, enums…) stays text, as in its query(). */
const keepText: Parser = (value) => value;

/**
 * PGlite's parsers for every array type of the database (`arrayTypes`, read from pg_type by the
 * worker, as PGlite's query() reads them), then `overrides`: what the worker's own query() uses.
 * Scalar types need no entry: PGlite's result builder falls back to its own table.
 */
export function replyParsers(arrayTypes: ArrayTypes, overrides: Parsers = {}): Parsers {
  const parsers: Parsers = {};
  for (const [arrayType, elementType] of arrayTypes) {
    const parseElement = types.parsers[elementType] ?? keepText;
    parsers[arrayType] = (value) => types.arrayParser(value, parseElement, arrayType);
  }
  return Object.assign(parsers, overrides);
}

/**
 * The result of the one statement in `bytes`, or the error Postgres sent for it, thrown as
 * PGlite's query() throws it (pg-protocol's DatabaseError, with code, constraint, detail…).
 */
export function resultOfReply(bytes: Uint8Array, rowMode: RowMode, parsers: Parsers): QueryResult {
  const replies: messages.BackendMessage[] = [];
  new protocol.Parser().parse(bytes, (message) => replies.push(message));
  const error = replies.find((reply) => reply instanceof messages.DatabaseError);
  if (error) throw error;
  // One statement, so one result; its parsers are passed whole, as PGlite's query() merges them.
  const [result] = parse.parseResults(replies, parsers, { rowMode });
  const { rows, fields, affectedRows } = result!;
  return { rows, fields, affectedRows };
}
