/**
 * Runtime configuration from the environment (declared once, with its defaults and ranges, in
 * settings.ts), turned into what the server uses: paths resolved, units converted, rules between
 * variables applied.
 * Secrets that are not given are generated once and kept in DATA_DIR/secrets.json, so sessions
 * survive restarts without anyone having to invent a secret.
 */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { APP_ROOT } from './app-root.js';
import { loadS3Config, type S3Config } from './config-s3.js';
import { FLAG_OFF, FLAG_ON, readSettings, SETTING_DEFAULTS } from './settings.js';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL server URL; when absent the embedded PGlite database under dataDir is used. */
  databaseUrl: string | undefined;
  /** The embedded database's shared buffers in MB (db/client.ts says what it trades). */
  pgliteSharedBuffersMb: number;
  /** Connections of each PostgreSQL pool. */
  databasePoolSize: number;
  /** Absolute origin used to build media URLs; when absent the request's own origin is used. */
  publicUrl: string | undefined;
  /** Extra origins allowed to call the API with credentials (same origin is always allowed). */
  corsOrigins: string[];
  /**
   * The `internal` nginx location (a path prefix ending in `/`) that local media are handed to
   * with X-Accel-Redirect once checked (http/media-files.ts); absent: the server sends the bytes.
   */
  mediaAccelRedirect: string | undefined;
  /**
   * Whom the client's address and protocol are taken from (X-Forwarded-For/-Proto/-Host): false,
   * the connection itself; true, any proxy in front; a list, only proxies at these addresses or
   * CIDR ranges. It decides the IP the login rate limit counts and the origin of media URLs, so
   * a server reachable without its proxy should name the proxy rather than trust everyone.
   */
  trustProxy: boolean | string[];
  seedDemo: boolean;
  /** Keep the demo's encoded clips for the next seed (seed/demo-media-cache.ts). */
  demoMediaCache: boolean;
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
  /** How long the completions of one typed text may be served from the per-replica cache; 0 off. */
  suggestionsCacheMs: number;
  /** How long a page's HTML waits for its first-screen data before it goes out without. */
  firstScreenWaitMs: number;
  /**
   * How often an open live-events stream gets a comment line (live/live-hub.ts), so a proxy
   * does not close it as idle: keep it below the proxy's read timeout (nginx: 60 s by default).
   */
  liveHeartbeatMs: number;
  /**
   * Live-events streams one client address may hold on this replica (several users behind one
   * NAT share it); one more is refused with 429 (live/live-streams.ts).
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
  /** Where mail goes: an SMTP server, or `.eml` files in `DATA_DIR/outbox/` without one. */
  mail: MailConfig;
  /** Uploading waits until the account confirmed its email address. */
  requireConfirmedEmailToUpload: boolean;
}

export interface MailConfig {
  /** `smtp://…`/`smtps://…`; absent: the outbox folder. */
  smtpUrl: string | undefined;
  from: string;
}

export const DEFAULT_MAIL_FROM = 'VidTube <no-reply@localhost>';

/** SMTP needs a real sender: a server rejects (or spam-files) `no-reply@localhost`. */
function mailConfig(smtpUrl: string | undefined, from: string | undefined): MailConfig {
  if (smtpUrl && !from) {
    throw new Error('MAIL_FROM: required with SMTP_URL (the From of the mail the site sends)');
  }
  return { smtpUrl, from: from ?? DEFAULT_MAIL_FROM };
}

export const DEFAULT_LIVE_HEARTBEAT_MS = SETTING_DEFAULTS.LIVE_HEARTBEAT_MS;
export const DEFAULT_LIVE_STREAMS_PER_ADDRESS = SETTING_DEFAULTS.LIVE_STREAMS_PER_ADDRESS;

const DEFAULT_CLIENT_DIR = path.join(APP_ROOT, 'dist/client');

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
    throw new Error(
      `TRUST_PROXY: got ${JSON.stringify(value)}, accepts 1, 0 or a comma-separated list of IP addresses or CIDRs`,
    );
  }
  return proxies;
}

/** A bucket's media never pass through this server: a redirect to nginx's disk would be wrong. */
function mediaAccelRedirect(prefix: string | undefined, bucket: string | undefined) {
  if (prefix && bucket) {
    throw new Error(
      'MEDIA_ACCEL_REDIRECT: set with S3_BUCKET, but media in a bucket are never read from this disk',
    );
  }
  return prefix;
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
  const settings = readSettings(env);
  const dataDir = path.resolve(settings.DATA_DIR);
  const databaseUrl = settings.DATABASE_URL;
  const accessTokenSecret =
    settings.ACCESS_TOKEN_SECRET ?? loadOrCreateSecrets(dataDir).accessTokenSecret;
  return {
    port: settings.PORT,
    host: settings.HOST,
    dataDir,
    databaseUrl,
    pgliteSharedBuffersMb: settings.PGLITE_SHARED_BUFFERS_MB,
    databasePoolSize: settings.DATABASE_POOL_SIZE,
    publicUrl: settings.PUBLIC_URL?.replace(/\/+$/, ''),
    corsOrigins: (settings.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    trustProxy: trustProxy(settings.TRUST_PROXY),
    mediaAccelRedirect: mediaAccelRedirect(settings.MEDIA_ACCEL_REDIRECT, settings.S3_BUCKET),
    // Demo content is for the embedded database; a real server gets it only when asked.
    seedDemo: settings.SEED_DEMO ?? databaseUrl === undefined,
    demoMediaCache: settings.DEMO_MEDIA_CACHE,
    cookieSecure: settings.COOKIE_SECURE,
    accessTokenSecret,
    maxVideoBytes: settings.MAX_VIDEO_BYTES,
    uploadExpiryMs: settings.UPLOAD_EXPIRY_HOURS * 3_600_000,
    ffmpegPath: settings.FFMPEG_PATH,
    ffprobePath: settings.FFPROBE_PATH,
    transcodeConcurrency: settings.TRANSCODE_CONCURRENCY,
    transcodeRetries: settings.TRANSCODE_RETRIES,
    transcodeRetrySeconds: settings.TRANSCODE_RETRY_SECONDS,
    authRateLimit: settings.AUTH_RATE_LIMIT,
    availabilityRateLimit: settings.AVAILABILITY_RATE_LIMIT,
    feedCacheMs: settings.FEED_CACHE_MS,
    suggestionsCacheMs: settings.SUGGESTIONS_CACHE_MS,
    firstScreenWaitMs: settings.FIRST_SCREEN_WAIT_MS,
    liveHeartbeatMs: settings.LIVE_HEARTBEAT_MS,
    liveStreamsPerAddress: settings.LIVE_STREAMS_PER_ADDRESS,
    viewFlushMs: settings.VIEW_FLUSH_MS,
    searchCountCap: settings.SEARCH_COUNT_CAP,
    logLevel: settings.LOG_LEVEL,
    clientDir: settings.CLIENT_DIR ? path.resolve(settings.CLIENT_DIR) : DEFAULT_CLIENT_DIR,
    s3: loadS3Config(env),
    mail: mailConfig(settings.SMTP_URL, settings.MAIL_FROM),
    requireConfirmedEmailToUpload: settings.REQUIRE_CONFIRMED_EMAIL_TO_UPLOAD,
  };
}

/**
 * For the entry points: a bad setting stops the start with its one-line message (the variable,
 * what it got, what it accepts), not a stack trace.
 */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    process.stderr.write(`vidtube: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
