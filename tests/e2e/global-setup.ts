/**
 * Once per e2e run: the server seeds its demo content (real media made with ffmpeg) on a DATA_DIR
 * of this run, stops, and every file that asks for the demo (SEED_DEMO=1) starts from a copy of
 * it (harness.ts). The copy is what the seed left after a graceful stop, as after `npm start`
 * and Ctrl-C; the seed itself is tested by tests/server/seed.test.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { hasBrowser, runServer } from './harness.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR with the demo content, stopped; '' when the suite is skipped. */
    e2eSeededDataDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!hasBrowser) {
    project.provide('e2eSeededDataDir', '');
    return async () => {};
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-e2e-seeded-'));
  const server = await runServer(dataDir, { SEED_DEMO: '1' });
  await server.stop({ keepData: true });
  project.provide('e2eSeededDataDir', dataDir);
  return () => rm(dataDir, { recursive: true, force: true });
}
