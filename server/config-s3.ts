/**
 * The S3-compatible media store's settings (S3_* variables). Media stays on the local disk unless
 * S3_BUCKET is set; any other S3_* variable without it is a mistake worth stopping for, since the
 * server would otherwise quietly write media to the local disk the operator meant to leave.
 */

export interface S3Config {
  bucket: string;
  region: string;
  /** An S3-compatible service's URL (MinIO, R2, s3rver…); absent: AWS itself. */
  endpoint: string | undefined;
  /** Both or neither; neither: the SDK's default chain (AWS_* variables, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `bucket` in the path instead of the host name: what most self-hosted services need. */
  forcePathStyle: boolean;
  /** How long a signed media URL handed to a browser stays valid. */
  signedUrlSeconds: number;
}

/** One hour: a viewer keeps fetching ranges from the same URL while watching (see docs/operations.md). */
const DEFAULT_SIGNED_URL_SECONDS = 3600;
/** SigV4 refuses presigned URLs valid for longer than a week. */
const MAX_SIGNED_URL_SECONDS = 7 * 24 * 3600;

type Env = Record<string, string | undefined>;

/** The variables that mean nothing without S3_BUCKET. */
const S3_SETTINGS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_URL_SECONDS',
];

function signedUrlSeconds(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_SIGNED_URL_SECONDS;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 60 || n > MAX_SIGNED_URL_SECONDS) {
    throw new Error(`S3_URL_SECONDS must be a whole number from 60 to ${MAX_SIGNED_URL_SECONDS}`);
  }
  return n;
}

function endpointUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`S3_ENDPOINT must be a URL such as http://127.0.0.1:9000 (got "${value}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error('S3_ENDPOINT must start with http:// or https://');
  }
  return value.replace(/\/+$/, '');
}

export function loadS3Config(env: Env): S3Config | undefined {
  const bucket = env.S3_BUCKET || undefined;
  if (!bucket) {
    const stray = S3_SETTINGS.filter((name) => env[name]);
    if (stray.length > 0) throw new Error(`${stray.join(', ')} set without S3_BUCKET`);
    return undefined;
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  const forcePathStyle = env.S3_FORCE_PATH_STYLE ?? '';
  return {
    bucket,
    region: env.S3_REGION || 'us-east-1',
    endpoint: endpointUrl(env.S3_ENDPOINT),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: !['', '0', 'false', 'no', 'off'].includes(forcePathStyle.toLowerCase()),
    signedUrlSeconds: signedUrlSeconds(env.S3_URL_SECONDS),
  };
}
