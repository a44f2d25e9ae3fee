/**
 * Media files held open between requests (server/http/open-media-files.ts): ranges of one file
 * share a handle for KEEP_MS, yet a name moved away or deleted is refused at the very next
 * request, a name given to another file serves the new one, playlists are opened per request,
 * and every handle is closed once its time is up and its responses are done.
 */
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEEP_MS, OpenMediaFiles } from '../../server/http/open-media-files.js';

const KEY = 'videos/keptAAAAAAAAAAAAA.mp4';
const PLAYLIST = 'videos/keptAAAAAAAAAAAAA.m3u8';

describe('media files held open between requests', () => {
  let root: string;
  let now: number;
  let files: OpenMediaFiles;

  const put = async (key: string, text: string) => {
    await mkdir(path.join(root, path.dirname(key)), { recursive: true });
    await writeFile(path.join(root, key), text);
  };
  const contents = async (files: OpenMediaFiles, key: string) => {
    const lease = await files.lease(key);
    if (!lease) return null;
    try {
      const buffer = Buffer.alloc(lease.file.size);
      await lease.file.handle.read(buffer, 0, buffer.length, 0);
      return buffer.toString();
    } finally {
      await lease.release();
    }
  };

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'vidtube-open-media-'));
    now = 1_000_000;
    files = new OpenMediaFiles(root, () => now);
  });
  afterEach(async () => {
    await files.closeAll();
    await rm(root, { recursive: true, force: true });
  });

  it('gives simultaneous and later ranges of a file one handle', async () => {
    await put(KEY, 'first bytes');
    const [a, b] = await Promise.all([files.lease(KEY), files.lease(KEY)]);
    expect(a!.file.handle).toBe(b!.file.handle);
    expect(a!.file.size).toBe('first bytes'.length);
    await a!.release();
    await b!.release();
    now += KEEP_MS - 1;
    const c = await files.lease(KEY);
    expect(c!.file.handle).toBe(a!.file.handle);
    await c!.release();
    expect(files.size).toBe(1);
  });

  it('refuses a name moved away or deleted at the next request, not when the handle expires', async () => {
    await put(KEY, 'published');
    expect(await contents(files, KEY)).toBe('published');
    // Unpublishing moves the file to a fresh name.
    await rename(path.join(root, KEY), path.join(root, 'videos/movedAAAAAAAAAAAA.mp4'));
    expect(await files.lease(KEY)).toBeNull();
    await put(KEY, 'again');
    expect(await contents(files, KEY)).toBe('again');
    await rm(path.join(root, KEY));
    expect(await files.lease(KEY)).toBeNull();
  });

  it('serves the file a name now stands for, never the one it stood for', async () => {
    await put(KEY, 'old file');
    expect(await contents(files, KEY)).toBe('old file');
    await put(`${KEY}.tmp`, 'new file');
    await rename(path.join(root, `${KEY}.tmp`), path.join(root, KEY));
    expect(await contents(files, KEY)).toBe('new file');
  });

  it('opens a playlist for each request: it is rewritten in place as renditions land', async () => {
    await put(PLAYLIST, '#EXTM3U\n');
    const first = await files.lease(PLAYLIST);
    expect(files.size).toBe(0);
    await first!.release();
    expect(first!.file.handle.fd).toBe(-1);
    await put(PLAYLIST, '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n360p.m3u8\n');
    expect(await contents(files, PLAYLIST)).toContain('360p.m3u8');
  });

  it('closes an expired handle once its last response is done, and opens a fresh one', async () => {
    await put(KEY, 'bytes');
    const reading = await files.lease(KEY);
    now += KEEP_MS;
    const next = await files.lease(KEY);
    expect(next!.file.handle).not.toBe(reading!.file.handle);
    // Still read by the first response.
    expect(reading!.file.handle.fd).toBeGreaterThan(0);
    await reading!.release();
    expect(reading!.file.handle.fd).toBe(-1);
    await next!.release();
    await files.closeAll();
    expect(next!.file.handle.fd).toBe(-1);
    expect(files.size).toBe(0);
  });

  it('never lends a handle retired while the request was checking its path', async () => {
    // A clean CI run's page lost two thumbnails (net::ERR_EMPTY_RESPONSE): each request found the
    // handle in time, and while it stat'ed the path the handle's time ran out and it was closed;
    // the request then read from a closed handle and the response was dropped before a byte.
    await put(KEY, 'bytes');
    const reading = await files.lease(KEY);
    now += KEEP_MS - 1;
    const pending = files.lease(KEY); // in time when found; now stat'ing the path
    now += 1;
    await reading!.release(); // the last user of an expired handle: retired and closed
    expect(reading!.file.handle.fd).toBe(-1);
    const lease = await pending;
    expect(lease!.file.handle.fd).toBeGreaterThan(0);
    const buffer = Buffer.alloc(lease!.file.size);
    await lease!.file.handle.read(buffer, 0, buffer.length, 0);
    expect(buffer.toString()).toBe('bytes');
    await lease!.release();
  });

  it('refuses what is not a regular file', async () => {
    await mkdir(path.join(root, 'videos', 'folderAAAAAAAAAA.mp4'), { recursive: true });
    expect(await files.lease('videos/folderAAAAAAAAAA.mp4')).toBeNull();
    expect(await files.lease('videos/missingAAAAAAAAA.mp4')).toBeNull();
    expect(files.size).toBe(0);
  });
});
