/**
 * What the server sends besides the API's data: compressed bytes (pre-compressed SPA files, JSON
 * compressed above 1 kB), the security headers on early refusals, CORS for configured client
 * origins with every method the API uses, and media embeddable by those origins.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './auth-helpers.js';
import { USERS } from './fixtures/users.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

const CLIENT_ORIGIN = 'https://client.example';
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;

describe('delivery', () => {
  let t: TestApp;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-client-'));
    await mkdir(path.join(clientDir, 'assets'));
    await writeFile(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html><head><title>VidTube</title></head></html>',
    );
    await writeFile(
      path.join(clientDir, 'route-preload.json'),
      JSON.stringify([
        { path: '/', files: ['/assets/home-page-1.js', '/assets/grid-1.js'] },
        { path: '/watch/:videoId', files: ['/assets/watch-page-1.js'] },
      ]),
    );
    const script = path.join(clientDir, 'assets', 'app-abc123.js');
    await writeFile(script, SCRIPT);
    await writeFile(`${script}.br`, brotliCompressSync(SCRIPT));
    await writeFile(`${script}.gz`, gzipSync(SCRIPT));
    t = await createTestApp({ clientDir, corsOrigins: [CLIENT_ORIGIN] });
    await mkdir(path.join(t.dataDir, 'media', 'thumbnails'), { recursive: true });
    await writeFile(path.join(t.dataDir, 'media', 'thumbnails', 'abc.webp'), 'not really webp');
  });
  afterAll(async () => {
    await t.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  describe('built assets are sent pre-compressed', () => {
    const get = (encoding?: string) =>
      t.app.inject({
        url: '/assets/app-abc123.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });

    it('brotli when the browser accepts it', async () => {
      const res = await get('gzip, deflate, br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    });
    it("carry a file's headers, not a page's", async () => {
      const res = await get('br');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const pageOnly of ['content-security-policy', 'x-frame-options', 'referrer-policy']) {
        expect(res.headers[pageOnly], pageOnly).toBeUndefined();
      }
      const page = await t.app.inject({ url: '/' });
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    });

    it('gzip, or the plain file, otherwise', async () => {
      expect((await get('gzip')).headers['content-encoding']).toBe('gzip');
      const plain = await get();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(SCRIPT);
    });
  });

  describe('JSON responses', () => {
    it('are compressed above 1 kB', async () => {
      const owner = await createUser(t, 'delivery_owner');
      for (let i = 0; i < 12; i += 1) await insertVideo(t, owner, { title: `Clip number ${i}` });
      const res = await t.app.inject({
        url: '/api/v1/videos',
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      const json = JSON.parse(brotliDecompressSync(res.rawPayload).toString()) as {
        data: { videos: unknown[] };
      };
      expect(json.data.videos).toHaveLength(12);
    });
    it('are sent as they are when small', async () => {
      const res = await t.app.inject({
        url: '/api/v1/healthcheck',
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.headers['content-encoding']).toBeUndefined();
    });
  });

  describe("a client route's page preloads its chunk", () => {
    const linksOf = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

    it.each([
      ['/', ['/assets/home-page-1.js', '/assets/grid-1.js']],
      ['/watch/abc123', ['/assets/watch-page-1.js']],
      ['/WATCH/abc123/', ['/assets/watch-page-1.js']],
      ['/History', []],
      ['/watch/abc/comments', []],
    ])('%s', async (url, files) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>VidTube</title>');
      expect(linksOf(res.body)).toEqual(files);
    });
  });

  it('the cross-origin 403 carries the security headers', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${USERS}/login`,
      headers: { origin: 'https://evil.example' },
      payload: { userName: 'x', password: 'y' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('with media on the local disk, pages fetch and play media from their own origin only', async () => {
    const res = await t.app.inject({ url: '/api/v1/healthcheck' });
    const policy = String(res.headers['content-security-policy']).split(';');
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("media-src 'self' blob:");
  });

  it('a configured origin may use every method the API has', async () => {
    for (const method of ['PATCH', 'DELETE', 'POST']) {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/videos/abc',
        headers: {
          origin: CLIENT_ORIGIN,
          'access-control-request-method': method,
          'access-control-request-headers': 'content-type',
        },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(CLIENT_ORIGIN);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      expect(String(res.headers['access-control-allow-methods']).split(/, */)).toContain(method);
    }
  });

  it('media can be embedded by a configured origin', async () => {
    const res = await t.app.inject({
      url: '/media/thumbnails/abc.webp',
      headers: { origin: CLIENT_ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['access-control-allow-origin']).toBe(CLIENT_ORIGIN);
    // The API itself stays same-origin for everyone else's pages.
    const api = await t.app.inject({ url: '/api/v1/healthcheck' });
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('without configured origins media stays same-origin', async () => {
    const plain = await createTestApp();
    try {
      await mkdir(path.join(plain.dataDir, 'media', 'thumbnails'), { recursive: true });
      await writeFile(path.join(plain.dataDir, 'media', 'thumbnails', 'abc.webp'), 'x');
      const res = await plain.app.inject({ url: '/media/thumbnails/abc.webp' });
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    } finally {
      await plain.close();
    }
  });
});
