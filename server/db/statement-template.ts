/**
 * A statement's text written once and its values bound on later calls. drizzle writes a raw `sql`
 * statement's text on every call, walking its nested parts and joining their strings level by
 * level: a three-word search (116 values, 12 kB of text) took 0.33 ms to build and write, 0.15 to
 * build and bind to its template (issue 31, docs/bench.md). A template remembers the text of a
 * statement's first call and the parts it was written from; a later call whose parts are the
 * same, value places aside, takes the template's text with its own values, read in one pass
 * without writing any text.
 *
 * The parts are compared exactly, so a call whose text would differ (another number of words, a
 * filter set or not) never takes a template's text: it is written by drizzle as before. What the
 * text is made of, as drizzle's dialect reads it (drizzle-orm sql.js, buildQueryFromSourceParams):
 * string chunks, nested statements, arrays (a parenthesised list), columns and tables (the same
 * objects write the same names), `Param`s (a value after its column's encoding, or a statement)
 * and plain values. Anything else (a placeholder, an alias, a subquery, inlined values) makes the
 * call untemplated, and it is written by drizzle.
 */
import { Column, Name, Param, Placeholder, SQL, StringChunk, Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/** The same text drizzle's own dialect makes of a query (no casing option is used). */
export const dialect = new PgDialect();

/** A value's place among a statement's parts. */
const VALUE = Symbol('value');

/** What a statement's text is written from, in order: text, names, and VALUE where a value goes. */
type Part = string | Column | Table | typeof VALUE;

interface Read {
  parts: Part[];
  values: unknown[];
}

/**
 * Appends `chunks`' parts and values to `read` in the order drizzle writes them; false when a
 * chunk is of a kind this reader leaves to drizzle.
 */
function readChunks(chunks: readonly unknown[], read: Read): boolean {
  for (const chunk of chunks) {
    if (!readChunk(chunk, read)) return false;
  }
  return true;
}

function readChunk(chunk: unknown, read: Read): boolean {
  if (chunk === undefined) return true;
  if (chunk === null || typeof chunk !== 'object' || chunk instanceof Date) {
    read.parts.push(VALUE);
    read.values.push(chunk);
    return true;
  }
  if (chunk instanceof StringChunk) {
    read.parts.push(chunk.value.length === 1 ? (chunk.value[0] as string) : chunk.value.join(''));
    return true;
  }
  if (chunk instanceof SQL) {
    // Inlined values are written into the text (drizzle's field is private to its types).
    const inlined = (chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams;
    return !inlined && readChunks(chunk.queryChunks, read);
  }
  if (chunk instanceof Param) {
    if (chunk.value instanceof Placeholder) return false;
    const value: unknown =
      chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
    if (value instanceof SQL) return readChunk(value, read);
    read.parts.push(VALUE);
    read.values.push(value);
    return true;
  }
  if (Array.isArray(chunk)) {
    read.parts.push('(');
    for (const [i, item] of chunk.entries()) {
      if (i > 0) read.parts.push(', ');
      if (!readChunk(item, read)) return false;
    }
    read.parts.push(')');
    return true;
  }
  // An alias of a table or column is made anew per call: its parts would never match.
  if (chunk instanceof Column || chunk instanceof Table) {
    read.parts.push(chunk);
    return true;
  }
  if (chunk instanceof Name) {
    read.parts.push(dialect.escapeName(chunk.value));
    return true;
  }
  return false;
}

function sameParts(a: readonly Part[], b: readonly Part[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return false;
  }
  return true;
}

/** A statement whose text is given: drizzle's dialect returns it with the values as they are. */
class WrittenStatement extends SQL {
  readonly #text: string;
  readonly #values: unknown[];

  constructor(text: string, values: unknown[]) {
    super([]);
    this.#text = text;
    this.#values = values;
  }

  override toQuery(): { sql: string; params: unknown[] } {
    return { sql: this.#text, params: this.#values };
  }
}

export class StatementTemplate {
  readonly #parts: Part[];
  /** The first call's text, as drizzle wrote it. */
  readonly text: string;

  private constructor(parts: Part[], text: string) {
    this.#parts = parts;
    this.text = text;
  }

  /**
   * The template of `statement`, or undefined when its parts cannot be read or the values read
   * are not drizzle's own (then every call is left to drizzle).
   */
  static of(statement: SQL): StatementTemplate | undefined {
    const read: Read = { parts: [], values: [] };
    const written = dialect.sqlToQuery(statement);
    if (!readChunk(statement, read)) return undefined;
    const sameValues =
      read.values.length === written.params.length &&
      read.values.every((value, i) => Object.is(value, written.params[i]));
    return sameValues ? new StatementTemplate(read.parts, written.sql) : undefined;
  }

  /** `statement` with this template's text, or undefined when its text would differ. */
  bind(statement: SQL): SQL | undefined {
    const read: Read = { parts: [], values: [] };
    if (!readChunk(statement, read) || !sameParts(read.parts, this.#parts)) return undefined;
    return new WrittenStatement(this.text, read.values);
  }
}
