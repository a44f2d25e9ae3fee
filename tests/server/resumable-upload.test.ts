/**
 * Resumable uploads (tus) end to end: an upload cut off at 30 % resumes from the offset the server
 * reports and ends with the very bytes sent; size, fields and ownership are checked at creation;
 * finishing runs the POST /videos pipeline (ffprobe included); abandoned uploads expire.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMaintenance } from '../../server/maintenance/index.js';
import { resumableUploadsDir } from '../../server/uploads/resumable-store.http.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { fixture } from './media-fixtures.js';
import {
  UPLOADS,
  VALID_FIELDS,
  createUpload,
  finishUpload,
  headUpload,
  patchUpload,
  uploadIdOf,
  uploadWhole,
} from './tus-helpers.js';

const messageOf = (response: { json: <T>() => T }) => response.json<{ message: string }>().message;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('resumable uploads (tus)', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let source: Buffer;
  let uploadsDir: string;
  const storedUploads = async () => readdir(uploadsDir).catch(() => [] as string[]);
  const ownTitles = async () => {
    const own = await t.app.inject({ url: '/api/v1/videos/user', headers: alice.headers });
    return own.json<{ data: { videos: { title: string }[] } }>().data.videos.map((v) => v.title);
  };

  beforeAll(async () => {
    // With the feed cache on: a finished upload must show in the feed at once, as POST /videos.
    t = await createTestApp({ feedCacheMs: 60_000 });
    alice = await createUser(t);
    bob = await createUser(t);
    source = await fixture('plain.mp4');
    uploadsDir = resumableUploadsDir(t.ctx.config);
  });
  afterAll(() => t.close());

  it('resumes an upload whose connection dropped at 30 % and stores the same bytes', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const feedTitles = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/videos' }))
        .json<{ data: { videos: { title: string }[] } }>()
        .data.videos.map((v) => v.title);
    expect(await feedTitles()).toEqual([]); // now cached
    const created = await createUpload(t, alice, source.length);
    expect(created.statusCode).toBe(201);
    const id = uploadIdOf(created.headers.location);
    expect(created.headers.location).toBe(`${UPLOADS}/${id}`);

    // A PATCH announcing the whole file whose connection dies after 30 % of it.
    const cut = Math.floor(source.length * 0.3);
    const request = http.request({
      port,
      method: 'PATCH',
      path: `${UPLOADS}/${id}`,
      headers: {
        ...alice.headers,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(source.length),
      },
    });
    request.on('error', () => {}); // the reset we cause
    request.write(source.subarray(0, cut));
    // Wait until the server holds those bytes, then cut the line.
    await expect.poll(async () => (await readFile(path.join(uploadsDir, id))).length).toBe(cut);
    request.destroy();

    // HEAD tells where to go on (once tus has let go of the aborted request's lock).
    let offset = -1;
    await expect
      .poll(async () => {
        const head = await headUpload(t, alice, id);
        offset = Number(head.headers['upload-offset']);
        return head.statusCode;
      })
      .toBe(200);
    expect(offset).toBe(cut);
    const rest = await patchUpload(t, alice, id, offset, source.subarray(offset));
    expect(rest.statusCode).toBe(204);
    expect(Number(rest.headers['upload-offset'])).toBe(source.length);
    expect(sha256(await readFile(path.join(uploadsDir, id)))).toBe(sha256(source));

    const finished = await finishUpload(t, alice, id);
    expect(finished.statusCode).toBe(201);
    const video = finished.json<{
      data: { title: string; tags: string[]; duration: number; videoFile: string };
    }>().data;
    expect(video).toMatchObject({ title: VALID_FIELDS.title, tags: ['travel', 'test'] });
    expect(video.duration).toBeGreaterThan(1);
    const media = await t.app.inject({ method: 'GET', url: new URL(video.videoFile).pathname });
    expect(media.statusCode).toBe(200);
    expect(await feedTitles()).toEqual([VALID_FIELDS.title]);
    // The upload is gone once its video exists.
    expect(await storedUploads()).not.toContain(id);
  });

  it('refuses an upload larger than the video limit at creation, storing nothing', async () => {
    const before = await storedUploads();
    const response = await createUpload(t, alice, t.ctx.config.maxVideoBytes + 1);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      success: false,
      message: 'videoFile: Video file is larger than 2 GB',
    });
    expect(await storedUploads()).toEqual(before);
  });

  it('checks the fields at creation like POST /videos', async () => {
    const before = await storedUploads();
    const noTitle = await createUpload(t, alice, 100, { ...VALID_FIELDS, title: '  ' });
    expect(noTitle.statusCode).toBe(400);
    expect(messageOf(noTitle)).toBe('title: Title is required');
    const badTags = await createUpload(t, alice, 100, { ...VALID_FIELDS, tags: '[]' });
    expect(badTags.statusCode).toBe(400);
    expect(messageOf(badTags)).toMatch(/^tags: /);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: UPLOADS,
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '100' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await storedUploads()).toEqual(before);
  });

  it('refuses tags that hold a NUL at creation, as POST /videos does', async () => {
    const before = await storedUploads();
    const escaped = JSON.stringify(['a\u0000b']);
    const response = await createUpload(t, alice, 100, { ...VALID_FIELDS, tags: escaped });
    expect(response.statusCode).toBe(400);
    expect(response.headers['tus-resumable']).toBe('1.0.0');
    expect(messageOf(response)).toBe('tags: Tags must not contain a NUL character (U+0000)');
    expect(await storedUploads()).toEqual(before);
  });

  it('answers 400 to the finish of an upload whose own fields can never be a video, and removes it', async () => {
    // An upload stored before creation refused such tags: its info file says what it holds.
    const id = await uploadWhole(t, alice, source);
    const infoFile = path.join(uploadsDir, `${id}.json`);
    const info = JSON.parse(await readFile(infoFile, 'utf8')) as {
      metadata: Record<string, string>;
    };
    info.metadata.tags = JSON.stringify(['a\u0000b']);
    await writeFile(infoFile, JSON.stringify(info));
    const videosBefore = await ownTitles();

    const finished = await finishUpload(t, alice, id);
    expect(finished.statusCode).toBe(400);
    expect(messageOf(finished)).toMatch(/^tags: Tags must not contain a NUL character/);
    expect(await storedUploads()).not.toContain(id);
    expect(await storedUploads()).not.toContain(`${id}.json`);
    expect(await ownTitles()).toEqual(videosBefore);
    // Not a poisoned upload that fails the same way for ever: it is gone.
    expect((await finishUpload(t, alice, id)).statusCode).toBe(404);
  });

  it('takes the fields sent with the finish over those of the creation (a resumed upload after an edit)', async () => {
    const id = await uploadWhole(t, alice, source);
    const finished = await finishUpload(t, alice, id, {
      title: '  Edited while the upload was paused ',
      description: 'New words',
      tags: JSON.stringify(['Edited']),
    });
    expect(finished.statusCode).toBe(201);
    expect(finished.json<{ data: unknown }>().data).toMatchObject({
      title: 'Edited while the upload was paused',
      description: 'New words',
      tags: ['edited'],
    });
  });

  it('refuses fields of the finish that break a rule with 400, and keeps the upload for a corrected finish', async () => {
    const id = await uploadWhole(t, alice, source);
    const videosBefore = await ownTitles();
    for (const [fields, message] of [
      [{ ...VALID_FIELDS, title: '   ' }, /^title: /],
      [{ ...VALID_FIELDS, tags: '[]' }, /^tags: /],
      [
        { ...VALID_FIELDS, tags: JSON.stringify(['a\u0000b']) },
        /^tags: Tags must not contain a NUL/,
      ],
    ] as const) {
      const refused = await finishUpload(t, alice, id, fields);
      expect(refused.statusCode, JSON.stringify(fields)).toBe(400);
      expect(messageOf(refused)).toMatch(message);
      expect(await storedUploads()).toContain(id);
    }
    expect(await ownTitles()).toEqual(videosBefore);
    const finished = await finishUpload(t, alice, id, { ...VALID_FIELDS, title: 'Corrected' });
    expect(finished.statusCode).toBe(201);
    expect(finished.json<{ data: { title: string } }>().data.title).toBe('Corrected');
  });

  it('lets only the creator see, continue, finish or delete an upload', async () => {
    const id = uploadIdOf((await createUpload(t, alice, source.length)).headers.location);
    await patchUpload(t, alice, id, 0, source.subarray(0, 100));

    expect((await headUpload(t, bob, id)).statusCode).toBe(404);
    expect((await patchUpload(t, bob, id, 100, source.subarray(100))).statusCode).toBe(404);
    expect((await finishUpload(t, bob, id)).statusCode).toBe(404);
    const foreignDelete = await t.app.inject({
      method: 'DELETE',
      url: `${UPLOADS}/${id}`,
      headers: { 'tus-resumable': '1.0.0', ...bob.headers },
    });
    expect(foreignDelete.statusCode).toBe(404);

    // Nothing of Bob's attempts reached the upload.
    const head = await headUpload(t, alice, id);
    expect(head.headers['upload-offset']).toBe('100');
  });

  it('refuses to finish an incomplete upload', async () => {
    const id = uploadIdOf((await createUpload(t, alice, source.length)).headers.location);
    await patchUpload(t, alice, id, 0, source.subarray(0, 100));
    const response = await finishUpload(t, alice, id);
    expect(response.statusCode).toBe(409);
    expect(messageOf(response)).toBe('videoFile: Video file has not been fully uploaded yet');
  });

  it('refuses a file that is not a video when finishing, and keeps nothing', async () => {
    const notVideo = Buffer.from('this is a text file, not a video\n'.repeat(50));
    const id = await uploadWhole(t, alice, notVideo);
    const videosBefore = await ownTitles();
    const response = await finishUpload(t, alice, id);
    expect(response.statusCode).toBe(415);
    expect(messageOf(response)).toBe('videoFile: Video file could not be read as a video');
    expect(await storedUploads()).not.toContain(id);
    expect(await storedUploads()).not.toContain(`${id}.json`);
    expect(await ownTitles()).toEqual(videosBefore);
  });

  it('the maintenance sweep removes uploads that received nothing for 24 h, and only those', async () => {
    const stale = uploadIdOf((await createUpload(t, alice, source.length)).headers.location);
    const fresh = uploadIdOf((await createUpload(t, alice, source.length)).headers.location);
    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    for (const name of [stale, `${stale}.json`])
      await utimes(path.join(uploadsDir, name), dayAgo, dayAgo);

    // The maintenance pass that runs at start and every hour.
    const maintenance = startMaintenance({
      db: t.ctx.db,
      storage: t.ctx.storage,
      tmpDir: t.ctx.tmpDir,
      log: t.app.log,
      resumableUploads: { dir: uploadsDir, expiryMs: t.ctx.config.uploadExpiryMs },
    });
    const report = await maintenance.firstRun;
    maintenance.stop();
    expect(report.expiredUploads).toBe(1);
    const left = await storedUploads();
    expect(left).not.toContain(stale);
    expect(left).not.toContain(`${stale}.json`);
    expect(left).toContain(fresh);
    expect((await headUpload(t, alice, stale)).statusCode).toBe(404);
    expect((await headUpload(t, alice, fresh)).statusCode).toBe(200);
  });
});
