/**
 * The embedded database runs in a worker thread: the HTTP thread stays free while it works, and
 * transactions, errors and shutdown behave as they did with PGlite in-process.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.js';
import { createTestApp, type TestApp } from './helpers.js';

/** Drivers differ in their result types; both carry `rows`. */
async function rowsOf<T>(query: PromiseLike<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

describe('the HTTP thread while the database works', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers a request that needs no database before a one-second query ends', async () => {
    const finished: string[] = [];
    const slow = t.ctx.db.execute(sql`select pg_sleep(1)`).then(() => finished.push('slow query'));
    // The probe itself, not a guess: a timer that fires while the query runs shows this thread
    // free. With the database on this thread it could fire only after the query ended (then
    // 'slow query' comes first). 50 ms also lets the query reach the database.
    await sleep(50);
    // Not the healthcheck: it asks the same database, which is busy sleeping.
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    finished.push('request');
    await slow;
    expect(res.statusCode).toBe(404);
    expect(finished).toEqual(['request', 'slow query']);
  });
});

describe('the embedded database in its worker', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await database.db.execute(sql`create table probe (id integer primary key, note text)`);
  });
  afterAll(() => database.close());

  const ids = async () =>
    (await rowsOf<{ id: number }>(database.db.execute(sql`select id from probe order by id`))).map(
      (r) => r.id,
    );

  it('rolls a transaction back when its callback throws, and keeps the error', async () => {
    await database.db.execute(sql`delete from probe`);
    const failing = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (1, 'inside')`);
      throw new Error('changed my mind');
    });
    await expect(failing).rejects.toThrow('changed my mind');
    expect(await ids()).toEqual([]);
  });

  it('keeps other statements out of an open transaction that then rolls back', async () => {
    await database.db.execute(sql`delete from probe`);
    let outside: Promise<unknown> | undefined;
    const failing = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (1, 'rolled back')`);
      // Another request writes while this transaction is open: it must not become part of it.
      // Started now (drizzle sends a query only once it is awaited), it reaches the worker at
      // once (microtasks only), before this statement's answer can come back and so before the
      // rollback: the worker has it while the transaction is open.
      outside = database.db
        .execute(sql`insert into probe values (2, 'outside')`)
        .then(() => undefined);
      await tx.execute(sql`insert into probe values (3, 'rolled back')`);
      throw new Error('abort');
    });
    await expect(failing).rejects.toThrow('abort');
    await outside;
    expect(await ids()).toEqual([2]);
  });

  it('runs concurrent read-modify-write transactions one after the other', async () => {
    await database.db.execute(sql`delete from probe`);
    await database.db.execute(sql`insert into probe values (1, '0')`);
    await Promise.all(
      Array.from({ length: 10 }, () =>
        database.db.transaction(async (tx) => {
          const rows = await rowsOf<{ note: string }>(
            tx.execute(sql`select note from probe where id = 1`),
          );
          // A turn of the event loop between the read and the write, in which the other
          // transactions' statements reach the worker: unserialized, they would read '0' too.
          await new Promise((resolve) => setImmediate(resolve));
          const next = String(Number(rows[0]!.note) + 1);
          await tx.execute(sql`update probe set note = ${next} where id = 1`);
        }),
      ),
    );
    const rows = await rowsOf<{ note: string }>(
      database.db.execute(sql`select note from probe where id = 1`),
    );
    expect(rows[0]!.note).toBe('10');
  });

  it('reports a unique violation with its PostgreSQL code and constraint', async () => {
    await database.db.execute(sql`delete from probe`);
    await database.db.execute(sql`insert into probe values (1, 'first')`);
    const duplicate = database.db.execute(sql`insert into probe values (1, 'second')`);
    await expect(duplicate).rejects.toMatchObject({
      cause: { code: '23505', constraint: 'probe_pkey', table: 'probe' },
    });
    // The failed statement left no transaction behind: the next one runs normally.
    expect(await ids()).toEqual([1]);
  });
});

describe('closing the embedded database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-db-worker-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  // Two databases on disk, each with its own initdb: slow on a busy machine, hence the timeout.
  it('writes every statement sent before close, refuses new ones, and survives a reopen', async () => {
    const first = await openDatabase({ pgliteDir: dataDir });
    await first.db.execute(sql`create table probe (id integer primary key)`);
    // Handed to the client and not awaited when close is called: close must let them land.
    const writes = Array.from({ length: 20 }, (_, i) =>
      first.executeSql('insert into probe values ($1)', [i]),
    );
    await first.close();
    await Promise.all(writes);
    await expect(first.db.execute(sql`select 1`)).rejects.toMatchObject({
      cause: { message: 'the database is closed' },
    });
    await first.close();

    const reopened = await openDatabase({ pgliteDir: dataDir });
    const count = async () =>
      (
        await rowsOf<{ n: number }>(reopened.db.execute(sql`select count(*)::int as n from probe`))
      )[0]!.n;
    try {
      expect(await count()).toBe(20);
      // Reopening to give memory back (after the demo seed) keeps the data and keeps serving.
      // A statement sent while it reopens waits for the new worker instead of failing.
      const [, during] = await Promise.all([reopened.releaseMemory(), count()]);
      expect(during).toBe(20);
      await reopened.db.execute(sql`insert into probe values (20)`);
      expect(await count()).toBe(21);
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
