/**
 * Every environment variable the server reads, declared once (issue 30): its type, range,
 * default and meaning, as one TypeBox schema. `readSettings` turns the environment's text into
 * typed values and stops the start at the first bad one with a message naming the variable, what
 * it got and what it accepts; docs/operations.md's table is checked against `settingsTable()`
 * (tests/server/settings.test.ts), and `npm run settings:table` prints it.
 *
 * Only the variables' own rules live here; rules between variables (S3's pairs, the demo seed's
 * default that follows DATABASE_URL) are config.ts's and config-s3.ts's.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { LIMITS } from '../contract/limits.js';
import { DEFAULT_DATABASE_POOL_SIZE, DEFAULT_PGLITE_SHARED_BUFFERS_MB } from './db/client.js';

/** What a flag accepts, either way; an empty value is the default. */
export const FLAG_ON = ['1', 'true', 'yes', 'on'];
export const FLAG_OFF = ['0', 'false', 'no', 'off'];

interface Doc {
  description: string;
  /** The default as the table shows it, when it is not simply `default` (computed, generated). */
  shownDefault?: string;
}

const int = (min: number, max: number, fallback: number, doc: Doc) =>
  Type.Integer({ minimum: min, maximum: max, default: fallback, ...doc });
const text = (fallback: string | undefined, doc: Doc) =>
  Type.String({ minLength: 1, ...(fallback === undefined ? {} : { default: fallback }), ...doc });
const optionalText = (doc: Doc) => Type.Optional(Type.String({ minLength: 1, ...doc }));
const flag = (fallback: boolean | undefined, doc: Doc) =>
  Type.Boolean({ ...(fallback === undefined ? {} : { default: fallback }), ...doc });

const DAY_MS = 86_400_000;
const MAX_INT = Number.MAX_SAFE_INTEGER;

