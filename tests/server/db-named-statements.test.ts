/**
 * The embedded database runs the statements the code prepares (prepared.ts) as named prepared
 * statements: parsed once, then only bound and executed. They must answer exactly what the same
 * query answers unprepared, inside and outside transactions, with the same errors.
 */
import { eq, sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.js';
import { fixedText, shapedText } from '../../server/db/fixed-text.js';
import { statementSet } from '../../server/db/prepared.js';

const probe = pgTable('named_probe', {
  id: integer('id').primaryKey(),
  note: text('note'),
  tags: text('tags').array().notNull(),
  flag: boolean('flag').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * An unprepared query's condition. drizzle would write `eq(probe.id, id)` as the prepared
 * statement's very text, which the client then runs as that named statement.
 */
const unpreparedRow = (id: number) => sql`${probe.id} = ${id} /* unprepared */`;

/** SQL without column mappers, arrays of several element types among them: the driver's values. */
const rawColumns = {
  id: sql`${probe.id}`,
  note: sql`${probe.note}`,
  tags: sql`${probe.tags}`,
  flag: sql`${probe.flag}`,
  ids: sql`array[${probe.id}, ${probe.id} + 1]`,
  flags: sql`array[${probe.flag}]`,
};

const probeStatements = statementSet((db) => ({
  byId: db
    .select()
    .from(probe)
    .where(eq(probe.id, sql.placeholder('id')))
    .prepare('named_probe_by_id'),
  insert: db
    .insert(probe)
    .values({
      id: sql.placeholder('id'),
      note: sql.placeholder('note'),
      tags: sql`array[${sql.placeholder('tag')}]::text[]`,
      flag: true,
      at: sql`now()`,
    })
    .prepare('named_probe_insert'),
  raw: db
    .select(rawColumns)
    .from(probe)
    .where(eq(probe.id, sql.placeholder('id')))
    .prepare('named_probe_raw'),
}));

describe('named prepared statements on the embedded database', () => {
  let database: Database;
  const prepared = () => database.statements.of(probeStatements);
  /** What Postgres holds as prepared in the database's one session. */
  const preparedTexts = async () => {
    const pending: PromiseLike<unknown> = database.db.execute(
      sql`select statement from pg_prepared_statements`,
    );
    return ((await pending) as { rows: { statement: string }[] }).rows.map((row) => row.statement);
  };

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await database.db.execute(
      sql`create table named_probe (id integer primary key, note text, tags text[] not null,
          flag boolean not null, at timestamptz not null)`,
    );
    await database.db.insert(probe).values([
      {
        id: 1,
        note: 'first',
        tags: ['music', 'live'],
        flag: true,
        at: new Date('2026-01-02T03:04:05.678Z'),
      },
      { id: 2, note: null, tags: [], flag: false, at: new Date('2026-05-06T07:08:09Z') },
    ]);
  });
  afterAll(() => database.close());

  it('answers the same rows and types as the unprepared query, and is parsed once', async () => {
    for (const id of [1, 2]) {
      const unprepared = await database.db.select().from(probe).where(unpreparedRow(id));
      expect(await prepared().byId.execute({ id })).toEqual(unprepared);
    }
    expect((await prepared().byId.execute({ id: 1 }))[0]).toEqual({
      id: 1,
      note: 'first',
      tags: ['music', 'live'],
      flag: true,
      at: new Date('2026-01-02T03:04:05.678Z'),
    });
    expect(await prepared().byId.execute({ id: 99 })).toEqual([]);
    // Three executions above, one statement held by Postgres.
    const texts = await preparedTexts();
    expect(texts.filter((text) => text === prepared().byId.getQuery().sql)).toHaveLength(1);
  });

  it("answers the driver's own values as the unprepared query does, arrays parsed", async () => {
    const unprepared = await database.db.select(rawColumns).from(probe).where(unpreparedRow(1));
    const result = await prepared().raw.execute({ id: 1 });
    expect(result).toEqual(unprepared);
    expect(result).toEqual([
      { id: 1, note: 'first', tags: ['music', 'live'], flag: true, ids: [1, 2], flags: [true] },
    ]);
  });

  it('returns long and non-ASCII values whole (the reply spans several chunks)', async () => {
    // 3 MB of text, more than PGlite's 1 MB reply buffer, with multi-byte characters throughout.
    const note = 'Ça marche — 日本語 🎬 '.repeat(110_000);
    await prepared().insert.execute({ id: 30, note, tag: 'ünïcode' });
    const [row] = await prepared().byId.execute({ id: 30 });
    expect(row?.note).toBe(note);
    expect(row?.tags).toEqual(['ünïcode']);
  });

  it('runs inside a transaction, sees its writes, and rolls back with it', async () => {
    let outside: Promise<unknown> | undefined;
    const failing = database.db.transaction(async (tx) => {
      await tx.insert(probe).values({ id: 10, tags: [], flag: true, at: new Date() });
      // The same text as the prepared byId, so the client runs it as that named statement,
      // here inside the transaction.
      const inside = tx.select().from(probe).where(eq(probe.id, 10));
      expect(inside.toSQL().sql).toBe(prepared().byId.getQuery().sql);
      expect(await inside).toMatchObject([{ id: 10 }]);
      // A prepared statement from outside while the transaction is open waits for it to end.
      outside = prepared().byId.execute({ id: 10 });
      throw new Error('abort');
    });
    await expect(failing).rejects.toThrow('abort');
    expect(await outside).toEqual([]);
  });

  it('reports a refused write with its PostgreSQL code, and the next statement runs', async () => {
    await prepared().insert.execute({ id: 20, note: 'once', tag: 'a' });
    await expect(
      prepared().insert.execute({ id: 20, note: 'twice', tag: 'b' }),
    ).rejects.toMatchObject({ cause: { code: '23505', constraint: 'named_probe_pkey' } });
    // A value of the wrong type fails at Bind, not as a crash of the worker.
    await expect(prepared().byId.execute({ id: 'not a number' })).rejects.toMatchObject({
      cause: { code: '22P02' },
    });
    expect(await prepared().byId.execute({ id: 20 })).toMatchObject([
      { note: 'once', tags: ['a'] },
    ]);
  });

  it('runs a statement marked as fixed text (fixed-text.ts) named, values bound each call', async () => {
    const noteOf = (id: number) =>
      fixedText(
        'probe-note-of',
        sql`select ${probe.note} as note from ${probe} where ${probe.id} = ${id}`,
      );
    const builder = (id: number) =>
      fixedText(
        'probe-builder',
        database.db.select({ id: probe.id }).from(probe).where(eq(probe.id, id)),
      );
    const rowsOf = async (query: PromiseLike<unknown>) =>
      ((await query) as { rows: unknown[] }).rows;
    expect(await rowsOf(database.db.execute(noteOf(1)))).toEqual([{ note: 'first' }]);
    expect(await rowsOf(database.db.execute(noteOf(2)))).toEqual([{ note: null }]);
    expect(await builder(2)).toEqual([{ id: 2 }]);
    const texts = await preparedTexts();
    expect(texts.filter((text) => /as note from "named_probe"/.test(text))).toHaveLength(1);
    expect(texts).toContain(builder(1).toSQL().sql);
    // Another text at a marked site (here: a condition more) is not named: only the first is.
    const other = fixedText(
      'probe-builder',
      database.db
        .select({ id: probe.id })
        .from(probe)
        .where(sql`${probe.id} = ${1} and ${probe.flag}`),
    );
    expect(await other).toEqual([{ id: 1 }]);
    expect(
      (await preparedTexts()).filter((text) => / and "named_probe"\."flag"/.test(text)),
    ).toEqual([]);
  });

  it('names each shape of a shaped site (fixed-text.ts) up to its limit, values bound', async () => {
    const byIds = (ids: number[]) =>
      shapedText(
        'probe-by-ids',
        String(ids.length),
        sql`select ${probe.id} as id from ${probe}
          where ${probe.id} in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) order by ${probe.id} /* shaped */`,
        2,
      );
    const idsOf = async (ids: number[]) =>
      ((await database.db.execute(byIds(ids))) as { rows: { id: number }[] }).rows.map(
        (row) => row.id,
      );
    expect(await idsOf([1])).toEqual([1]);
    expect(await idsOf([2])).toEqual([2]);
    expect(await idsOf([1, 2])).toEqual([1, 2]);
    // A third shape past the limit of two runs unnamed, with the same answer.
    expect(await idsOf([1, 2, 3])).toEqual([1, 2]);
    const shaped = (await preparedTexts()).filter((text) => text.includes('/* shaped */'));
    expect(shaped.map((text) => text.match(/\$\d/g)?.length).sort()).toEqual([1, 2]);
  });
});
