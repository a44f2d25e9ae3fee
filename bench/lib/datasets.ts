/**
 * The databases the bench measures, built once with `npm run seed` and cached under bench/.data
 * (git-ignored) so reruns start in seconds:
 *  - demo: the first-start demo content (what a newcomer sees), for page weight and paint timing;
 *  - catalogue-10k / catalogue-100k: the demo plus 10 000 or 100 000 synthetic videos, for feed,
 *    search and list throughput (two sizes show whether a cost grows with the catalogue).
 * A dataset counts as ready only once its `.bench-ready` file exists, so an interrupted build is
 * thrown away and redone. The file also records how many migrations the dataset has: when the code
 * has more, the dataset is migrated and vacuumed once before it is measured. Otherwise the bench
 * server would apply them and serve the rows they rewrote unvacuumed (a served site vacuums within
 * the hour; a bench server never lives that long): "guitar riff" read 5 257 heap pages so, 1 886
 * vacuumed.
 *
 * A dataset is also settled once: a server runs on it until its start-up work is done (the
 * seek-preview backfill of the demo's videos), so that a bench's copy starts as a running site
 * does, with nothing to catch up. Unsettled, every copy of catalogue-10k made 21 sprites with
 * ffmpeg inside the mixed load's measured seconds, each behind a 34 ms statement.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { untilQuiet } from './cpu.js';
import { BENCH_DATA, ROOT } from './paths.js';
import { childEnv, spawnServer } from './server.js';

export const CATALOGUE_SIZE = 100_000;

/** Embedded datasets: the demo, and the demo plus N synthetic catalogue videos. */
export type EmbeddedDataset = 'demo' | 'catalogue-10k' | 'catalogue-100k';
const CATALOGUE_VIDEOS: Record<EmbeddedDataset, number> = {
  demo: 0,
  'catalogue-10k': 10_000,
  'catalogue-100k': CATALOGUE_SIZE,
};

export async function runSeed(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<string> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'server/seed/cli.ts'), ...args],
    { cwd: ROOT, env: childEnv({ LOG_LEVEL: 'warn', ...env }), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const keep = (d: Buffer) => {
    log += d.toString();
    // Progress lines only; credentials and the rest stay in `log` for errors.
    for (const line of d.toString().split('\n')) {
      if (/catalogue:|demo content ready|added/.test(line)) console.log(`  seed: ${line.trim()}`);
    }
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`npm run seed ${args.join(' ')} failed (${code}):\n${log}`);
  return log;
}

export interface Dataset {
  dataDir: string;
  /**
   * How building it went: seconds the catalogue insert took, and the machine's load then; the
   * migrations it has, and when it was last migrated and vacuumed.
   */
  built?: {
    catalogueSeconds?: number;
    loadAverage: number;
    at: string;
    migrations?: number;
    vacuumedAt?: string;
    /** When a server last ran on it until its start-up work was done. */
    settledAt?: string;
  };
}

/** Child processes of `pid` (ffmpeg, sharp's are threads): /proc/<pid>/task/<pid>/children. */
async function childrenOf(pid: number): Promise<string> {
  try {
    return (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8')).trim();
  } catch {
    return '';
  }
}

/**
 * Runs a server on `dataDir` until it has done its start-up work: three seconds in a row in which
 * it used under 3 % of a core and had no child process (at most ten minutes).
 */
async function settle(dataDir: string): Promise<void> {
  const server = await spawnServer({ env: { DATA_DIR: dataDir, SEED_DEMO: '0' } });
  try {
    const { pid } = server;
    const busy = async () => (await childrenOf(pid)) !== '';
    await untilQuiet(pid, { seconds: 3, maxMs: 10 * 60_000, busy });
  } finally {
    await server.stop();
  }
}

/** Settles the dataset unless its ready file says it was. */
async function settled(
  name: EmbeddedDataset,
  dataDir: string,
  built: NonNullable<Dataset['built']>,
): Promise<NonNullable<Dataset['built']>> {
  if (built.settledAt) return built;
  console.log(`  letting a server finish its start-up work on the ${name} dataset (once)…`);
  await settle(dataDir);
  const done = { ...built, settledAt: new Date().toISOString() };
  await writeFile(path.join(dataDir, '.bench-ready'), JSON.stringify(done));
  return done;
}

/** The migrations the code has (drizzle/NNNN_*.sql). */
async function migrationCount(): Promise<number> {
  const files = await readdir(path.join(ROOT, 'drizzle'));
  return files.filter((file) => /^\d{4}_.*\.sql$/.test(file)).length;
}

/** A cached embedded (PGlite) DATA_DIR; returns its path. */
export async function ensureEmbeddedDataset(name: EmbeddedDataset): Promise<Dataset> {
  const dataDir = path.join(BENCH_DATA, name);
  const ready = path.join(dataDir, '.bench-ready');
  const migrations = await migrationCount();
  if (existsSync(ready)) {
    const built = JSON.parse(await readFile(ready, 'utf8')) as NonNullable<Dataset['built']>;
    if (built.migrations === migrations) {
      return { dataDir, built: await settled(name, dataDir, built) };
    }
    console.log(`  migrating and vacuuming the ${name} dataset (once after a migration)…`);
    await runSeed(['--vacuum'], { DATA_DIR: dataDir, DATABASE_URL: undefined });
    // A migration may bring start-up work of its own (migration 0023 brought the backfill).
    const caughtUp = {
      ...built,
      migrations,
      vacuumedAt: new Date().toISOString(),
      settledAt: undefined,
    };
    await writeFile(ready, JSON.stringify(caughtUp));
    return { dataDir, built: await settled(name, dataDir, caughtUp) };
  }
  console.log(`  building the ${name} dataset in ${path.relative(ROOT, dataDir)} (once)…`);
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const videos = CATALOGUE_VIDEOS[name];
  const args = videos === 0 ? [] : ['--videos', String(videos)];
  const log = await runSeed(args, { DATA_DIR: dataDir, DATABASE_URL: undefined });
  const seconds = /added \d+ catalogue videos in ([\d.]+) s/.exec(log)?.[1];
  const built = {
    at: new Date().toISOString(),
    loadAverage: os.loadavg()[0] ?? 0,
    migrations,
    ...(seconds ? { catalogueSeconds: Number(seconds) } : {}),
  };
  await writeFile(ready, JSON.stringify(built));
  return { dataDir, built: await settled(name, dataDir, built) };
}

/** Tops the PostgreSQL database of DATABASE_URL up to the catalogue size; returns a DATA_DIR. */
export async function ensurePostgresDataset(databaseUrl: string): Promise<string> {
  const dataDir = path.join(BENCH_DATA, 'postgres-media');
  await mkdir(dataDir, { recursive: true });
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let existing = 0;
  try {
    const tables = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables where table_name = 'videos'`,
    );
    if (Number(tables.rows[0]?.n) > 0) {
      const res = await client.query<{ n: string }>('select count(*) as n from videos');
      existing = Number(res.rows[0]?.n ?? 0);
    }
  } finally {
    await client.end();
  }
  const missing = CATALOGUE_SIZE - existing;
  if (missing > 0) {
    console.log(`  adding ${missing} videos to the PostgreSQL database (once)…`);
    await runSeed(['--videos', String(missing)], { DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  }
  return dataDir;
}
