/**
 * MEDIA_ACCEL_REDIRECT (issue 35): behind nginx the server checks a media request as before and
 * hands only the bytes over, answering an empty body with `X-Accel-Redirect` naming the file
 * under nginx's internal location. Everything it refused before is still refused here, with no
 * redirect a proxy could follow; without the setting the bytes come from this process as before.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { rawGet } from './raw-get.js';
import { createTestApp, type TestApp } from './helpers.js';
import { fixture } from './media-fixtures.js';
import { upload } from './video-helpers.js';

const PREFIX = '/_media/';
const KEY = 'videos/accelAAAAAAAAAAA.mp4';
const SECRET = 'top-secret-token-value';

async function store(t: TestApp, key: string, bytes: Buffer) {
  const tmp = path.join(t.dataDir, `fixture-${path.basename(key)}`);
  await writeFile(tmp, bytes);
  await t.ctx.storage.put(key, tmp, 'video/mp4');
}

describe('media handed to nginx with X-Accel-Redirect', () => {
  let on: TestApp;
  let off: TestApp;
  let video: Buffer;
  let port: number;
  let owner: TestUser;

  beforeAll(async () => {
    on = await createTestApp({ mediaAccelRedirect: PREFIX });
    off = await createTestApp();
    video = await fixture('plain.mp4');
    await store(on, KEY, video);
    await store(off, KEY, video);
    await writeFile(path.join(on.dataDir, 'secrets.json'), JSON.stringify({ SECRET }));
    await writeFile(path.join(on.dataDir, 'media', '.hidden'), SECRET);
    owner = await createUser(on, 'accel_owner');
    const address = await on.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(address).port);
  });
  afterAll(async () => {
    await on.close();
    await off.close();
  });

  it('answers a checked GET with an empty body naming the file, and the headers of the direct answer', async () => {
    const res = await on.app.inject({ url: `/media/${KEY}` });
    const direct = await off.app.inject({ url: `/media/${KEY}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-accel-redirect']).toBe(`${PREFIX}${KEY}`);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers['content-length']).toBe('0');
    // What nginx passes on or adds back: the same as the server's own answer.
    for (const name of [
      'content-type',
      'cache-control',
      'x-content-type-options',
      'cross-origin-resource-policy',
      'content-security-policy',
    ]) {
      expect(res.headers[name], name).toBe(direct.headers[name]);
    }
    // nginx says Accept-Ranges itself; it would keep a second one from here.
    expect(res.headers['accept-ranges']).toBeUndefined();
    expect(res.headers.etag).toMatch(/^W\/"/);
    expect(res.headers['last-modified']).toBeTruthy();
  });

  it('leaves a Range to nginx, but still answers an impossible one and a revalidation itself', async () => {
    const part = await on.app.inject({ url: `/media/${KEY}`, headers: { range: 'bytes=0-99' } });
    expect(part.headers['x-accel-redirect']).toBe(`${PREFIX}${KEY}`);
    expect(part.rawPayload.length).toBe(0);
    const impossible = await on.app.inject({
      url: `/media/${KEY}`,
      headers: { range: `bytes=${video.length}-` },
    });
    expect(impossible.statusCode).toBe(416);
    expect(impossible.headers['x-accel-redirect']).toBeUndefined();
    expect(impossible.headers['content-range']).toBe(`bytes */${video.length}`);
    const etag = String(part.headers.etag);
    const same = await on.app.inject({ url: `/media/${KEY}`, headers: { 'if-none-match': etag } });
    expect(same.statusCode).toBe(304);
    expect(same.headers['x-accel-redirect']).toBeUndefined();
  });

  it('answers HEAD itself, with the size and no redirect', async () => {
    const res = await on.app.inject({ method: 'HEAD', url: `/media/${KEY}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-accel-redirect']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(video.length);
  });

  it('refuses an unknown key with the JSON 404 and no redirect', async () => {
    const res = await on.app.inject({ url: '/media/videos/nopeAAAAAAAAAAAA.mp4' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-accel-redirect']).toBeUndefined();
    expect(res.json()).toMatchObject({ success: false, data: null });
  });

  it('refuses the retired URL of a video made private, and hands over its new one', async () => {
    const uploaded = (await upload(on, owner)).json<{ data: { _id: string; videoFile: string } }>()
      .data;
    const before = await on.app.inject({ url: new URL(uploaded.videoFile).pathname });
    expect(before.headers['x-accel-redirect']).toBeDefined();
    const hidden = await on.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/toggle/publish/${uploaded._id}`,
      headers: owner.headers,
    });
    const privateFile = hidden.json<{ data: { videoFile: string } }>().data.videoFile;
    const retired = await on.app.inject({ url: new URL(uploaded.videoFile).pathname });
    expect(retired.statusCode).toBe(404);
    expect(retired.headers['x-accel-redirect']).toBeUndefined();
    const fresh = await on.app.inject({ url: new URL(privateFile).pathname });
    expect(fresh.headers['x-accel-redirect']).toBe(
      `${PREFIX}${new URL(privateFile).pathname.slice('/media/'.length)}`,
    );
  });

  it.each([
    '/media/../secrets.json',
    '/media/..%2fsecrets.json',
    '/media/%2e%2e/secrets.json',
    '/media/videos/..%2f..%2fsecrets.json',
    '/media/videos/%2e%2e%2f%2e%2e%2fsecrets.json',
    '/media/%252e%252e/secrets.json',
    '/media/..%5csecrets.json',
    '/media/.hidden',
  ])('never names a file outside the media folder to the proxy: %s', async (target) => {
    const res = await rawGet(port, target);
    expect(res.status).not.toBe(200);
    expect(res.text.toLowerCase()).not.toContain('x-accel-redirect');
    expect(res.text).not.toContain(SECRET);
  });

  it('reads an encoded slash as the one folder level a key has: the same file, inside the folder', async () => {
    const res = await rawGet(port, '/media/videos%2faccelAAAAAAAAAAA.mp4');
    expect(res.text).toMatch(new RegExp(`\r\nx-accel-redirect: ${PREFIX}${KEY}\r\n`, 'i'));
    const deeper = await rawGet(port, '/media/videos%2f..%2f..%2fsecrets.json');
    expect(deeper.status).toBe(404);
    expect(deeper.text.toLowerCase()).not.toContain('x-accel-redirect');
  });

  it('without the setting, sends the bytes itself as before', async () => {
    const res = await off.app.inject({ url: `/media/${KEY}`, headers: { range: 'bytes=10-19' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['x-accel-redirect']).toBeUndefined();
    expect(res.rawPayload.equals(video.subarray(10, 20))).toBe(true);
  });
});

describe('MEDIA_ACCEL_REDIRECT', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-accel-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));
  const env = (extra: Record<string, string>) => ({ DATA_DIR: dataDir, ...extra });

  it('is off unless set, and takes a path prefix ending in a slash', () => {
    expect(loadConfig(env({})).mediaAccelRedirect).toBeUndefined();
    expect(loadConfig(env({ MEDIA_ACCEL_REDIRECT: '/_media/' })).mediaAccelRedirect).toBe(
      '/_media/',
    );
    expect(() => loadConfig(env({ MEDIA_ACCEL_REDIRECT: '/_media' }))).toThrow(
      /^MEDIA_ACCEL_REDIRECT: got "\/_media", accepts/,
    );
  });

  it('stops the start beside S3_BUCKET, whose media never come from this disk', () => {
    expect(() =>
      loadConfig(env({ MEDIA_ACCEL_REDIRECT: '/_media/', S3_BUCKET: 'videos' })),
    ).toThrow(/^MEDIA_ACCEL_REDIRECT: set with S3_BUCKET/);
  });
});
