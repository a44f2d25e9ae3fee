/**
 * `npm run cluster` as a library (the CLI is cli.ts; the e2e/cluster suite and the bench start it
 * the same way): PostgreSQL, an S3-compatible bucket (s3rver), two API replicas and one worker,
 * each with its own DATA_DIR and, where possible, its own network namespace (network.ts), behind
 * nginx (nginx.ts). Nothing is shared but the database and the bucket: the replicas run with
 * TRANSCODE_CONCURRENCY=0, so every conversion runs on the worker, which reads its source from the
 * bucket. One ACCESS_TOKEN_SECRET for all (a token signed by one replica is checked by another).
 *
 * `media: 'local'` (`npm run cluster -- --local-media`, issue 35) leaves the bucket out: every
 * process's `DATA_DIR/media` is a link to one folder of the run (as a network filesystem would
 * share it), the replicas answer media requests with X-Accel-Redirect (MEDIA_ACCEL_REDIRECT) and
 * nginx sends the files from that folder (nginx.ts). Resumable uploads then stay on the disk of
 * the replica that began them (DATA_DIR/uploads is one process's), so only the bucket topology
 * takes a tus upload whose requests reach different replicas.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  createWriteStream,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LIVE_HEARTBEAT_MS } from '../../server/config.js';
import { buildServer } from '../build-server.js';
import { openNetwork, type Host, type Network } from './network.js';
import { errorLogOf, MEDIA_ACCEL_PREFIX, startNginx } from './nginx.js';
import { dropPostgres, openPostgres, startRelay } from './postgres.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const HOST_NAMES = ['api1', 'api2', 'worker'] as const;
export const BUCKET = 'vidtube';
/** s3rver checks signatures against these fixed credentials. */
const S3_KEYS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

/**
 * Where a run's ports start (CLUSTER_BASE_PORT moves them). Below Linux's range for outgoing
 * connections (32768–60999): a port there can still be held by a closed connection in TIME_WAIT
 * after a load test, for up to a minute, and nginx or PostgreSQL then cannot bind it.
 */
export const DEFAULT_BASE_PORT = 26000;

/** The ports of one run, from `base` (DEFAULT_BASE_PORT unless CLUSTER_BASE_PORT says). */
export function portsFrom(base: number) {
  return {
    base,
    replicas: [base + 1, base + 2],
    postgres: base + 10,
    relay: base + 11,
    balancer: base + 80,
    bucket: base + 90,
  };
}

