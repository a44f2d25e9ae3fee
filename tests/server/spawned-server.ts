/**
 * The real server (`server/main.ts` as `npm start` runs it, bundled; embedded database on disk) as
 * a child process, for tests that kill it with SIGKILL at chosen moments and start it again on
 * the same DATA_DIR.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverCommand } from '../../scripts/server-process.js';
import { newCredentials } from './fixtures/users.js';
import { TEST_SERVER_BUNDLE } from './test-server-bundle.js';
import { until } from './transcode-helpers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

export interface SpawnedServer {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** SIGKILL: no shutdown handler runs, as in a crash or an OOM kill. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful shutdown. */
  stop(): Promise<void>;
}

export async function startServer(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  /**
   * How long the start may take. A first start on an empty DATA_DIR runs the database-making
   * child first (initdb in WebAssembly, then the migrations): a minute at load average 12 on
   * 2 cores; one that seeds the demo takes minutes when loaded.
   */
  { startMs = 180_000 } = {},
): Promise<SpawnedServer> {
  // As `npm start` runs it (scripts/start-server.sh, which execs Node: the pid is the server's),
  // from the bundle this run's global setup built of the current source. Under tsx each start
  // spent seconds more transforming and resolving the server's modules.
  const { command, args } = serverCommand(root);
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      SERVER_BUNDLE: TEST_SERVER_BUNDLE,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      TRANSCODE_RETRY_SECONDS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  await until(
    () =>
      fetch(`${url}/api/v1/healthcheck`).then(
        (r) => r.ok,
        () => child.exitCode !== null,
      ),
    (ok) => ok,
    startMs,
  );
  if (child.exitCode !== null) throw new Error(`the server exited at start:\n${output}`);
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    url,
    child,
    output: () => output,
    kill: async () => {
      // Its ffmpeg children would run on (a real crash leaves them to die on a broken pipe).
      const children = await childProcesses(child.pid!);
      await end('SIGKILL');
      for (const pid of children) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    },
    stop: () => end('SIGTERM'),
  };
}

let emptySite: Promise<string> | undefined;

/**
 * A new DATA_DIR (`prefix` names it) holding a copy of a site with no content, as a first start
 * and Ctrl-C leave it. The first start, initdb in WebAssembly and every migration, took about
 * 50 s quiet and well over a minute loaded; it runs once per test process for the files that
 * restart a server on a site (first-start.test.ts and start-log.test.ts test that start itself).
 */
export async function emptySiteCopy(prefix: string): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await cp(await emptySiteOfThisProcess(), dataDir, { recursive: true });
  return dataDir;
}

/**
 * Makes this process's empty site now (a file's `beforeAll`, with a hook timeout that fits a
 * first start), so that a test's own time is not spent on it.
 */
export async function emptySiteReady(): Promise<void> {
  await emptySiteOfThisProcess();
}

function emptySiteOfThisProcess(): Promise<string> {
  emptySite ??= (async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-empty-site-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const server = await startServer(dir, await freePort());
    await server.stop();
    return dir;
  })();
  return emptySite;
}

/** Whether `pid` is stopped by a signal (Linux /proc state `T`). */
function isStopped(pid: number): boolean {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat[stat.lastIndexOf(')') + 2] === 'T';
}

/**
 * Lets the process run in slices of `sliceMicros` (SIGCONT, then SIGSTOP) and checks `reached()`
 * between slices while it is stopped, so a moment that lasts well under a millisecond (a file
 * stored and its row not yet inserted) is caught. Returns with the process stopped once
 * `reached()` holds (true), or running again after `timeoutMs` (false). Blocks this thread.
 */
export function stopWhen(
  pid: number,
  reached: () => boolean,
  { sliceMicros = 30, timeoutMs = 60_000 } = {},
): boolean {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    process.kill(pid, 'SIGSTOP');
    while (!isStopped(pid)) {
      // the signal takes a few microseconds
    }
    if (reached()) return true;
    process.kill(pid, 'SIGCONT');
    const sliceEnd = performance.now() + sliceMicros / 1000;
    while (performance.now() < sliceEnd) {
      // let it run
    }
  }
  return false;
}

/** The ids of the processes whose parent is `pid` (Linux /proc). */
export async function childProcesses(pid: number, commandIncludes?: string): Promise<number[]> {
  const found: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      // "pid (comm) state ppid …": the command may hold spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== pid) continue;
      if (commandIncludes) {
        const command = (await readFile(`/proc/${name}/cmdline`, 'utf8')).split('\0').join(' ');
        if (!command.includes(commandIncludes)) continue;
      }
      found.push(Number(name));
    } catch {
      // exited meanwhile
    }
  }
  return found;
}

/** Registers a new account and signs in; returns the cookie header of its session. */
export async function signUp(url: string): Promise<string> {
  const credentials = newCredentials();
  const registered = await fetch(`${url}/api/v1/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...credentials }).toString(),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  const login = await fetch(`${url}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: credentials.email, password: credentials.password }),
  });
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Reads an API answer's `data` (throws on an error status). */
export async function apiData<T>(url: string, cookie: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, { ...init, headers: { ...init.headers, cookie } });
  const body = (await res.json()) as { data: T; message: string };
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${body.message}`);
  return body.data;
}
