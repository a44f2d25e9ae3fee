/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, R2, s3rver…). Files arrive finished (processed
 * in tmpDir) and go up with lib-storage's Upload: one PUT when small, a multipart upload in 8 MiB
 * parts when large, so at most PARALLEL_PARTS parts of a 2 GiB video are in memory at once.
 * Browsers read objects from the bucket itself through short-lived signed URLs (`direct`), so Node
 * never relays media bytes. Only open-storage.ts imports this module, and only when S3_BUCKET is
 * set: the SDK is not loaded by the local-disk default.
 */
import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config-s3.js';
import {
  assertSafeKey,
  mediaUrlOf,
  SAFE_KEY,
  type DirectReads,
  type MediaStorage,
  type StoredObject,
} from './storage.js';

const PART_BYTES = 8 * 1024 ** 2;
const PARALLEL_PARTS = 4;
/** Keys are never reused for new content, so a browser or CDN may keep an object for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface S3StorageOptions {
  /** Objects per ListObjectsV2 page (S3's maximum and default: 1000); tests page with fewer. */
  listPageSize?: number;
}

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}

/** The same failure a missing file gives on the local disk, so callers need not know the store. */
function missingObject(key: string): Error {
  return Object.assign(new Error(`no such object: ${key}`), { code: 'ENOENT' });
}

export class S3Storage implements MediaStorage {
  readonly direct: DirectReads;
  private readonly bucket: string;

  constructor(
    private readonly client: S3Client,
    private readonly config: S3Config,
    origin: string,
    private readonly options: S3StorageOptions = {},
  ) {
    this.bucket = config.bucket;
    this.direct = { origin, signedUrl: (key) => this.signedUrl(key) };
  }

  async put(key: string, sourcePath: string, contentType: string): Promise<void> {
    assertSafeKey(key);
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(sourcePath),
        ContentType: contentType,
        CacheControl: IMMUTABLE,
      },
      partSize: PART_BYTES,
      queueSize: PARALLEL_PARTS,
    });
    await upload.done();
    // The interface moves the file in; on failure above the caller still owns (and removes) it.
    await unlink(sourcePath);
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    assertSafeKey(fromKey);
    assertSafeKey(toKey);
    try {
      // Server-side copy (no bytes through Node); keeps the content type and cache header.
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: toKey,
          CopySource: `${this.bucket}/${fromKey}`,
        }),
      );
    } catch (error) {
      throw isMissing(error) ? missingObject(fromKey) : error;
    }
  }

  stream(key: string, range?: { start: number; end: number }): Readable {
    assertSafeKey(key);
    return Readable.from(this.read(key, range), { objectMode: false });
  }

  private async *read(key: string, range?: { start: number; end: number }) {
    let body: Readable;
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      body = answer.Body as Readable;
    } catch (error) {
      throw isMissing(error) ? missingObject(key) : error;
    }
    // Stopping early (a destroyed stream) returns this generator, which destroys the body.
    yield* body;
  }

  async size(key: string): Promise<number | null> {
    assertSafeKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    // S3 answers a delete of a missing key with success, as the interface wants.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  url(key: string, origin: string): string {
    return mediaUrlOf(key, origin);
  }

  async *list(): AsyncIterable<StoredObject> {
    const pages = paginateListObjectsV2(
      { client: this.client, pageSize: this.options.listPageSize ?? 1000 },
      { Bucket: this.bucket },
    );
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        // Like the local disk, only names this server could have made are its objects.
        if (!object.Key || !object.LastModified || !SAFE_KEY.test(object.Key)) continue;
        yield { key: object.Key, modifiedAt: object.LastModified };
      }
    }
  }

  private signedUrl(key: string): Promise<string> {
    assertSafeKey(key);
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }), {
      expiresIn: this.config.signedUrlSeconds,
    });
  }
}

/**
 * Connects to the bucket and checks that it answers, so a wrong name, endpoint or key stops the
 * start with a clear message instead of failing the first upload.
 */
export async function openS3Storage(
  config: S3Config,
  options: S3StorageOptions = {},
): Promise<S3Storage> {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // The SDK's newer default checksums (CRC32 headers, x-amz-checksum-mode on signed URLs) are
    // refused or mishandled by several S3-compatible services; send them only where S3 needs them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  try {
    await client.send(new HeadBucketCommand({ Bucket: config.bucket }));
  } catch (error) {
    client.destroy();
    const where = config.endpoint ?? `AWS region ${config.region}`;
    const reason =
      error instanceof S3ServiceException
        ? `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'})`
        : error instanceof Error
          ? error.message
          : String(error);
    throw new Error(`S3 bucket "${config.bucket}" cannot be used at ${where}: ${reason}`);
  }
  // Every signed URL points at the same origin (the bucket's host); learn it once for the CSP.
  const probe = await getSignedUrl(
    client,
    new GetObjectCommand({ Bucket: config.bucket, Key: 'probe/origin.bin' }),
  );
  return new S3Storage(client, config, new URL(probe).origin, options);
}