export interface ClusterOptions {
  /** Folder of the run: each process's DATA_DIR and log, nginx's files, the bucket's objects. */
  dir: string;
  /** An existing PostgreSQL database; unset: a cluster of Debian's PostgreSQL made for the run. */
  databaseUrl?: string;
  basePort?: number;
  /** The loopback fallback even where namespaces could be made. */
  loopback?: boolean;
  /** Where media live: the S3-compatible bucket (default), or one local folder nginx sends from. */
  media?: 'bucket' | 'local';
  /** Extra environment for every replica and the worker (tests shorten retries with it). */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

/** How a process ended: its exit code, or the signal that ended it. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** One API replica or the worker: its host, and its process (restartable). */
export interface Member {
  name: string;
  host: Host;
  /** Where a replica is reached directly (through its namespace's address); none for the worker. */
  url?: string;
  logFile: string;
  readonly pid: number | undefined;
  /** Starts the process (again), with `extraEnv` over its environment for this run only. */
  start(extraEnv?: Record<string, string>): Promise<void>;
  /**
   * Sends `signal` and waits for the process to end: how it ended (a code, or the signal that
   * ended it), or undefined when it was not running.
   */
  kill(signal?: NodeJS.Signals): Promise<Exit | undefined>;
}

export interface Cluster {
  /** The balancer: what a browser opens. */
  url: string;
  network: Network;
  fallbackReason?: string;
  databaseUrl: string;
  /** The bucket's URL; empty with local media. */
  bucketEndpoint: string;
  /** The folder every process's DATA_DIR/media links to, with local media. */
  mediaDir?: string;
  replicas: Member[];
  worker: Member;
  /** nginx's master process (its worker is its child). */
  balancerPid: number | undefined;
  /** nginx's error log: why a request was passed to the next replica, or failed. */
  balancerErrorLog: string;
  stop(): Promise<void>;
}

/** Waits for `check` to hold, polling; throws with `what` after `ms`. */
export async function waitFor(what: string, check: () => Promise<boolean>, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const healthy = (url: string) => async () =>
  (await fetch(`${url}/api/v1/healthcheck`, { signal: AbortSignal.timeout(2_000) })).ok;

function member(
  name: string,
  host: Host,
  network: Network,
  command: string[],
  env: Record<string, string>,
  dir: string,
  ready: (member: Member) => Promise<void>,
  url?: string,
): Member {
  const logFile = path.join(dir, `${name}.log`);
  let child: ChildProcess | undefined;
  const self: Member = {
    name,
    host,
    url,
    logFile,
    get pid() {
      return child?.exitCode === null && child.signalCode === null ? child.pid : undefined;
    },
    async start(extraEnv = {}) {
      const [program, ...args] = [...network.prefix(host), ...command] as [string, ...string[]];
      const log = createWriteStream(logFile, { flags: 'a' });
      child = spawn(program, args, {
        cwd: ROOT,
        env: { ...process.env, ...env, ...extraEnv },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.pipe(log);
      child.stderr?.pipe(log);
      const started = child;
      const died = new Promise<never>((_, reject) =>
        started.once('exit', (code, signal) =>
          reject(new Error(`${name} exited (${signal ?? code}) while starting: see ${logFile}`)),
        ),
      );
      died.catch(() => {}); // only a failure while starting matters here
      await Promise.race([ready(self), died]);
    },
    async kill(signal = 'SIGTERM') {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return undefined;
      const exited = new Promise<Exit>((resolve) =>
        running.once('exit', (code, ended) => resolve({ code, signal: ended })),
      );
      running.kill(signal);
      return exited;
    },
  };
  return self;
}

/** s3rver on `gateway:port` over the run's `bucket/` folder; resolves with its endpoint. */
async function startBucket(
  dir: string,
  gateway: string,
  port: number,
  cleanups: (() => Promise<void> | void)[],
): Promise<string> {
  const bucketDir = path.join(dir, 'bucket');
  mkdirSync(bucketDir, { recursive: true });
  const s3rver = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      '--import',
      'tsx',
      path.join(ROOT, 'scripts/cluster/s3rver-process.ts'),
      bucketDir,
      BUCKET,
      gateway,
      String(port),
    ],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  cleanups.push(async () => {
    const exited = new Promise((resolve) => s3rver.once('exit', resolve));
    s3rver.stdin?.end();
    await exited;
  });
  await new Promise<void>((resolve, reject) => {
    s3rver.once('exit', (code) => reject(new Error(`s3rver exited with code ${code}`)));
    createInterface({ input: s3rver.stdout }).once('line', () => resolve());
  });
  return `http://${gateway}:${port}`;
}

/**
 * With local media, `DATA_DIR/media` of every process is a link to the run's one media folder.
 * A link, not a setting: the server's folder stays DATA_DIR/media, as on a machine that mounts it.
 */
function linkMedia(dataDir: string, mediaDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  rmSync(path.join(dataDir, 'media'), { recursive: true, force: true });
  symlinkSync(mediaDir, path.join(dataDir, 'media'));
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { dir, log = console.log } = options;
  const ports = portsFrom(options.basePort ?? DEFAULT_BASE_PORT);
  mkdirSync(dir, { recursive: true });
  // The replicas run the bundle, as `npm start` does (a few seconds to make).
  await buildServer();
  const cleanups: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
    cleanups.length = 0;
  };
  try {
    const { network, fallbackReason } = openNetwork(HOST_NAMES, { loopback: options.loopback });
    cleanups.push(() => network.destroy());
    if (fallbackReason) {
      log(`warning: no network namespaces (${fallbackReason}): every process on 127.0.0.1`);
    }
    const postgres = openPostgres(options.databaseUrl, ports.postgres);
    if (postgres.owned) cleanups.push(() => dropPostgres());
    let databaseUrl = postgres.url;
    if (network.isolated) {
      const relay = await startRelay(postgres.url, network.gateway, ports.relay);
      cleanups.push(() => relay.close());
      databaseUrl = relay.url;
    }

    const localMedia = options.media === 'local';
    const bucketEndpoint = localMedia
      ? ''
      : await startBucket(dir, network.gateway, ports.bucket, cleanups);

    const secretFile = path.join(dir, 'access-token-secret');
    let secret: string;
    try {
      secret = readFileSync(secretFile, 'utf8');
    } catch {
      secret = randomBytes(32).toString('hex');
      writeFileSync(secretFile, secret, { mode: 0o600 });
    }
    const mediaDir = localMedia ? path.join(dir, 'media') : undefined;
    if (mediaDir) mkdirSync(mediaDir, { recursive: true });
    const dataDirOf = (name: string) => {
      const dataDir = path.join(dir, name);
      if (mediaDir) linkMedia(dataDir, mediaDir);
      return dataDir;
    };
    const bucket = {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: bucketEndpoint,
      S3_FORCE_PATH_STYLE: '1',
      S3_REGION: 'us-east-1',
      ...S3_KEYS,
    };
    const shared = {
      DATABASE_URL: databaseUrl,
      ...(localMedia ? {} : bucket),
      ACCESS_TOKEN_SECRET: secret,
      SEED_DEMO: '0',
      ...options.env,
    };
    const [api1, api2, workerHost] = network.hosts as [Host, Host, Host];
    const replicas = [api1, api2].map((host, index) => {
      const port = ports.replicas[index]!;
      const url = `http://${host.address}:${port}`;
      const env = {
        ...shared,
        PORT: String(port),
        HOST: host.address,
        DATA_DIR: dataDirOf(host.name),
        ...(localMedia ? { MEDIA_ACCEL_REDIRECT: MEDIA_ACCEL_PREFIX } : {}),
        // nginx connects from the machine's address: only it may say who the client is.
        TRUST_PROXY: network.gateway,
        TRANSCODE_CONCURRENCY: '0',
      };
      const command = ['/bin/sh', path.join(ROOT, 'scripts/start-server.sh')];
      const ready = () => waitFor(`${host.name} at ${url}`, healthy(url));
      return member(host.name, host, network, command, env, dir, ready, url);
    });
    const worker = member(
      'worker',
      workerHost,
      network,
      [process.execPath, '--import', 'tsx', path.join(ROOT, 'server/worker.ts')],
      // Info at least: its readiness is read from its log ("worker ready").
      {
        ...shared,
        DATA_DIR: dataDirOf('worker'),
        TRANSCODE_CONCURRENCY: '1',
        LOG_LEVEL: 'info',
      },
      dir,
      (self) =>
        waitFor('the worker', async () =>
          readFileSync(self.logFile, 'utf8').includes('worker ready'),
        ),
    );
    const members = [...replicas, worker];
    cleanups.push(() => Promise.all(members.map((m) => m.kill('SIGTERM'))).then(() => {}));
    // At the same moment, against a database they may find empty: the migrations' advisory lock
    // makes one of them migrate and the others wait.
    await Promise.all(members.map((m) => m.start()));

    const nginxDir = path.join(dir, 'nginx');
    const nginx = startNginx({
      dir: nginxDir,
      listen: [...new Set(['127.0.0.1', network.gateway])],
      port: ports.balancer,
      heartbeatMs: Number(options.env?.LIVE_HEARTBEAT_MS ?? DEFAULT_LIVE_HEARTBEAT_MS),
      ...(mediaDir ? { media: { prefix: MEDIA_ACCEL_PREFIX, root: mediaDir } } : {}),
      upstreams: replicas.map((replica, index) => ({
        address: replica.host.address,
        port: ports.replicas[index]!,
      })),
    });
    cleanups.push(async () => {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    });
    const url = `http://127.0.0.1:${ports.balancer}`;
    await waitFor(`nginx at ${url}`, healthy(url), 10_000);
    return {
      url,
      network,
      fallbackReason,
      databaseUrl,
      bucketEndpoint,
      mediaDir,
      replicas,
      worker,
      balancerPid: nginx.pid,
      balancerErrorLog: errorLogOf(nginxDir),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Removes a run's folder (logs, DATA_DIRs, bucket) after it stopped. */
export function removeRunFolder(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
