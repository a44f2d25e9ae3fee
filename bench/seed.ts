/**
 * The demo content a newcomer's first start creates (issue 3: under 30 s on this machine),
 * measured each run on a fresh DATA_DIR through `npm run seed`, as its own log reports it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runSeed } from './lib/datasets.js';
import type { Row } from './lib/table.js';

const BUDGET_SECONDS = 30;

export async function benchSeed(): Promise<Row[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-bench-seed-'));
  try {
    const started = performance.now();
    const log = await runSeed([], { DATA_DIR: dataDir, DATABASE_URL: undefined });
    const total = (performance.now() - started) / 1000;
    const seconds = Number(/demo content ready in ([\d.]+) s/.exec(log)?.[1] ?? Number.NaN);
    const parts = /demo media made in ([\d.]+) s, rows inserted in ([\d.]+) s/.exec(log);
    return [
      {
        bench: 'seed',
        metric: `demo content on an empty database${parts ? ` (media ${parts[1]} s, rows ${parts[2]} s)` : ''}`,
        value: `${seconds.toFixed(1)} s`,
        target: `< ${BUDGET_SECONDS} s`,
        ok: seconds < BUDGET_SECONDS,
      },
      {
        bench: 'seed',
        metric: 'npm run seed on a fresh DATA_DIR, whole process',
        value: `${total.toFixed(1)} s`,
      },
    ];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
