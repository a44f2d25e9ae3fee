/**
 * Runtime configuration from the environment, with the embedded defaults of DESIGN.md.
 * Secrets that are not given are generated once and kept in DATA_DIR/secrets.json, so sessions
 * survive restarts without anyone having to invent a secret.
 */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { APP_ROOT } from './app-root.js';
import { loadS3Config, type S3Config } from './config-s3.js';
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB } from './db/client.js';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL server URL; when absent the embedded PGlite database under dataDir is used. */
  databaseUrl: string | undefined;
  /** The embedded database's shared buffers in MB (db/client.ts says what it trades). */
  pgliteSharedBuffersMb: number;
  /** Absolute origin used to build media URLs; when absent the request's own origin is used. */
  publicUrl: string | undefined;
  /** Extra origins allowed to call the API with credentials (same origin is always allowed). */
  corsOrigins: string[];
  /**
   * Whom the client's address and protocol are taken from (X-Forwarded-For/-Proto/-Host): false,
   * the connection itself; true, any proxy in front; a list, only proxies at these addresses or
   * CIDR ranges. It decides the IP the login rate limit counts and the origin of media URLs, so
   * a server reachable without its proxy should name the proxy rather than trust everyone.
   */
  trustProxy: boolean | string[];
  seedDemo: boolean;
  cookieSecure: boolean;
  accessTokenSecret: string;
  maxVideoBytes: number;
  /** A resumable upload that received no byte for this long is abandoned and removed. */
  uploadExpiryMs: number;
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
  /** Transcode jobs this process runs at once; 0 leaves them to `npm run worker` processes. */
  transcodeConcurrency: number;
  /** Retries of a failed transcode before the video is marked failed. */
  transcodeRetries: number;
  /** First delay before a failed transcode is tried again (doubling each time). */
  transcodeRetrySeconds: number;
  /** How long a public feed page may be served from the per-replica cache; 0 turns it off. */
  feedCacheMs: number;
  /** How long a page's HTML waits for its first-screen data before it goes out without. */
  firstScreenWaitMs: number;
  /**
   * How often an open live-events stream gets a comment line (services/live-hub.ts), so a proxy
   * does not close it as idle: keep it below the proxy's read timeout (nginx: 60 s by default).
   */
  liveHeartbeatMs: number;
  /**
   * Live-events streams one client address may hold on this replica (several users behind one
   * NAT share it); one more is refused with 429 (services/live-streams.ts).
   */
  liveStreamsPerAddress: number;
  /** How often counted views and tag interests are written in one batch (view-counter.ts). */
  viewFlushMs: number;
  /** Search totals are exact up to this many matches; past it the answer says "at least". */
  searchCountCap: number;
  /** Requests per minute per IP on login and register. */
  authRateLimit: number;
  /** Requests per minute per IP on the sign-up form's "is this name taken" check. */
  availabilityRateLimit: number;
  logLevel: string;
  /** The built SPA (vite's outDir); the API runs without it, e.g. in server tests. */
  clientDir: string;
  /** Media in an S3-compatible bucket; absent: on the local disk under dataDir. */
  s3: S3Config | undefined;
}

export const DEFAULT_LIVE_HEARTBEAT_MS = 25_000;
/** Four users' worth of the per-user cap (MAX_STREAMS_PER_USER, 8) behind one address. */
export const DEFAULT_LIVE_STREAMS_PER_ADDRESS = 32;

const DEFAULT_CLIENT_DIR = path.join(APP_ROOT, 'dist/client');