export const SettingsSchema = Type.Object({
  PORT: int(1, 65_535, 3000, { description: 'HTTP port of the one process' }),
  HOST: text('0.0.0.0', { description: 'listen address' }),
  DATA_DIR: text('./data', {
    description:
      'embedded database (`pglite/`), media files (`media/`), in-flight uploads (`tmp/`), generated secrets (`secrets.json`)',
  }),
  DATABASE_URL: Type.Optional(
    Type.String({
      pattern: '^postgres(ql)?://',
      description:
        '`postgres://…`: use a PostgreSQL server instead of the embedded database (same schema and migrations, applied at start)',
    }),
  ),
  // PGlite's WebAssembly memory is 32-bit (4 GB in all): shared buffers stop well below that.
  DATABASE_POOL_SIZE: int(2, 100, DEFAULT_DATABASE_POOL_SIZE, {
    description:
      'connections of each of a process’s two PostgreSQL pools, 2–100 (unused without `DATABASE_URL`): one for everything, one opened by the first search (generic plans), so a process opens up to twice this; raise it with the database server’s cores',
  }),
  PGLITE_SHARED_BUFFERS_MB: int(1, 1024, DEFAULT_PGLITE_SHARED_BUFFERS_MB, {
    description:
      'shared buffers of the embedded database, 1–1024 (unused with `DATABASE_URL`): more holds a large catalogue in memory, as RSS',
  }),
  PUBLIC_URL: Type.Optional(
    Type.String({
      pattern: '^https?://[^/]+/*$',
      description:
        'absolute origin used in media URLs (`https://videos.example.com`); unset: the request’s protocol and host',
    }),
  ),
  MEDIA_ACCEL_REDIRECT: Type.Optional(
    Type.String({
      pattern: '^/[A-Za-z0-9_/-]*/$',
      description:
        'behind nginx: a local media request, once checked, is answered with an empty body and `X-Accel-Redirect: {this}{key}`, and nginx sends the file from an `internal` location with this prefix aliased to `DATA_DIR/media/` (docs/operations.md has the location; `npm run cluster -- --local-media` sets both). Unset: the server sends the bytes itself. Not with `S3_BUCKET`',
    }),
  ),
  CORS_ORIGINS: Type.Optional(
    Type.String({
      description:
        'comma-separated extra origins allowed to call the API with credentials; same origin always works',
    }),
  ),
  SMTP_URL: Type.Optional(
    Type.String({
      pattern: '^smtps?://',
      description:
        '`smtp://user:pass@host:587` (or `smtps://…:465`): send mail (password reset, address confirmation) over SMTP; needs `MAIL_FROM`. Unset: each message is written to `DATA_DIR/outbox/` as an `.eml` file and its name logged',
    }),
  ),
  MAIL_FROM: optionalText({
    description:
      'the From of mail the site sends (`VidTube <no-reply@example.com>`); required with `SMTP_URL`',
    shownDefault: '`VidTube <no-reply@localhost>`',
  }),
  REQUIRE_CONFIRMED_EMAIL_TO_UPLOAD: flag(false, {
    description:
      'uploading a video waits until the account has confirmed its email address (the mailed link)',
  }),
  SEED_DEMO: Type.Optional(
    flag(undefined, {
      description: 'create demo content on first start with an empty database',
      shownDefault: '`1` embedded, `0` with `DATABASE_URL`',
    }),
  ),
  DEMO_MEDIA_CACHE: flag(true, {
    description:
      "keep the demo's encoded clips under node_modules/.cache/vidtube/demo-media (by hash of the ffmpeg run), so the next seed (a new DATA_DIR, the test suites) copies them instead of encoding; `0`: encode every time",
  }),
  COOKIE_SECURE: flag(false, {
    description: 'mark session cookies `Secure` (set it behind HTTPS)',
  }),
  ACCESS_TOKEN_SECRET: optionalText({
    description:
      'HMAC key of access tokens; generated once into `DATA_DIR/secrets.json` when unset',
    shownDefault: 'generated',
  }),
  MAX_VIDEO_BYTES: int(1, MAX_INT, LIMITS.videoBytes, {
    description:
      'largest accepted video upload; the SPA refuses a larger file when it is picked, at `LIMITS.videoBytes` in contract/limits.ts (the same 2 GiB): raise both together',
    shownDefault: '`2147483648` (2 GiB)',
  }),
  UPLOAD_EXPIRY_HOURS: int(1, 24 * 365, 24, {
    description:
      'a resumable upload that received no byte for this long is abandoned; the hourly sweep removes it',
  }),
  FFMPEG_PATH: optionalText({
    description: 'use a system ffmpeg instead',
    shownDefault: 'bundled binary',
  }),
  FFPROBE_PATH: optionalText({
    description: 'use a system ffprobe instead',
    shownDefault: 'bundled binary',
  }),
  AUTH_RATE_LIMIT: int(1, 100_000, 10, {
    description:
      'login and register attempts per minute per IP; on PostgreSQL counted across every replica (a row per route and address in the database)',
  }),
  AVAILABILITY_RATE_LIMIT: int(1, 100_000, 60, {
    description:
      'sign-up "is this user name / email taken" checks per minute per IP (`POST /users/availability`)',
  }),
  FEED_CACHE_MS: int(0, DAY_MS, 2000, {
    description:
      'how long a public feed/search page may be served from the per-replica cache (`0`: off); writes on any replica clear every replica’s within a second (the event bus)',
  }),
  SUGGESTIONS_CACHE_MS: int(0, 60_000, 2000, {
    description:
      'how long the completions of one typed text (`GET /search/suggestions`) may be served from the per-replica cache (`0`: off); a video published, unpublished, edited or deleted, or a channel renamed, on any replica clears it within a second; others’ new searches show within it',
  }),
  FIRST_SCREEN_WAIT_MS: int(0, 60_000, 100, {
    description:
      'how long the HTML of `/` (and of `/watch/{id}`) waits for the first feed page (the poster) it embeds; past it the page goes out without and the SPA asks the API',
  }),
  TRUST_PROXY: text('0', {
    description:
      '`1` behind a reverse proxy (client IP and protocol from X-Forwarded-*), or better a comma-separated list of the proxies’ addresses or CIDRs (`10.0.0.5,10.1.0.0/16`): only those are believed. Any other value stops the start with a message',
  }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info', description: 'pino log level' },
  ),
  CLIENT_DIR: optionalText({
    description: 'the built SPA to serve (the API runs without it)',
    shownDefault: '`dist/client`',
  }),
  VIEW_FLUSH_MS: int(1, 60_000, 1000, {
    description:
      'how often counted views and tag interests are written in one batch (a crash loses at most this much)',
  }),
  LIVE_HEARTBEAT_MS: int(1, 3_600_000, 25_000, {
    description:
      'how often an open live-events stream (`GET /api/v1/events`) gets a comment line; keep it well below the proxy’s read timeout (nginx: 60 s by default; `npm run cluster`’s nginx uses three heartbeats)',
  }),
  // Four users' worth of the per-user cap (MAX_STREAMS_PER_USER, 8) behind one address.
  LIVE_STREAMS_PER_ADDRESS: int(1, 100_000, 32, {
    description:
      'live-events streams one client address may hold on one replica (besides 8 per user); one more is a 429 in the envelope. Behind a balancer set `TRUST_PROXY`, or every client shares the balancer’s address',
  }),
  SEARCH_COUNT_CAP: int(1, 1_000_000, 1000, {
    description:
      'search totals are exact up to this many matches; past it the answer says `totalIsLowerBound`',
  }),
  TRANSCODE_CONCURRENCY: int(0, 64, 1, {
    description:
      'transcode jobs this process runs at once; `0`: none here (with `DATABASE_URL`, leave them to `npm run worker`)',
  }),
  TRANSCODE_RETRIES: int(0, 100, 3, {
    description:
      'retries of a failed transcode before the video is marked failed (the creator can still retry it)',
  }),
  TRANSCODE_RETRY_SECONDS: int(1, 86_400, 30, {
    description: 'first delay before a retry; it doubles each time',
  }),
  S3_BUCKET: optionalText({
    description:
      'keep media in this S3-compatible bucket instead of `DATA_DIR/media` (see Object storage below)',
  }),
  S3_ENDPOINT: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description:
        'URL of another S3-compatible service (MinIO `http://host:9000`, Cloudflare R2’s account URL, …)',
      shownDefault: 'AWS S3',
    }),
  ),
  S3_REGION: text('us-east-1', { description: 'the bucket’s region' }),
  S3_ACCESS_KEY_ID: optionalText({
    description:
      'credentials of the bucket, set together with the next; unset: AWS_* variables, instance role',
    shownDefault: 'the SDK’s default chain',
  }),
  S3_SECRET_ACCESS_KEY: optionalText({
    description: 'the secret of `S3_ACCESS_KEY_ID`',
    shownDefault: 'the SDK’s default chain',
  }),
  S3_FORCE_PATH_STYLE: flag(false, {
    description:
      '`1`: bucket name in the URL path instead of the host name (MinIO and most self-hosted services)',
  }),
  S3_URL_SECONDS: int(60, 7 * 24 * 3600, 3600, {
    description: 'how long the signed URLs that media URLs redirect to stay valid (60 to 604800)',
  }),
});

