/**
 * A transcode survives a crash of the one process: the real server (`server/main.ts`, embedded
 * database on disk) is killed with SIGKILL after the first rendition is stored, started again on
 * the same DATA_DIR, and finishes the job without redoing that rendition.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import type { VideoDetail } from '../../contract/videos.js';
import { newCredentials } from './fixtures/users.js';
import { until } from './transcode-helpers.js';
import { uploadBody } from './video-helpers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let dataDir: string;
let child: ChildProcess | undefined;

afterAll(async () => {
  child?.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

async function startServer(port: number): Promise<string> {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    TRANSCODE_RETRY_SECONDS: '1',
  };
  // tsx as a loader, not its CLI: the CLI would run the server in a child that SIGKILL misses.
  child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env,
  });
  const url = `http://127.0.0.1:${port}`;
  await until(
    () =>
      fetch(`${url}/api/v1/healthcheck`).then(
        (r) => r.ok,
        () => false,
      ),
    (ok) => ok,
  );
  return url;
}

it('finishes a transcode after the process is killed in the middle of it', async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-restart-'));
  const port = await freePort();
  let url = await startServer(port);

  const credentials = newCredentials();
  expect(
    (
      await fetch(`${url}/api/v1/users/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...credentials }).toString(),
      })
    ).status,
  ).toBe(201);
  const login = await fetch(`${url}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: credentials.email, password: credentials.password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { body, headers } = await uploadBody({ video: 'hd.mp4' });
  const uploaded = await fetch(`${url}/api/v1/videos`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: new Uint8Array(body),
  });
  expect(uploaded.status).toBe(201);
  const { _id: id } = ((await uploaded.json()) as { data: { _id: string } }).data;
  const watch = async () => {
    const res = await fetch(`${url}/api/v1/videos/${id}`, { headers: { cookie } });
    return ((await res.json()) as { data: VideoDetail }).data;
  };

  // Kill as soon as the first rendition is recorded: the second one is then being made.
  const halfway = await until(watch, (v) => v.processing.renditions.length >= 1);
  child?.kill('SIGKILL');
  await new Promise((r) => child?.once('exit', r));
  expect(halfway.processing.renditions).toEqual(['480p']);
  const firstInit = path.join(
    dataDir,
    'media',
    new URL(halfway.processing.hlsUrl!).pathname
      .replace('/media/', '')
      .replace('.m3u8', '-480p-init.mp4'),
  );
  const madeAt = (await stat(firstInit)).mtimeMs;

  url = await startServer(port);
  const done = await until(watch, (v) => v.processing.state !== 'processing');
  expect(done.processing).toMatchObject({ state: 'ready', renditions: ['480p', '720p'] });
  // The rendition made before the crash was kept, not made again.
  expect((await stat(firstInit)).mtimeMs).toBe(madeAt);
  child?.kill('SIGTERM');
  await new Promise((r) => child?.once('exit', r));
}, 240_000);
