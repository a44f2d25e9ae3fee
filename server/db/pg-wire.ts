/**
 * Decodes PostgreSQL's backend messages (the wire protocol, version 3) into a query result, on
 * the HTTP thread. The embedded database's worker hands over the raw reply of a named statement
 * (pglite-named-statements.ts) instead of rows: PGlite's own message parser and row building
 * took twice the CPU of Postgres itself in that thread, which is the one that limits throughput,
 * while the HTTP thread had time to spare. Values are parsed exactly as PGlite's query() would,
 * with its type parsers and the same per-query overrides.
 */
import { types } from '@electric-sql/pglite';
import type { QueryResult, RowMode, SerializedError } from './pglite-protocol.js';

type Parser = (value: string, typeId?: number) => unknown;
export type Parsers = Record<number | string, Parser>;

/**
 * The parsers drizzle-orm/pglite passes with every statement: dates, timestamps and intervals
 * stay text, and drizzle's column mappers turn them into values.
 */
const keepText = (value: string) => value;
export const DRIZZLE_PARSERS: Parsers = {
  [types.TIMESTAMP]: keepText,
  [types.TIMESTAMPTZ]: keepText,
  [types.INTERVAL]: keepText,
  [types.DATE]: keepText,
  1231: keepText, // numeric[]
  1115: keepText, // timestamp[]
  1185: keepText, // timestamptz[]
  1187: keepText, // interval[]
  1182: keepText, // date[]
};

/**
 * Arrays of the element types above, keyed by the array type's id. PGlite's query() reads these
 * ids from pg_type when it opens; this schema uses a handful of them, which never change.
 */
const ARRAY_ELEMENTS: Record<number, number> = {
  1000: types.BOOL,
  1005: types.INT2,
  1007: types.INT4,
  1016: types.INT8,
  1021: types.FLOAT4,
  1022: types.FLOAT8,
  1009: types.TEXT,
  1015: types.VARCHAR,
};

const parsersWith = new WeakMap<Parsers, Parsers>();

/** PGlite's type parsers, its array parsers, then `overrides`: built once per overrides. */
function parsersFor(overrides: Parsers): Parsers {
  let parsers = parsersWith.get(overrides);
  if (!parsers) {
    const base: Parsers = { ...types.parsers };
    for (const [arrayType, element] of Object.entries(ARRAY_ELEMENTS)) {
      const parseElement = types.parsers[element] ?? ((value: string) => value);
      base[arrayType] = (value) => types.arrayParser(value, parseElement, Number(arrayType));
    }
    parsers = { ...base, ...overrides };
    parsersWith.set(overrides, parsers);
  }
  return parsers;
}

/** Error and notice field codes → the names PGlite's DatabaseError (and pg's) gives them. */
const ERROR_FIELD_NAMES: Record<string, string> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  R: 'routine',
};

const AFFECTING_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

const utf8 = new TextDecoder();

class Reader {
  #offset: number;
  readonly #view: DataView;
  readonly #bytes: Uint8Array;

  constructor(bytes: Uint8Array, offset: number) {
    this.#bytes = bytes;
    this.#view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.#offset = offset;
  }

  int16(): number {
    const value = this.#view.getInt16(this.#offset);
    this.#offset += 2;
    return value;
  }

  int32(): number {
    const value = this.#view.getInt32(this.#offset);
    this.#offset += 4;
    return value;
  }

  byte(): number {
    return this.#bytes[this.#offset++]!;
  }

  text(length: number): string {
    const value = utf8.decode(this.#bytes.subarray(this.#offset, this.#offset + length));
    this.#offset += length;
    return value;
  }

  cstring(): string {
    const end = this.#bytes.indexOf(0, this.#offset);
    const value = this.text(end - this.#offset);
    this.#offset = end + 1;
    return value;
  }
}

function readError(reader: Reader): SerializedError {
  const fields: SerializedError['fields'] = {};
  let message = '';
  for (let code = reader.byte(); code !== 0; code = reader.byte()) {
    const value = reader.cstring();
    const key = String.fromCharCode(code);
    if (key === 'M') message = value;
    else if (key === 'P') fields.position = value;
    else if (ERROR_FIELD_NAMES[key]) fields[ERROR_FIELD_NAMES[key]] = value;
  }
  // The name PGlite's DatabaseError carries (pg-protocol's), so errors look the same either way.
  return { name: 'error', message, fields };
}

export type DecodedReply =
  { ok: true; result: QueryResult } | { ok: false; error: SerializedError };

/**
 * The result of the one statement in `bytes` (RowDescription, DataRows, CommandComplete), or the
 * error Postgres sent for it. Messages that carry nothing for the caller are skipped.
 */
export function decodeReply(bytes: Uint8Array, rowMode: RowMode, overrides: Parsers): DecodedReply {
  const parsers = parsersFor(overrides);
  const fields: QueryResult['fields'] = [];
  const rows: unknown[] = [];
  let affectedRows = 0;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let error: SerializedError | undefined;
  for (let offset = 0; offset < bytes.length;) {
    const type = String.fromCharCode(bytes[offset]!);
    const length = view.getInt32(offset + 1);
    const reader = new Reader(bytes, offset + 5);
    offset += 1 + length;
    if (type === 'T') {
      fields.length = 0;
      for (let n = reader.int16(); n > 0; n--) {
        const name = reader.cstring();
        reader.int32(); // table oid
        reader.int16(); // column number
        const dataTypeID = reader.int32();
        reader.int16(); // type size
        reader.int32(); // type modifier
        reader.int16(); // format: text
        fields.push({ name, dataTypeID });
      }
    } else if (type === 'D') {
      const values: unknown[] = [];
      const count = reader.int16();
      for (let i = 0; i < count; i++) {
        const size = reader.int32();
        if (size < 0) {
          values.push(null);
          continue;
        }
        const { dataTypeID } = fields[i]!;
        const text = reader.text(size);
        const parse = parsers[dataTypeID];
        values.push(parse ? parse(text, dataTypeID) : text);
      }
      rows.push(
        rowMode === 'array'
          ? values
          : Object.fromEntries(fields.map((field, i) => [field.name, values[i]])),
      );
    } else if (type === 'C') {
      const words = reader.cstring().split(' ');
      if (AFFECTING_COMMANDS.has(words[0]!)) affectedRows += Number(words.at(-1));
    } else if (type === 'E') {
      error ??= readError(reader);
    }
  }
  if (error) return { ok: false, error };
  return { ok: true, result: { rows, fields, affectedRows } };
}