export type Settings = Static<typeof SettingsSchema>;
export type SettingName = keyof Settings;

type Env = Record<string, string | undefined>;

const properties = SettingsSchema.properties as Record<string, TSchema>;

/** What a variable accepts, in words, for the message that stops a start. */
function accepted(schema: TSchema): string {
  if (schema.type === 'integer') {
    return `a whole number from ${schema.minimum as number} to ${schema.maximum as number}`;
  }
  if (schema.type === 'boolean') return `one of ${[...FLAG_ON, ...FLAG_OFF].join(', ')}`;
  if (Array.isArray(schema.anyOf)) {
    return `one of ${(schema.anyOf as TSchema[]).map((s) => s.const as string).join(', ')}`;
  }
  if (typeof schema.pattern === 'string') return `text matching ${schema.pattern}`;
  return 'any non-empty text';
}

/** The environment's text as the schema's type (unchecked: Value.Check decides). */
function fromText(schema: TSchema, raw: string): unknown {
  if (schema.type === 'integer') return /^-?\d+$/.test(raw.trim()) ? Number(raw.trim()) : raw;
  if (schema.type === 'boolean') {
    const word = raw.trim().toLowerCase();
    if (FLAG_ON.includes(word)) return true;
    if (FLAG_OFF.includes(word)) return false;
    return raw;
  }
  return raw;
}

/** A bad value: names the variable, what it got and what it accepts. */
export class SettingError extends Error {
  constructor(name: string, raw: string, schema: TSchema) {
    super(`${name}: got ${JSON.stringify(raw)}, accepts ${accepted(schema)}`);
    this.name = 'SettingError';
  }
}

/** Every declared variable, typed, with its default where unset or empty. */
export function readSettings(env: Env): Settings {
  const settings: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(properties)) {
    const raw = env[name];
    if (raw === undefined || raw === '') {
      if (schema.default !== undefined) settings[name] = schema.default;
      continue;
    }
    const value = fromText(schema, raw);
    if (!Value.Check(schema, value)) throw new SettingError(name, raw, schema);
    settings[name] = value;
  }
  return settings as Settings;
}

/** Every default, typed (what an empty environment reads as). */
export const SETTING_DEFAULTS: Settings = readSettings({});

/** One row of docs/operations.md's table: variable, default, meaning (markdown cells). */
export interface SettingRow {
  variable: string;
  shownDefault: string;
  meaning: string;
}

export function settingsTable(): SettingRow[] {
  return Object.entries(properties).map(([name, schema]) => ({
    variable: `\`${name}\``,
    shownDefault:
      (schema.shownDefault as string | undefined) ??
      (schema.default === undefined
        ? 'unset'
        : `\`${typeof schema.default === 'boolean' ? Number(schema.default) : String(schema.default)}\``),
    meaning: schema.description ?? '',
  }));
}

/** The table as markdown (`npm run settings:table`; prettier pads it in the docs). */
export function settingsMarkdown(): string {
  const rows = settingsTable().map((r) => `| ${r.variable} | ${r.shownDefault} | ${r.meaning} |`);
  return ['| variable | default | meaning |', '| --- | --- | --- |', ...rows].join('\n');
}
