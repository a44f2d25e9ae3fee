/**
 * The media journal (table media_journal): the keys of files whose fate is in flight. Every write
 * path records a key before the step that can leave its file named by no row (storing a new file
 * before the row that names it commits; changing rows so they stop naming a file before it is
 * removed) and clears it once the file is named or gone.
 *
 * A kill in between leaves the key recorded. The next start of the same writer (maintenance's
 * first pass, media-reconcile.ts) then removes at once each recorded file that no row names, and
 * drops the entries; files nobody recorded keep the hour of grace. Recording too much is harmless
 * (a named file is never removed), forgetting to clear only leaves a row for the next pass.
 *
 * Writers: the server of a DATA_DIR keeps one id across restarts (DATA_DIR/journal-writer), so
 * its start knows its earlier runs are dead. `npm run worker` processes take a fresh id each: their
 * entries of a crash are left to the grace period, since their start runs no reconciliation.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { mediaJournal } from '../db/schema.js';

/** Keys per statement (an HLS rendition of a long video has thousands of segments). */
const BATCH = 1000;

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

/** The journal id of the server that owns `dataDir`, made on its first start. */
export function dataDirWriter(dataDir: string): string {
  const file = path.join(dataDir, 'journal-writer');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const writer = `server-${randomBytes(8).toString('hex')}`;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, writer);
  return writer;
}

export class MediaJournal {
  /** This process's run: new at every start. */
  readonly run = randomBytes(8).toString('hex');

  constructor(
    private readonly db: Db,
    readonly writer: string,
  ) {}

  /**
   * Records `keys` before their files are stored, or before rows stop naming them. Commits at
   * once, so never inside a transaction (on the embedded database it would wait for that one).
   */
  async record(keys: readonly string[]): Promise<void> {
    for (const batch of batches([...new Set(keys)])) {
      await this.db
        .insert(mediaJournal)
        .values(batch.map((key) => ({ key, writer: this.writer, run: this.run })))
        .onConflictDoUpdate({
          target: mediaJournal.key,
          set: { writer: this.writer, run: this.run, createdAt: sql`now()` },
        });
    }
  }

  /** The files of `keys` are named by a committed row, or removed: nothing left to settle. */
  async clear(keys: readonly string[], db: Db | Tx = this.db): Promise<void> {
    for (const batch of batches([...new Set(keys)])) {
      await db
        .delete(mediaJournal)
        .where(and(inArray(mediaJournal.key, batch), eq(mediaJournal.run, this.run)));
    }
  }

  /**
   * Keys starting with `prefix` that are in flight, whoever recorded them: a job run's retry asks
   * for what the runs before it left under its video's prefix.
   */
  async inFlightUnder(prefix: string): Promise<string[]> {
    const rows = await this.db
      .select({ key: mediaJournal.key })
      .from(mediaJournal)
      .where(sql`starts_with(${mediaJournal.key}, ${prefix})`);
    return rows.map((row) => row.key);
  }

  /** Drops the entries of `keys`, whoever recorded them, once their files are named or gone. */
  async forgetSettled(keys: readonly string[]): Promise<void> {
    for (const batch of batches([...new Set(keys)])) {
      await this.db.delete(mediaJournal).where(inArray(mediaJournal.key, batch));
    }
  }

  /** Keys this writer's earlier runs left: their work was interrupted (read at start). */
  async interrupted(): Promise<string[]> {
    const rows = await this.db
      .select({ key: mediaJournal.key })
      .from(mediaJournal)
      .where(this.earlierRuns());
    return rows.map((row) => row.key);
  }

  /** Drops entries `interrupted()` returned, once the pass has settled their files. */
  async forgetInterrupted(keys: readonly string[]): Promise<void> {
    for (const batch of batches(keys)) {
      await this.db
        .delete(mediaJournal)
        .where(and(inArray(mediaJournal.key, batch), this.earlierRuns()));
    }
  }

  /** Entries older than `ms`, of any writer and run (looked at by the periodic pass). */
  async stale(ms: number): Promise<string[]> {
    const rows = await this.db
      .select({ key: mediaJournal.key })
      .from(mediaJournal)
      .where(this.olderThan(ms));
    return rows.map((row) => row.key);
  }

  /** Drops stale entries whose files the pass found named by a row, or gone. */
  async forgetStale(keys: readonly string[], ms: number): Promise<void> {
    for (const batch of batches(keys)) {
      await this.db
        .delete(mediaJournal)
        .where(and(inArray(mediaJournal.key, batch), this.olderThan(ms)));
    }
  }

  private earlierRuns() {
    return and(eq(mediaJournal.writer, this.writer), ne(mediaJournal.run, this.run));
  }

  private olderThan(ms: number) {
    return lt(mediaJournal.createdAt, sql`now() - make_interval(secs => ${ms / 1000})`);
  }
}
