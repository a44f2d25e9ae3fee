/**
 * Once per e2e run, two DATA_DIRs that every file starts from a copy of (harness.ts): an empty
 * site (the server's first start on an empty folder, which creates and migrates the database in
 * its child process) and the same site with the demo content (real media made with ffmpeg), for
 * files that ask for it with SEED_DEMO=1. Each is what the server left after a graceful stop, as
 * after `npm start` and Ctrl-C. Doing this once instead of in each of 13 files saves about two
 * minutes of CI; the first start and the seed themselves are tested by the server suite
 * (first-start.test.ts, seed.test.ts) and happen here for real once per run.
 */
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { hasBrowser, runServer } from './harness.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR of a site with no content, stopped; '' when the suite is skipped. */
    e2eEmptyDataDir: string;
    /** A DATA_DIR with the demo content, stopped; '' when the suite is skipped. */
    e2eSeededDataDir: string;
  }
}

/** Waits for the seek-preview backfill to report its end; fails with the server's log if not. */
async function backfilled(output: () => string): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (!output().includes('seek-preview backfill: done')) {
    if (Date.now() > deadline) {
      throw new Error(`the demo's seek previews were not made in 300 s:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!hasBrowser) {
    project.provide('e2eEmptyDataDir', '');
    project.provide('e2eSeededDataDir', '');
    return async () => {};
  }
  const folder = await mkdtemp(path.join(os.tmpdir(), 'vidtube-e2e-start-'));
  const empty = path.join(folder, 'empty');
  const seeded = path.join(folder, 'seeded');
  await mkdir(empty);
  await (await runServer(empty, { SEED_DEMO: '0' })).stop({ keepData: true });
  await cp(empty, seeded, { recursive: true });
  // The demo site as a visitor finds it a few minutes after a first start: its videos have seek
  // previews (the backfill's, processing/preview-backfill.ts), and no file starts with that
  // ffmpeg work still running beside its own test.
  const demo = await runServer(seeded, { SEED_DEMO: '1', LOG_LEVEL: 'info' });
  await backfilled(demo.output);
  await demo.stop({ keepData: true });
  project.provide('e2eEmptyDataDir', empty);
  project.provide('e2eSeededDataDir', seeded);
  return () => rm(folder, { recursive: true, force: true });
}
