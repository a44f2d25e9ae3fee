/**
 * The embedded database's ANALYZE of tables that grew (server/maintenance/embedded-analyze.ts):
 * a table that outgrew its statistics is analyzed, and its prepared statements plan again with
 * the new ones (an index scan where the empty table's plan read every row); a table whose rows
 * only change, however often, is left alone.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.js';
import { analyzeGrownTables, GROWTH_ROWS } from '../../server/maintenance/embedded-analyze.js';

const silent = { info: () => undefined, error: () => undefined } as never;

describe('ANALYZE of embedded tables that grew', () => {
  let database: Database;
  const run = (text: string) => database.db.execute(sql.raw(text));
  const rowsOf = async <T>(text: string) => ((await run(text)) as { rows: T[] }).rows;
  /** The statistics views count changes when the session reports them: now, not in a second. */
  const reportChanges = () => run('select pg_stat_force_next_flush()').then(() => run('select 1'));
  const estimateOf = async (table: string) =>
    (
      await rowsOf<{ n: number }>(
        `select reltuples::int as n from pg_class where relname = '${table}'`,
      )
    )[0]!.n;

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await run('create table grown_probe (id int primary key, owner int not null, note text)');
    await run('create index grown_probe_owner on grown_probe (owner)');
    await run('create table changed_probe (id int primary key, n int not null)');
    await run('insert into changed_probe select g, 0 from generate_series(1, 200) g');
    await run('analyze');
    await reportChanges();
  });
  afterAll(() => database.close());

  it('analyzes a table that outgrew its statistics, once', async () => {
    expect(await analyzeGrownTables(database.db, silent)).not.toContain('public.grown_probe');
    await run(
      `insert into grown_probe select g, g % 500, 'row ' || g from generate_series(1, 5000) g`,
    );
    await reportChanges();
    expect(await estimateOf('grown_probe')).toBe(0);
    expect(await analyzeGrownTables(database.db, silent)).toContain('public.grown_probe');
    expect(await estimateOf('grown_probe')).toBe(5000);
    await reportChanges();
    expect(await analyzeGrownTables(database.db, silent)).not.toContain('public.grown_probe');
  });

  it('lets a prepared statement leave the plan it made on the empty table', async () => {
    await run('create table young_probe (id int primary key, owner int not null)');
    await run('create index young_probe_owner on young_probe (owner)');
    await run('analyze young_probe');
    await run('prepare young_by_owner(int) as select id from young_probe where owner = $1');
    // Past five runs PostgreSQL keeps the generic plan, made from the empty table's statistics.
    for (let i = 0; i < 6; i++) await run(`execute young_by_owner(${i})`);
    const planOf = async () =>
      (await rowsOf<{ 'QUERY PLAN': string }>('explain execute young_by_owner(7)'))
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    await run('insert into young_probe select g, g % 1000 from generate_series(1, 20000) g');
    await reportChanges();
    expect(await planOf()).toMatch(/Seq Scan on young_probe/);
    expect(await analyzeGrownTables(database.db, silent)).toContain('public.young_probe');
    expect(await planOf()).not.toMatch(/Seq Scan/);
  });

  it('leaves a table whose rows only change alone, and ignores growth within the margin', async () => {
    for (let i = 0; i < 20; i++) await run('update changed_probe set n = n + 1');
    await run(
      `insert into changed_probe select g, 0 from generate_series(201, ${200 + GROWTH_ROWS}) g`,
    );
    await reportChanges();
    expect(await analyzeGrownTables(database.db, silent)).not.toContain('public.changed_probe');
  });
});
