/**
 * Serving media from DATA_DIR/media: Range requests, content types, cache headers, and no way out
 * of the media folder (checked over a raw socket so no client normalises the path first).
 */
import { writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from './raw-get.js';
import { createTestApp, type TestApp } from './helpers.js';
import { signUp } from './fixtures/users.js';
import { fixture, pngImage } from './media-fixtures.js';
import { countStatements } from './statement-counter.js';

const SECRET = 'top-secret-token-value';

describe('media serving', () => {
  let t: TestApp;
  let video: Buffer;
  let port: number;
  const url = '/media/videos/clipAAAAAAAAAAAA.mp4';

  beforeAll(async () => {
    t = await createTestApp();
    video = await fixture('plain.mp4');
    const tmp = path.join(t.dataDir, 'fixture.mp4');
    await writeFile(tmp, video);
    await t.ctx.storage.put('videos/clipAAAAAAAAAAAA.mp4', tmp, 'video/mp4');
    const png = path.join(t.dataDir, 'fixture.webp');
    await writeFile(png, await pngImage());
    await t.ctx.storage.put('thumbnails/thumbAAAAAAAAAAA.webp', png, 'image/webp');
    // Something outside the media folder that must never be served.
    await writeFile(path.join(t.dataDir, 'secrets.json'), JSON.stringify({ SECRET }));
    await writeFile(path.join(t.dataDir, 'media', '.hidden'), SECRET);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(address).port);
  });
  afterAll(() => t.close());

  it('serves a whole file with its type, Accept-Ranges and an immutable cache header', async () => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(video.length);
    expect(res.rawPayload.equals(video)).toBe(true);
    const thumb = await t.app.inject({ url: '/media/thumbnails/thumbAAAAAAAAAAA.webp' });
    expect(thumb.headers['content-type']).toBe('image/webp');
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=100-', 100, -1],
    ['bytes=-50', -50, -1],
    ['bytes=0-0', 0, 0],
  ])('answers %s with 206 and exactly those bytes', async (range, from, to) => {
    const res = await t.app.inject({ url, headers: { range } });
    expect(res.statusCode).toBe(206);
    const start = from < 0 ? video.length + from : from;
    const end = to < 0 ? video.length - 1 : to;
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${video.length}`);
    expect(Number(res.headers['content-length'])).toBe(end - start + 1);
    expect(res.rawPayload.equals(video.subarray(start, end + 1))).toBe(true);
  });

  it('clamps a range that runs past the end', async () => {
    const res = await t.app.inject({ url, headers: { range: `bytes=10-${video.length + 1000}` } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 10-${video.length - 1}/${video.length}`);
  });

  it.each([`bytes=${'{size}'}-`, `bytes=${'{size}'}-${'{size}'}`])(
    'answers an impossible range (%s) with 416 and the size',
    async (pattern) => {
      const range = pattern.replaceAll('{size}', String(video.length));
      const res = await t.app.inject({ url, headers: { range } });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${video.length}`);
    },
  );

  it('answers a malformed byte range with 416 as well', async () => {
    const res = await t.app.inject({ url, headers: { range: 'bytes=abc' } });
    expect(res.statusCode).toBe(416);
    expect(res.json()).toMatchObject({ statusCode: 416, success: false, data: null });
  });

  it('ignores a Range header in another unit and serves the whole file', async () => {
    const res = await t.app.inject({ url, headers: { range: 'items=0-5' } });
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(video.length);
  });

  it('answers HEAD with the headers of the whole file and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url });
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(video.length);
    expect(res.rawPayload.length).toBe(0);
  });

  it('answers 304 to a revalidation with its ETag, and a full part when If-Range is stale', async () => {
    const { etag } = (await t.app.inject({ url, method: 'HEAD' })).headers;
    const same = await t.app.inject({ url, headers: { 'if-none-match': String(etag) } });
    expect(same.statusCode).toBe(304);
    const stale = await t.app.inject({
      url,
      headers: { range: 'bytes=0-9', 'if-range': 'W/"0-0"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(video)).toBe(true);
  });

  it('serves a signed-in player without a database statement per range', async () => {
    const viewer = await signUp(t);
    const counter = countStatements(t);
    try {
      const sent = await counter.during(() =>
        t.app.inject({ url, headers: { range: 'bytes=0-99' }, cookies: viewer.cookies }),
      );
      expect(sent).toBe(0);
    } finally {
      counter.restore();
    }
  });

  it('keeps serving after a client hangs up in the middle of a file', async () => {
    const big = Buffer.alloc(8 * 1024 * 1024, 7);
    const tmp = path.join(t.dataDir, 'big.mp4');
    await writeFile(tmp, big);
    await t.ctx.storage.put('videos/bigAAAAAAAAAAAAA.mp4', tmp, 'video/mp4');
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write('GET /media/videos/bigAAAAAAAAAAAAA.mp4 HTTP/1.1\r\nHost: x\r\n\r\n'),
      );
      socket.once('data', () => {
        socket.destroy();
        resolve();
      });
      socket.on('error', reject);
    });
    const after = await t.app.inject({ url, headers: { range: 'bytes=0-9' } });
    expect(after.statusCode).toBe(206);
    expect(after.rawPayload.equals(video.subarray(0, 10))).toBe(true);
  });

  it('has HLS playlists revalidated, as they gain renditions, and segments cached', async () => {
    const playlist = path.join(t.dataDir, 'master.m3u8');
    await writeFile(playlist, '#EXTM3U\n');
    await t.ctx.storage.put('hls/abcAAAAAAAAAAAA.m3u8', playlist, 'application/vnd.apple.mpegurl');
    const res = await t.app.inject({ url: '/media/hls/abcAAAAAAAAAAAA.m3u8' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe('#EXTM3U\n');
  });

  it('answers a missing media file with the JSON 404', async () => {
    const res = await t.app.inject({ url: '/media/videos/nopeAAAAAAAAAAAA.mp4' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, data: null });
  });

  it.each([
    '/media/../secrets.json',
    '/media/..%2fsecrets.json',
    '/media/%2e%2e/secrets.json',
    '/media/%2e%2e%2fsecrets.json',
    '/media/videos/../../secrets.json',
    '/media/videos/..%2f..%2fsecrets.json',
    '/media/videos/%2e%2e%2f%2e%2e%2fsecrets.json',
    '/media/%252e%252e/secrets.json',
    '/media/..%5csecrets.json',
    '/media/.hidden',
    '/media/%2ehidden',
  ])('never serves anything outside the media folder: %s', async (target) => {
    const res = await rawGet(port, target);
    expect(res.text).not.toContain(SECRET);
    expect(res.status).not.toBe(200);
  });
});
