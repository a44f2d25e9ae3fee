/**
 * Media in an S3 bucket (S3_* configured), on a real S3-compatible server: an upload is stored
 * in the bucket, its media URL answers 302 to a signed URL that serves Range requests itself,
 * the access rules of unpublished media hold, and deleting a video removes its objects.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMaintenance } from '../../server/maintenance/index.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { startS3Server, type S3TestServer } from './s3-server.js';
import { upload } from './video-helpers.js';

interface VideoJson {
  _id: string;
  videoFile: string;
  thumbnail: string;
}

const keyOfUrl = (url: string) => new URL(url).pathname.replace(/^\/media\//, '');

describe('media in S3', () => {
  let s3: S3TestServer;
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ s3: s3.config });
    owner = await createUser(t, 's3_owner');
    stranger = await createUser(t, 's3_stranger');
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  const media = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: new URL(url).pathname, headers });
  const uploaded = async () => {
    const res = await upload(t, owner);
    expect(res.statusCode).toBe(201);
    return res.json<{ data: VideoJson }>().data;
  };
  const watch = (id: string, user: TestUser) =>
    t.app.inject({ url: `/api/v1/videos/${id}`, headers: user.headers });

  it('stores an upload in the bucket and redirects its media URL to a signed, ranged GET', async () => {
    const { _id } = await uploaded();
    const watched = await watch(_id, stranger);
    expect(watched.statusCode).toBe(200);
    const { videoFile, thumbnail } = watched.json<{ data: VideoJson }>().data;
    expect(await s3.holds(keyOfUrl(videoFile))).toBe(true);
    expect(await s3.holds(keyOfUrl(thumbnail))).toBe(true);
    // Nothing of it on the local disk: only in-flight files live there, and they are gone.
    const local = await readdir(path.join(t.dataDir), { recursive: true });
    expect(local.filter((name) => /\.(mp4|webp|png)$/.test(name))).toEqual([]);

    const redirect = await media(videoFile, { range: 'bytes=0-99' });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers['cache-control']).toBe('no-store');
    const signed = String(redirect.headers.location);
    expect(signed.startsWith(`${s3.config.endpoint}/${s3.config.bucket}/`)).toBe(true);

    const whole = Buffer.from(await (await fetch(signed)).arrayBuffer());
    expect(whole.toString('latin1', 4, 8)).toBe('ftyp');
    const ranged = await fetch(signed, { headers: { range: 'bytes=100-1099' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-1099/${whole.length}`);
    expect(ranged.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await ranged.arrayBuffer()).equals(whole.subarray(100, 1100))).toBe(true);

    const picture = await fetch(String((await media(thumbnail)).headers.location));
    expect(picture.headers.get('content-type')).toBe('image/webp');
  });

  it('answers names the server never made with 404, not a redirect', async () => {
    for (const url of [
      '/media/videos/unknownAAAAAAA.mp4',
      '/media/..%2Fsecrets.json',
      '/media/x',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.location, url).toBeUndefined();
    }
  });

  it('lets pages load media from the bucket (Content-Security-Policy)', async () => {
    const res = await t.app.inject({ url: '/api/v1/healthcheck' });
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain(`media-src 'self' blob: ${s3.config.endpoint}`);
    expect(policy).toMatch(new RegExp(`img-src [^;]*${s3.config.endpoint}`));
    // hls.js fetches segments with XHR, which connect-src governs.
    expect(policy.split(';')).toContain(`connect-src 'self' ${s3.config.endpoint}`);
  });

  it('unpublished media: old URLs and their signed URLs stop working, strangers get 404', async () => {
    const published = await uploaded();
    const oldSigned = String((await media(published.videoFile)).headers.location);
    const toggled = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/toggle/publish/${published._id}`,
      headers: owner.headers,
    });
    const hidden = toggled.json<{ data: VideoJson }>().data;
    expect(hidden.videoFile).not.toBe(published.videoFile);

    expect((await watch(published._id, stranger)).statusCode).toBe(404);
    expect((await media(published.videoFile)).statusCode).toBe(404);
    expect((await media(published.thumbnail)).statusCode).toBe(404);
    // A signed URL handed out while the video was public points at the retired object.
    expect((await fetch(oldSigned)).status).toBe(404);

    const forOwner = await media(hidden.videoFile);
    expect(forOwner.statusCode).toBe(302);
    expect((await fetch(String(forOwner.headers.location))).status).toBe(200);
  });

  it('deleting a video removes its objects from the bucket', async () => {
    const { _id, videoFile, thumbnail } = await uploaded();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/videos/${_id}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(await s3.holds(keyOfUrl(videoFile))).toBe(false);
    expect(await s3.holds(keyOfUrl(thumbnail))).toBe(false);
    expect((await media(videoFile)).statusCode).toBe(404);
  });

  it('reconciliation lists the bucket and removes objects no row references', async () => {
    const { videoFile } = await uploaded();
    const orphan = 'videos/orphanAAAAAAA.mp4';
    await t.ctx.storage.copy(keyOfUrl(videoFile), orphan);
    const maintenance = startMaintenance({
      db: t.ctx.db,
      storage: t.ctx.storage,
      tmpDir: t.ctx.tmpDir,
      log: t.app.log,
      graceMs: 0,
    });
    const report = await maintenance.firstRun;
    maintenance.stop();
    expect(report.removedOrphans).toEqual([orphan]);
    expect(await s3.holds(orphan)).toBe(false);
    expect(await s3.holds(keyOfUrl(videoFile))).toBe(true);
  });
});
