/**
 * A real S3-compatible server for server tests: s3rver (npm) on a free port with a temp
 * directory, started by the test file that needs it. It runs in a child process because s3rver
 * signs ListObjectsV2 continuation tokens with DES, which Node's OpenSSL 3 provides only
 * with --openssl-legacy-provider, a flag the test workers themselves should not carry.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../server/config-s3.js';

const PROCESS_SCRIPT = fileURLToPath(
  new URL('../../scripts/cluster/s3rver-process.ts', import.meta.url),
);
/** s3rver's fixed credentials: it checks request signatures against them. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3Event {
  /** `ObjectCreated:Put` (one PUT), `ObjectCreated:Post` (a completed multipart upload), … */
  event: string;
  key: string;
}

export interface S3TestServer {
  /** What S3_* variables would give for this server. */
  config: S3Config;
  /** Object events in the order the server saw them. */
  events: S3Event[];
  /** Whether the bucket holds `key`, asked without the app's S3 client (an anonymous HEAD). */
  holds(key: string): Promise<boolean>;
  /** Gives the bucket the CORS rule docs/operations.md gives (Object storage) for the site `origin`. */
  allowSite(origin: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startS3Server(bucket = 'vidtube-test'): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'vidtube-s3-'));
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '--import', 'tsx', PROCESS_SCRIPT, directory, bucket],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const events: S3Event[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited with code ${code}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const message = JSON.parse(line) as S3Event | { port: number };
      if ('port' in message) resolve(message.port);
      else events.push(message);
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    config: {
      bucket,
      region: 'us-east-1',
      endpoint,
      credentials: CREDENTIALS,
      forcePathStyle: true,
      signedUrlSeconds: 600,
    },
    events,
    async holds(key) {
      const answer = await fetch(`${endpoint}/${bucket}/${key}`, { method: 'HEAD' });
      if (answer.status !== 200 && answer.status !== 404) {
        throw new Error(`s3rver answered HEAD ${key} with ${answer.status}`);
      }
      return answer.status === 200;
    },
    async allowSite(origin) {
      const client = new S3Client({
        region: 'us-east-1',
        endpoint,
        forcePathStyle: true,
        credentials: CREDENTIALS,
      });
      const rule = {
        AllowedOrigins: [origin],
        AllowedMethods: ['GET', 'HEAD'],
        AllowedHeaders: ['Range'],
        ExposeHeaders: ['Content-Length', 'Content-Range'],
        MaxAgeSeconds: 3600,
      };
      try {
        await client.send(
          new PutBucketCorsCommand({ Bucket: bucket, CORSConfiguration: { CORSRules: [rule] } }),
        );
      } finally {
        client.destroy();
      }
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
