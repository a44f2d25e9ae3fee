/**
 * Whether the embedded database still has to be created, and the child process that creates it
 * (first-start-child.ts, which says why a child). PostgreSQL needs neither: its memory is its own.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_ROOT, FROM_SOURCE } from './app-root.js';
import type { Config } from './config.js';

/** PGlite writes PG_VERSION into its folder when initdb has run. */
export function embeddedDatabaseMissing(config: Config, pgliteDir: string): boolean {
  return !config.databaseUrl && !existsSync(path.join(pgliteDir, 'PG_VERSION'));
}

/**
 * Runs first-start-child with `env` (the configuration it reads, as the server does) and, from the
 * bundle, this process's Node flags (the memory ones); from source, under tsx. Its output goes to
 * this process's. Rejects when the child fails, so the server does not start on a half-made
 * database.
 */
export async function runFirstStart(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const entry = fileURLToPath(
    new URL(FROM_SOURCE ? './first-start-child.ts' : './first-start-child.mjs', import.meta.url),
  );
  const flags = FROM_SOURCE ? ['--import', 'tsx'] : process.execArgv;
  const child = spawn(process.execPath, [...flags, entry], {
    cwd: APP_ROOT,
    env,
    stdio: 'inherit',
  });
  // A stop request during the seed stops the child too (the seed's marker cleans up next time).
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward).on('SIGTERM', forward);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  }).finally(() => process.off('SIGINT', forward).off('SIGTERM', forward));
  if (code !== 0) throw new Error(`creating the database failed (exit code ${code})`);
}
