/**
 * The start log of the real server (server/main.ts) on a new embedded database with SEED_DEMO:
 * the first start seeds in a child process (first-start.ts) and then opens the database, and the
 * demo accounts are printed once per start, the first one included.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_CHANNELS } from '../../server/seed/demo-data.js';
import { freePort, startServer, type SpawnedServer } from './spawned-server.js';

const accountLine = `demo account: userName=${DEMO_CHANNELS[0]!.userName} `;
const timesPrinted = (output: string) => output.split(accountLine).length - 1;

describe('the start log', () => {
  const dirs: string[] = [];
  let server: SpawnedServer | undefined;
  afterAll(async () => {
    await server?.stop();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  // The first start seeds the whole demo (ffmpeg, sharp): a loaded machine's time.
  it(
    'prints the demo accounts once on the first start and once on the next',
    { timeout: 300_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-start-log-'));
      dirs.push(dataDir);
      const env = { SEED_DEMO: '1', LOG_LEVEL: 'info', TRANSCODE_CONCURRENCY: '0' };
      server = await startServer(dataDir, await freePort(), env, { startMs: 280_000 });
      expect(server.output()).toContain('demo content ready');
      expect(timesPrinted(server.output())).toBe(1);
      await server.stop();
      server = await startServer(dataDir, await freePort(), env);
      expect(timesPrinted(server.output())).toBe(1);
    },
  );
});
