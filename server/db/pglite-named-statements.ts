/**
 * Named prepared statements for PGlite, whose API has none: its query() sends Parse, Describe,
 * Bind, Describe, Execute and Sync as six calls into the WASM Postgres, and Postgres parses and
 * plans the text every time (for a feed page, planning alone took longer than running it).
 *
 * The statements the server prepares on purpose (drizzle's `.prepare(name)`: feed pages, counts,
 * the current user; see prepared.ts) are parsed here once per database, and each execution is a
 * single Bind/Describe/Execute/Sync round. That is what node-postgres does with a named query on
 * PostgreSQL, so both databases plan them alike: custom plans first, then a generic plan once
 * Postgres finds it no worse. The set is small and fixed by the code, so it is never evicted.
 */
import { messages, protocol, type PGlite } from '@electric-sql/pglite';

const { serialize } = protocol;

interface Statement {
  name: string;
  /** The parameter types Postgres inferred, which pick each value's text form. */
  paramTypes: number[];
}

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const message = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

/** Values drizzle has already mapped to primitives (arrays and JSON arrive as text). */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    return value.toString();
  }
  return JSON.stringify(value);
}

/**
 * Statements marked `genericPlan` (fixed-text.ts) are planned once for every value, as on
 * PostgreSQL (client.ts): left to choose, the embedded database planned the search statements
 * sorted by views for their words on every run (80 custom plans of 80), and planning cost several
 * times the 0.9 ms of running one.
 */
const GENERIC_PLAN = 'set plan_cache_mode = force_generic_plan';
const CHOSEN_PLAN = 'reset plan_cache_mode';

export class NamedStatements {
  readonly #pg: PGlite;
  readonly #statements = new Map<string, Statement>();

  constructor(pg: PGlite) {
    this.#pg = pg;
  }

  /**
   * Runs `sql` as a named statement, preparing it on first use, and answers Postgres's raw reply
   * (read on the HTTP thread by pglite-reply.ts, so this thread only runs Postgres).
   * `inTransaction` says the statement belongs to the open transaction, whose end writes to
   * disk; the caller keeps it out of any other (pglite-transactions.ts).
   */
  query(
    sql: string,
    params: unknown[],
    inTransaction: boolean,
    { genericPlan = false }: { genericPlan?: boolean } = {},
  ): Promise<Uint8Array<ArrayBuffer>> {
    return this.#pg.runExclusive(async () => {
      const statement = this.#statements.get(sql) ?? (await this.#prepare(sql));
      // The plan is chosen at Bind. A session setting, so it is set for this Bind only: PGlite's
      // other statements are planned for their values.
      if (genericPlan) await this.#setting(GENERIC_PLAN);
      try {
        const chunks: Uint8Array[] = [];
        await this.#pg.execProtocolRawStream(
          concat([
            serialize.bind({ statement: statement.name, values: this.#values(statement, params) }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          {
            syncToFs: !inTransaction,
            // A view into Postgres's memory, reused for the next chunk: copied.
            onRawData: (chunk) => chunks.push(chunk.slice()),
          },
        );
        return concat(chunks);
      } finally {
        if (genericPlan) await this.#setting(CHOSEN_PLAN);
      }
    });
  }

  /** One SET, as a simple query (it changes nothing on disk). */
  async #setting(statement: string): Promise<void> {
    await this.#pg.execProtocolRaw(serialize.query(statement), { syncToFs: false });
  }

  /** Parse + Describe in one round; a statement Postgres refuses is not kept, so it can be fixed. */
  async #prepare(sql: string): Promise<Statement> {
    const name = `named_${this.#statements.size + 1}`;
    const { messages: replies } = await this.#pg.execProtocol(
      concat([
        serialize.parse({ name, text: sql }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const description = replies.find(
      (reply) => reply instanceof messages.ParameterDescriptionMessage,
    );
    const paramTypes = description?.dataTypeIDs ?? [];
    const statement = { name, paramTypes };
    this.#statements.set(sql, statement);
    return statement;
  }

  /** Each value's text form, chosen by its parameter type as PGlite's query() does. */
  #values(statement: Statement, params: unknown[]): (string | null)[] {
    return params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = this.#pg.serializers[statement.paramTypes[index]!];
      return serializer ? serializer(value) : asText(value);
    });
  }
}
