/**
 * Runs a server in a child process (never in the bench process, so load generators do not share
 * its event loop) and measures how long it takes to answer its healthcheck. The VidTube server
 * runs as `npm start` runs it (scripts/start-server.sh: the bundle, with its Node flags and malloc
 * settings); another entry (the hello-world) as `node --import tsx <entry>`. Either way the child
 * is Node itself (the script execs it), so its pid is the server's (for /proc memory readings).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { buildServer } from '../../scripts/build-server.js';
import { serverCommand } from '../../scripts/server-process.js';
import { ROOT } from './paths.js';

export interface BenchServer {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first 200 of the health path. */
  startupMs: number;
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface SpawnOptions {
  /** Script relative to the repository root; default: the VidTube server. */
  entry?: string;
  env?: Record<string, string | undefined>;
  healthPath?: string;
  timeoutMs?: number;
}

/** process.env with overrides; an override of `undefined` removes the variable. */
export function childEnv(overrides: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

/** Built once per bench run, from the sources being measured. */
let built: Promise<void> | undefined;

async function commandFor(entry: string | undefined) {
  if (entry)
    return { command: process.execPath, args: ['--import', 'tsx', path.join(ROOT, entry)] };
  built ??= buildServer();
  await built;
  return serverCommand(ROOT);
}

export async function spawnServer(options: SpawnOptions = {}): Promise<BenchServer> {
  const { entry, env = {}, healthPath = '/api/v1/healthcheck', timeoutMs = 300_000 } = options;
  const port = await freePort();
  const command = await commandFor(entry);
  let log = '';
  const started = performance.now();
  const child: ChildProcess = spawn(command.command, command.args, {
    cwd: ROOT,
    env: childEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const res = await fetch(`${url}${healthPath}`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (performance.now() - started > timeoutMs) {
      await stop();
      throw new Error(`server did not become healthy:\n${log}`);
    }
    // Fine-grained polling: this loop is also the startup-time measurement.
    await new Promise((r) => setTimeout(r, 10));
  }
  const startupMs = performance.now() - started;
  if (child.pid === undefined) throw new Error('no pid for the server process');
  return { url, pid: child.pid, startupMs, output: () => log, stop };
}
