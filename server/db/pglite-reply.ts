/**
 * Turns a named statement's raw reply (pglite-named-statements.ts) into a query result, on the
 * HTTP thread, with library parts only: node-postgres's wire-protocol parser (`pg-protocol`, the
 * code `pg` reads PostgreSQL's replies with), then PGlite's own result builder
 * (`parse.parseResults`) and type parsers (`types`), so a named statement's rows are exactly what
 * PGlite's query() would build. The worker hands over bytes instead of rows because parsing the
 * messages and building the rows took twice the CPU of Postgres itself in the worker, the thread
 * that limits throughput, while the HTTP thread had time to spare.
 *
 * Why node-postgres's parser and not PGlite's (`protocol.Parser`, a fork of it): PGlite's copies
 * every field into an ArrayBuffer of its own before decoding it, which made a 12-video feed page
 * take 250–290 µs instead of 20 µs (37 µs with the rows built) on the HTTP thread. Its Parser
 * class is not in the package's documented API, only in its exports map (`pg-protocol/dist/*`),
 * so this file is the one place that imports it and package.json pins the exact version;
 * db-column-types.test.ts and db-named-statements.test.ts fail if an upgrade changes what it reads.
 */
import { parse, types } from '@electric-sql/pglite';
import { DatabaseError } from 'pg-protocol';
import type { BackendMessage } from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';
import type { ArrayTypes, QueryResult, RowMode } from './pglite-protocol.js';

type TypeParser = (value: string, typeId?: number) => unknown;
export type Parsers = Record<number, TypeParser>;

/** An element type PGlite has no parser for (uuid, enums…) stays text, as in its query(). */
const keepText: TypeParser = (value) => value;

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
 * pg-protocol's DatabaseError (code, constraint, detail… as PGlite's query() throws them).
 */
export function resultOfReply(bytes: Uint8Array, rowMode: RowMode, parsers: Parsers): QueryResult {
  const replies: BackendMessage[] = [];
  new Parser().parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), (message) =>
    replies.push(message),
  );
  const error = replies.find((reply) => reply instanceof DatabaseError);
  if (error) throw error;
  // PGlite's messages are a fork of these, field for field; the parsers are passed whole, so
  // they are not merged again for every reply.
  const [result] = parse.parseResults(replies, parsers, { rowMode });
  const { rows, fields, affectedRows } = result!;
  return { rows, fields, affectedRows };
}
