/**
 * The S3 store against the shared storage contract, on a real S3-compatible server (s3rver), plus
 * what only S3 has: multipart uploads for large files, paged listing, a clear start-up error.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openS3Storage, type S3Storage } from '../../server/storage/s3.js';
import { startS3Server, type S3TestServer } from './s3-server.js';
import { describeStorageContract, LARGE_BYTES } from './storage-contract.js';

let server: S3TestServer;
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(() => server.stop());

// Two objects per ListObjectsV2 page, so listing walks continuation tokens as a big bucket does.
describeStorageContract('S3 (s3rver)', async () => ({
  store: await openS3Storage(server.config, { listPageSize: 2 }),
  close: async () => undefined,
}));

describe('S3 store specifics', () => {
  let store: S3Storage;
  let work: string;
  beforeAll(async () => {
    store = await openS3Storage(server.config);
    work = await mkdtemp(path.join(os.tmpdir(), 'vidtube-s3-work-'));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  const put = async (key: string, bytes: number) => {
    const source = path.join(work, randomBytes(6).toString('hex'));
    await writeFile(source, randomBytes(bytes));
    await store.put(key, source, 'video/mp4');
  };
  const eventsFor = (key: string) => server.events.filter((e) => e.key === key).map((e) => e.event);

  it('sends a small file in one PUT and a large one as a multipart upload', async () => {
    await put('videos/smallPutAAAAA.mp4', 1000);
    await put('videos/largePostAAAA.mp4', LARGE_BYTES);
    await vi.waitFor(() => {
      expect(eventsFor('videos/smallPutAAAAA.mp4')).toEqual(['ObjectCreated:Put']);
      // A completed multipart upload is a POST to S3.
      expect(eventsFor('videos/largePostAAAA.mp4')).toEqual(['ObjectCreated:Post']);
    });
    expect(await server.holds('videos/largePostAAAA.mp4')).toBe(true);
  });

  it('signs a GET that works with Range, for the configured lifetime', async () => {
    const data = randomBytes(2000);
    const source = path.join(work, 'signed');
    await writeFile(source, data);
    await store.put('videos/signedAAAAAAA.mp4', source, 'video/mp4');
    const url = new URL(await store.direct.signedUrl('videos/signedAAAAAAA.mp4'));
    expect(url.origin).toBe(store.direct.origin);
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(server.config.signedUrlSeconds));
    const answer = await fetch(url, { headers: { range: 'bytes=10-19' } });
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await answer.arrayBuffer()).equals(data.subarray(10, 20))).toBe(true);
  });

  it('stops the start with a clear message when the bucket is not there', async () => {
    await expect(openS3Storage({ ...server.config, bucket: 'no-such-bucket' })).rejects.toThrow(
      `S3 bucket "no-such-bucket" cannot be used at ${server.config.endpoint}: NotFound (HTTP 404)`,
    );
  });
});
