/**
 * The messages between the HTTP thread (pglite-worker-client.ts) and the thread that owns PGlite
 * (pglite-worker.ts). Every request carries an id; the worker answers each id exactly once.
 * A transaction is opened by `begin`, addressed by its txId, and ended by `commit` or `rollback`:
 * the worker holds PGlite's transaction lock in between, so no other request's statement can
 * run inside it.
 */

export type RowMode = 'array' | 'object';

export type WorkerRequest =
  | {
      id: number;
      kind: 'query';
      sql: string;
      params: unknown[];
      rowMode: RowMode;
      /**
       * Types whose values stay text: those drizzle passes parsers for (dates, timestamps,
       * intervals, numeric arrays), which keep the text for its column mappers. Without it,
       * PGlite's own parsers (Date for timestamps), as libraries other than drizzle expect.
       */
      textTypes?: number[];
      /** Set when the statement belongs to an open transaction. */
      txId?: number;
      /** Run as a named prepared statement, parsed once (pglite-named-statements.ts). */
      named?: boolean;
      /** A named statement to run on its generic plan (fixed-text.ts, `genericPlan`). */
      genericPlan?: boolean;
    }
  /** Several statements without parameters (PGlite's exec); answers the last one's rows. */
  | { id: number; kind: 'exec'; sql: string }
  | { id: number; kind: 'begin' | 'commit' | 'rollback'; txId: number }
  | { id: number; kind: 'close' };

/** What PGlite's `query` returns, minus what cannot cross threads. */
export interface QueryResult {
  rows: unknown[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

/** A database error's own fields (code, constraint, detail…), so callers can branch on them. */
export interface SerializedError {
  name: string;
  message: string;
  fields: Record<string, string | number | undefined>;
}

export type WorkerReply =
  | { id: number; ok: true; result?: QueryResult }
  /** A named statement's reply as Postgres sent it, read by the caller (pglite-reply.ts). */
  | { id: number; ok: true; raw: Uint8Array }
  | { id: number; ok: false; error: SerializedError };

/**
 * Every array type of the database with its element type, as [array, element] oids, read once
 * migrated: what PGlite's query() parses arrays with, so named replies are parsed alike.
 */
export type ArrayTypes = [number, number][];

/** The worker's first message: ready to serve, or why it could not open the database. */
export type WorkerStatus =
  | { ready: true; arrayTypes: ArrayTypes; template?: Blob }
  | { ready: false; error: SerializedError };

export interface WorkerInput {
  dataDir: string;
  migrationsFolder: string;
  /** Postgres's shared_buffers, in MB (client.ts DEFAULT_PGLITE_SHARED_BUFFERS_MB says why 8). */
  sharedBuffersMb: number;
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  /** A dump of a migrated empty database to start from (in-memory databases skip initdb). */
  template?: Blob | undefined;
  /** Reply with such a dump once migrated, for the next in-memory database. */
  makeTemplate?: boolean;
}

/** Fields of PostgreSQL's error report that services and logs read; never the query's params. */
const ERROR_FIELDS = [
  'code',
  'severity',
  'detail',
  'hint',
  'position',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;

export function toSerializedError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const source = error as unknown as Record<string, unknown>;
  const fields: SerializedError['fields'] = {};
  for (const key of ERROR_FIELDS) {
    const value = source[key];
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

/**
 * Rebuilds the error on the calling thread, with the caller's stack (the worker's would point
 * into PGlite) and the same fields PGlite's DatabaseError has, so `error.code === '23505'`
 * checks behave exactly as with PGlite in-process.
 */
export function fromSerializedError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  error.name = serialized.name;
  return Object.assign(error, serialized.fields);
}
