/**
 * The S3-compatible media store's settings (S3_* variables). Media stays on the local disk unless
 * S3_BUCKET is set; any other S3_* variable without it is a mistake worth stopping for, since the
 * server would otherwise quietly write media to the local disk the operator meant to leave.
 */
import { readSettings } from './settings.js';

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

/** Each variable's own rule is settings.ts's; the rules between them are here. */
export function loadS3Config(env: Env): S3Config | undefined {
  const settings = readSettings(env);
  const bucket = settings.S3_BUCKET;
  if (!bucket) {
    const stray = S3_SETTINGS.filter((name) => env[name]);
    if (stray.length > 0) throw new Error(`${stray.join(', ')} set without S3_BUCKET`);
    return undefined;
  }
  const accessKeyId = settings.S3_ACCESS_KEY_ID;
  const secretAccessKey = settings.S3_SECRET_ACCESS_KEY;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  return {
    bucket,
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT?.replace(/\/+$/, ''),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    signedUrlSeconds: settings.S3_URL_SECONDS,
  };
}
