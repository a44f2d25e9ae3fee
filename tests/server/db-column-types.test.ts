/**
 * On the embedded database a prepared statement's rows are read on the HTTP thread from
 * Postgres's raw reply (db/pglite-reply.ts), an unprepared statement's by PGlite's query() in the
 * worker. Both must answer the same values for every column type the schema uses, and for the
 * array types PGlite parses generally (uuid[], jsonb[], timestamptz[]), with NULLs, non-ASCII
 * text and timestamps written in other time zones among them: once through drizzle's column
 * mappers, and once as the driver's own values (SQL columns, no mapper).
 */
import { eq, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  getTableConfig,
  integer,
  jsonb,
  pgEnum,
  PgTable,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.js';
import { statementSet } from '../../server/db/prepared.js';
import * as schema from '../../server/db/schema.js';

const mood = pgEnum('probe_mood', ['calm', 'loud']);
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });
const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const probe = pgTable('type_probe', {
  id: integer('id').primaryKey(),
  label: text('label'),
  small: smallint('small'),
  big: bigint('big', { mode: 'number' }),
  ratio: doublePrecision('ratio'),
  flag: boolean('flag'),
  at: moment('at'),
  mood: mood('mood'),
  document: tsvector('document'),
  body: jsonb('body'),
  tags: text('tags').array(),
  counts: integer('counts').array(),
  ids: uuid('ids').array(),
  bodies: jsonb('bodies').array(),
  moments: moment('moments').array(),
  bytes: bytea('bytes'),
});

const CREATE = `
  create type probe_mood as enum ('calm', 'loud');
  create table type_probe (
    id integer primary key, label text, small smallint, big bigint, ratio double precision,
    flag boolean, at timestamptz, mood probe_mood, document tsvector, body jsonb, tags text[],
    counts integer[], ids uuid[], bodies jsonb[], moments timestamptz[], bytes bytea)`;

/** Text with what a parser can trip on: quotes, commas, braces, backslashes, NULL, emoji. */
const TRICKY = 'Ça marche — 日本語 🎬 "quoted", {braced} back\\slash NULL';

const INSERT = sql`
  insert into type_probe values
  (1, ${TRICKY}, -32768, 9007199254740991, 1.5e-7, true,
   '2026-03-29 01:30:00.123456+02', 'loud', to_tsvector('english', ${TRICKY}),
   ${JSON.stringify({ nested: { ünï: [1, 'two', null] }, emoji: '🎬' })}::jsonb,
   array[${TRICKY}, '', 'NULL', null, 'a,b'], array[1, -2, null],
   array['6f1c3c1e-7c3a-4a4e-9a53-0c2b1f0e8d11', null]::uuid[],
   array['{"a": 1}', '[1, "two"]', '"text"', 'null', null]::jsonb[],
   array['1969-12-31 23:59:59.999-08', '2026-11-26 12:00:00+05:30']::timestamptz[],
   '\\x00ff10805c27'::bytea),
  (2, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null),
  (3, '', 0, -1, 'Infinity', false, '2000-01-01 00:00:00+00', 'calm', '', '{}', '{}', '{}',
   '{}', '{}', '{}', ''::bytea)`;

/** Every column as the driver hands it over, without drizzle's column mappers. */
const rawColumns = Object.fromEntries(
  getTableConfig(probe).columns.map((column) => [column.name, sql`${column}`]),
);

const typeStatements = statementSet((db) => ({
  mapped: db
    .select()
    .from(probe)
    .where(eq(probe.id, sql.placeholder('id')))
    .prepare('type_probe_mapped'),
  raw: db
    .select(rawColumns)
    .from(probe)
    .where(eq(probe.id, sql.placeholder('id')))
    .prepare('type_probe_raw'),
}));

/**
 * The unprepared query's condition. drizzle would write `eq(probe.id, id)` as the prepared
 * statement's very text, which the client then runs as that named statement.
 */
const unpreparedRow = (id: number) => sql`${probe.id} = ${id} /* unprepared */`;

/** A column's type as the comparison needs it: an enum is an enum whatever its name. */
const kindOf = (column: PgColumn) =>
  column.columnType === 'PgEnumColumn' ? 'enum' : column.getSQLType();

describe('prepared and unprepared results on the embedded database', () => {
  let database: Database;
  const prepared = () => database.statements.of(typeStatements);

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await database.executeSql(CREATE);
    await database.db.execute(INSERT);
  });
  afterAll(() => database.close());

  it('covers every column type the schema uses', () => {
    const schemaKinds = Object.values(schema).flatMap((value) =>
      value instanceof PgTable ? getTableConfig(value).columns.map(kindOf) : [],
    );
    const probeKinds = getTableConfig(probe).columns.map(kindOf);
    expect(probeKinds).toEqual(expect.arrayContaining([...new Set(schemaKinds)]));
  });

  it('maps every type alike through drizzle', async () => {
    for (const id of [1, 2, 3]) {
      const unprepared = await database.db.select().from(probe).where(unpreparedRow(id));
      expect(await prepared().mapped.execute({ id })).toEqual(unprepared);
    }
  });

  it("parses every type alike as the driver's own values", async () => {
    for (const id of [1, 2, 3]) {
      const unprepared = await database.db.select(rawColumns).from(probe).where(unpreparedRow(id));
      expect(await prepared().raw.execute({ id })).toEqual(unprepared);
    }
  });

  it('answers arrays as arrays, JSON as values and times as the instants written', async () => {
    const [row] = await prepared().mapped.execute({ id: 1 });
    expect(row).toMatchObject({
      label: TRICKY,
      small: -32768,
      big: 9007199254740991,
      ratio: 1.5e-7,
      flag: true,
      at: new Date('2026-03-28T23:30:00.123Z'),
      mood: 'loud',
      body: { nested: { ünï: [1, 'two', null] }, emoji: '🎬' },
      tags: [TRICKY, '', 'NULL', null, 'a,b'],
      counts: [1, -2, null],
      ids: ['6f1c3c1e-7c3a-4a4e-9a53-0c2b1f0e8d11', null],
      bodies: [{ a: 1 }, [1, 'two'], 'text', null, null],
      moments: [new Date('1970-01-01T07:59:59.999Z'), new Date('2026-11-26T06:30:00Z')],
    });
    expect(row?.document).toContain("'日本語':3");
    const [empty] = await prepared().mapped.execute({ id: 3 });
    expect(empty).toMatchObject({ ratio: Infinity, tags: [], ids: [], bodies: [], moments: [] });
  });
});
