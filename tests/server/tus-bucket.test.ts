/**
 * Resumable uploads with S3_BUCKET: their state in the database and their bytes in the bucket, so
 * no request of an upload needs the replica that created it. On one app (embedded database or
 * TEST_DATABASE_URL) the protocol and the bucket's contents; on two replicas of one site
 * (TEST_DATABASE_URL) the upload the issue describes: created on one, sent to both, finished on one.
 */
import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumableUploads } from '../../server/db/schema.js';
import { expireBucketUploads } from '../../server/maintenance/upload-expiry.js';
import type { MediaStorage } from '../../server/storage/storage.js';
import { resumableUploadsDir } from '../../server/uploads/resumable-store.http.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, createTestReplicas, type TestApp } from './helpers.js';
import { fixture } from './media-fixtures.js';
import { startS3Server, type S3TestServer } from './s3-server.js';
import { createUpload, finishUpload, headUpload, patchUpload, uploadIdOf } from './tus-helpers.js';

const HOUR_MS = 3_600_000;

async function uploadObjects(storage: MediaStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list())
    if (object.key.startsWith('uploads/')) keys.push(object.key);
  return keys;
}

const ownVideos = async (t: TestApp, user: TestUser) =>
  (await t.app.inject({ url: '/api/v1/videos/user', headers: user.headers })).json<{
    data: { videos: { title: string }[] };
  }>().data.videos;

describe('resumable uploads kept in the bucket', () => {
  let s3: S3TestServer;
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let source: Buffer;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ s3: s3.config });
    alice = await createUser(t);
    bob = await createUser(t);
    source = await fixture('plain.mp4');
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  it('stores each PATCH in the bucket, never on the disk, and finishes from the bucket', async () => {
    const id = uploadIdOf((await createUpload(t, alice, source.length)).headers.location);
    const half = Math.floor(source.length / 2);
    expect((await patchUpload(t, alice, id, 0, source.subarray(0, half))).statusCode).toBe(204);
    const head = await headUpload(t, alice, id);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(half));
    expect(head.headers['upload-length']).toBe(String(source.length));
    // A PATCH at an offset that is no longer the end: tus' 409, and nothing stored for it.
    const stale = await patchUpload(t, alice, id, 0, source.subarray(0, 10));
    expect(stale.statusCode).toBe(409);
    expect(await uploadObjects(t.ctx.storage)).toHaveLength(1);
    // The owner's alone, as on the disk.
    expect((await headUpload(t, bob, id)).statusCode).toBe(404);

    const rest = await patchUpload(t, alice, id, half, source.subarray(half));
    expect(rest.statusCode).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(source.length));
    expect(await uploadObjects(t.ctx.storage)).toHaveLength(2);
    expect(await readdir(resumableUploadsDir(t.ctx.config)).catch(() => [])).toEqual([]);

    const finished = await finishUpload(t, alice, id);
    expect(finished.statusCode).toBe(201);
    expect((await ownVideos(t, alice)).map((video) => video.title)).toEqual(['A long recording']);
    // The chunks went with the upload; nothing of it is left in tmp/ either.
    expect(await uploadObjects(t.ctx.storage)).toEqual([]);
    expect(await readdir(t.ctx.tmpDir)).toEqual([]);
    expect((await headUpload(t, alice, id)).statusCode).toBe(404);
  });

  it('removes an abandoned upload and its chunks on DELETE', async () => {
    const id = uploadIdOf((await createUpload(t, alice, source.length)).headers.location);
    await patchUpload(t, alice, id, 0, source.subarray(0, 1000));
    expect(await uploadObjects(t.ctx.storage)).toHaveLength(1);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/videos/uploads/${id}`,
      headers: { 'tus-resumable': '1.0.0', ...alice.headers },
    });
    expect(removed.statusCode).toBe(204);
    expect(await uploadObjects(t.ctx.storage)).toEqual([]);
  });

  it('expires an upload that received no byte for UPLOAD_EXPIRY_HOURS, chunks included', async () => {
    const id = uploadIdOf((await createUpload(t, alice, source.length)).headers.location);
    await patchUpload(t, alice, id, 0, source.subarray(0, 1000));
    const fresh = await createUpload(t, alice, source.length);
    await t.ctx.db
      .update(resumableUploads)
      .set({ updatedAt: new Date(Date.now() - 2 * HOUR_MS) })
      .where(eq(resumableUploads.id, id));
    expect(await expireBucketUploads(t.ctx.db, t.ctx.storage, HOUR_MS)).toBe(1);
    expect(await uploadObjects(t.ctx.storage)).toEqual([]);
    expect((await headUpload(t, alice, id)).statusCode).toBe(404);
    const freshId = uploadIdOf(fresh.headers.location);
    expect((await headUpload(t, alice, freshId)).statusCode).toBe(200);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a resumable upload across replicas', () => {
  let s3: S3TestServer;
  let site: Awaited<ReturnType<typeof createTestReplicas>>;
  let one: TestApp;
  let two: TestApp;
  let source: Buffer;
  beforeAll(async () => {
    s3 = await startS3Server();
    site = await createTestReplicas(2, { s3: s3.config });
    [one, two] = site.replicas as [TestApp, TestApp];
    source = await fixture('plain.mp4');
  });
  afterAll(async () => {
    await site.close();
    await s3.stop();
  });

  it('is created on one, sent to both, asked on the other and finished once', async () => {
    const alice = await createUser(one);
    const id = uploadIdOf((await createUpload(one, alice, source.length)).headers.location);
    const half = Math.floor(source.length / 2);
    expect((await patchUpload(two, alice, id, 0, source.subarray(0, half))).statusCode).toBe(204);
    expect((await patchUpload(one, alice, id, half, source.subarray(half))).statusCode).toBe(204);
    expect((await headUpload(two, alice, id)).headers['upload-offset']).toBe(String(source.length));
    // A finish asked of both replicas at once makes one video; the other is told it is running.
    const answers = await Promise.all([finishUpload(one, alice, id), finishUpload(two, alice, id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await ownVideos(two, alice)).toHaveLength(1);
    expect(await uploadObjects(one.ctx.storage)).toEqual([]);
  });
});
