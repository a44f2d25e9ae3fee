/**
 * Time from process start (spawn of the bundled server, as `npm start` runs it) to the first healthy
 * `/api/v1/healthcheck`: on a fresh DATA_DIR (creates the database and runs migrations) and again
 * on the now-existing one. Demo content is off: that is measured by the seed figure.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawnServer } from './lib/server.js';
import { ms, type Row } from './lib/table.js';

export async function benchStartup(): Promise<Row[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-bench-start-'));
  const env = { DATA_DIR: dataDir, SEED_DEMO: '0', DATABASE_URL: undefined };
  try {
    const fresh = await spawnServer({ env });
    await fresh.stop();
    const existing = await spawnServer({ env });
    await existing.stop();
    return [
      { bench: 'startup', metric: 'spawn → healthy, fresh DATA_DIR', value: ms(fresh.startupMs) },
      {
        bench: 'startup',
        metric: 'spawn → healthy, existing DATA_DIR',
        value: ms(existing.startupMs),
      },
    ];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