const FLAG_ON = ['1', 'true', 'yes', 'on'];
const FLAG_OFF = ['0', 'false', 'no', 'off'];

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !FLAG_OFF.includes(value.toLowerCase());
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer`);
  return n;
}

/**
 * PGlite's WebAssembly memory is 32-bit: its whole heap is at most 4 GB, so shared buffers stop
 * well below that.
 */
const MAX_PGLITE_SHARED_BUFFERS_MB = 1024;

function pgliteSharedBuffersMb(value: string | undefined): number {
  const mb = positiveInt('PGLITE_SHARED_BUFFERS_MB', value, DEFAULT_PGLITE_SHARED_BUFFERS_MB);
  if (mb > MAX_PGLITE_SHARED_BUFFERS_MB) {
    throw new Error(`PGLITE_SHARED_BUFFERS_MB must be at most ${MAX_PGLITE_SHARED_BUFFERS_MB}`);
  }
  return mb;
}

function nonNegativeInt(name: string, value: string | undefined, fallback: number): number {
  return value === '0' ? 0 : positiveInt(name, value, fallback);
}

/** An address or a CIDR range (`10.0.0.0/8`, `fd00::/8`), as proxy-addr (Fastify) reads them. */
function isAddressOrRange(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

function trustProxy(value: string | undefined): boolean | string[] {
  const text = (value ?? '').trim();
  if (text === '' || FLAG_OFF.includes(text.toLowerCase())) return false;
  if (FLAG_ON.includes(text.toLowerCase())) return true;
  const proxies = text.split(',').map((p) => p.trim());
  if (!proxies.every(isAddressOrRange)) {
    throw new Error('TRUST_PROXY must be 1, 0 or a comma-separated list of IP addresses or CIDRs');
  }
  return proxies;
}

function loadOrCreateSecrets(dataDir: string): { accessTokenSecret: string } {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file))
    return JSON.parse(readFileSync(file, 'utf8')) as { accessTokenSecret: string };
  const secrets = { accessTokenSecret: randomBytes(32).toString('base64url') };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const databaseUrl = env.DATABASE_URL || undefined;
  const accessTokenSecret =
    env.ACCESS_TOKEN_SECRET || loadOrCreateSecrets(dataDir).accessTokenSecret;
  return {
    port: positiveInt('PORT', env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    pgliteSharedBuffersMb: pgliteSharedBuffersMb(env.PGLITE_SHARED_BUFFERS_MB),
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    trustProxy: trustProxy(env.TRUST_PROXY),
    // Demo content is for the embedded database; a real server gets it only when asked.
    seedDemo: flag(env.SEED_DEMO, databaseUrl === undefined),
    cookieSecure: flag(env.COOKIE_SECURE, false),
    accessTokenSecret,
    maxVideoBytes: positiveInt('MAX_VIDEO_BYTES', env.MAX_VIDEO_BYTES, 2 * 1024 ** 3),
    uploadExpiryMs: positiveInt('UPLOAD_EXPIRY_HOURS', env.UPLOAD_EXPIRY_HOURS, 24) * 3_600_000,
    ffmpegPath: env.FFMPEG_PATH || undefined,
    ffprobePath: env.FFPROBE_PATH || undefined,
    transcodeConcurrency: nonNegativeInt('TRANSCODE_CONCURRENCY', env.TRANSCODE_CONCURRENCY, 1),
    transcodeRetries: nonNegativeInt('TRANSCODE_RETRIES', env.TRANSCODE_RETRIES, 3),
    transcodeRetrySeconds: positiveInt('TRANSCODE_RETRY_SECONDS', env.TRANSCODE_RETRY_SECONDS, 30),
    authRateLimit: positiveInt('AUTH_RATE_LIMIT', env.AUTH_RATE_LIMIT, 10),
    availabilityRateLimit: positiveInt('AVAILABILITY_RATE_LIMIT', env.AVAILABILITY_RATE_LIMIT, 60),
    feedCacheMs: nonNegativeInt('FEED_CACHE_MS', env.FEED_CACHE_MS, 2000),
    firstScreenWaitMs: nonNegativeInt('FIRST_SCREEN_WAIT_MS', env.FIRST_SCREEN_WAIT_MS, 100),
    liveHeartbeatMs: positiveInt(
      'LIVE_HEARTBEAT_MS',
      env.LIVE_HEARTBEAT_MS,
      DEFAULT_LIVE_HEARTBEAT_MS,
    ),
    liveStreamsPerAddress: positiveInt(
      'LIVE_STREAMS_PER_ADDRESS',
      env.LIVE_STREAMS_PER_ADDRESS,
      DEFAULT_LIVE_STREAMS_PER_ADDRESS,
    ),
    viewFlushMs: positiveInt('VIEW_FLUSH_MS', env.VIEW_FLUSH_MS, 1000),
    searchCountCap: positiveInt('SEARCH_COUNT_CAP', env.SEARCH_COUNT_CAP, 1000),
    logLevel: env.LOG_LEVEL || 'info',
    clientDir: path.resolve(env.CLIENT_DIR || DEFAULT_CLIENT_DIR),
    s3: loadS3Config(env),
  };
}
