/**
 * The real server's SIGTERM handling (server/main.ts) as a process manager sees it: a request that
 * never completes cannot keep the process alive past the 10 s limit, and a second signal (a
 * process manager that repeats SIGTERM, or Ctrl-C pressed twice) neither starts a second shutdown
 * nor cuts the first one short. The graceful part of the close is graceful-close.test.ts.
 */
import { rm } from 'node:fs/promises';
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { emptySiteCopy, freePort, startServer, type SpawnedServer } from './spawned-server.js';
import { until } from './transcode-helpers.js';

/** main.ts's limit for a shutdown. */
const FORCED_EXIT_MS = 10_000;

let dataDir: string;
let server: SpawnedServer;
// A start took over a minute in CI beside the suite's other files: more than the hook's default.
beforeAll(async () => {
  dataDir = await emptySiteCopy('vidtube-signals-');
  server = await startServer(dataDir, await freePort(), { LOG_LEVEL: 'info' });
}, 180_000);
afterAll(async () => {
  await server?.kill();
  await rm(dataDir, { recursive: true, force: true });
});

it('exits with 1 at the limit when a request never completes, and a second SIGTERM changes nothing', async () => {
  const { port } = new URL(server.url);
  // A body that announces 100 bytes and sends 2: the request stays in flight for ever.
  const stalled = net.connect(Number(port), '127.0.0.1');
  const cut = new Promise<void>((resolve) => stalled.on('close', () => resolve()));
  stalled.on('error', () => undefined);
  stalled.write(
    'POST /api/v1/users/login HTTP/1.1\r\nHost: vidtube.test\r\n' +
      'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"',
  );
  // A request on another connection, answered after this one's bytes were read (loopback
  // delivers in order of writing, and the server reads sockets as they become readable): the
  // close then finds the stalled request in flight, not an idle connection it may drop.
  expect((await fetch(`${server.url}/api/v1/healthcheck`)).status).toBe(200);

  const exited = new Promise<number | null>((resolve) =>
    server.child.once('exit', (code) => resolve(code)),
  );
  const signalled = performance.now();
  server.child.kill('SIGTERM');
  // The second signal once the first one is being handled (two pending signals of one kind
  // would be delivered as one).
  await until(
    async () => server.output(),
    (output) => output.includes('shutting down'),
    5_000,
  );
  server.child.kill('SIGTERM');

  // Neither cut short nor begun again: the first shutdown ends at its limit, alone.
  expect(await exited).toBe(1);
  expect(performance.now() - signalled).toBeGreaterThanOrEqual(FORCED_EXIT_MS - 100);
  await cut;
  expect(server.output().match(/shutting down/g)).toHaveLength(1);
}, 30_000);
