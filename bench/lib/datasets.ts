/**
 * The databases the bench measures, built once with `npm run seed` and cached under bench/.data
 * (git-ignored) so reruns start in seconds:
 *  - demo: the first-start demo content (what a newcomer sees), for page weight and paint timing;
 *  - catalogue-10k / catalogue-100k: the demo plus 10 000 or 100 000 synthetic videos, for feed,
 *    search and list throughput (two sizes show whether a cost grows with the catalogue).
 * A dataset counts as ready only once its `.bench-ready` file exists, so an interrupted build is
 * thrown away and redone.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BENCH_DATA, ROOT } from './paths.js';
import { childEnv } from './server.js';

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
  /** How building it went: seconds the catalogue insert took, and the machine's load then. */
  built?: { catalogueSeconds?: number; loadAverage: number; at: string };
}

/** A cached embedded (PGlite) DATA_DIR; returns its path. */
export async function ensureEmbeddedDataset(name: EmbeddedDataset): Promise<Dataset> {
  const dataDir = path.join(BENCH_DATA, name);
  const ready = path.join(dataDir, '.bench-ready');
  if (existsSync(ready)) {
    return { dataDir, built: JSON.parse(await readFile(ready, 'utf8')) as Dataset['built'] };
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
    ...(seconds ? { catalogueSeconds: Number(seconds) } : {}),
  };
  await writeFile(ready, JSON.stringify(built));
  return { dataDir, built };
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
