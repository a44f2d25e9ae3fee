/**
 * The demo's clips are kept once made (server/seed/demo-media-cache.ts): a second seed copies a
 * clip made with the same ffmpeg arguments instead of encoding it again; a different look is a
 * different entry; half an entry, or none, means encoding; and DEMO_MEDIA_CACHE=0 keeps nothing.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { demoMediaCache, demoMediaCacheFor } from '../../server/seed/demo-media-cache.js';
import { makeVideoAndThumbnail, probeDuration, type VideoLook } from '../../server/seed/media.js';

const LOOK: VideoLook = {
  kind: 'boxes',
  color: '336699',
  accent: 'ffcc00',
  hue: 0,
  tone: 440,
  seconds: 3,
};

let dir: string;
let cacheDir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-demo-cache-'));
  cacheDir = path.join(dir, 'cache');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const out = (name: string) => ({
  video: path.join(dir, `${name}.mp4`),
  frame: path.join(dir, `${name}.jpg`),
});
const entries = async () => (await readdir(cacheDir)).filter((name) => !name.startsWith('.'));

it('keeps a clip once encoded, and a second seed copies it instead of encoding', async () => {
  const cache = demoMediaCache(cacheDir);
  const first = out('first');
  await makeVideoAndThumbnail(LOOK, first.video, first.frame, cache);
  expect(await probeDuration(first.video)).toBeCloseTo(3, 0);
  const [entry] = await entries();
  expect(await entries()).toHaveLength(1);
  expect(await readFile(path.join(cacheDir, entry!, 'video.mp4'))).toEqual(
    await readFile(first.video),
  );

  // Marked bytes in the entry: what the next seed gets proves it copied rather than encoded.
  await writeFile(path.join(cacheDir, entry!, 'video.mp4'), 'kept clip');
  await writeFile(path.join(cacheDir, entry!, 'frame.jpg'), 'kept frame');
  const second = out('second');
  await makeVideoAndThumbnail(LOOK, second.video, second.frame, cache);
  expect(await readFile(second.video, 'utf8')).toBe('kept clip');
  expect(await readFile(second.frame, 'utf8')).toBe('kept frame');
});

it('encodes a different look as a new entry', async () => {
  const cache = demoMediaCache(cacheDir);
  const other = out('other');
  await makeVideoAndThumbnail({ ...LOOK, tone: 660 }, other.video, other.frame, cache);
  expect(await probeDuration(other.video)).toBeCloseTo(3, 0);
  expect(await entries()).toHaveLength(2);
});

it('encodes again when an entry is half there, and leaves nothing half copied', async () => {
  const cache = demoMediaCache(cacheDir);
  const look = { ...LOOK, seconds: 4 };
  const before = await entries();
  const made = out('made');
  await makeVideoAndThumbnail(look, made.video, made.frame, cache);
  const key = (await entries()).find((name) => !before.includes(name))!;
  await rm(path.join(cacheDir, key, 'frame.jpg'));

  const target = out('half');
  expect(await cache.copyOut(key, target)).toBe(false);
  await expect(readFile(target.video)).rejects.toThrow(/ENOENT/);
  await makeVideoAndThumbnail(look, target.video, target.frame, cache);
  expect(await probeDuration(target.video)).toBeCloseTo(4, 0);
  expect((await readFile(target.frame)).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  // The broken entry was replaced by a whole one.
  expect(await readdir(path.join(cacheDir, key))).toEqual(['frame.jpg', 'video.mp4']);
});

it('is on by default and off with DEMO_MEDIA_CACHE=0', () => {
  const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...env });
  expect(demoMediaCacheFor(config({}))).toBeDefined();
  expect(demoMediaCacheFor(config({ DEMO_MEDIA_CACHE: '0' }))).toBeUndefined();
});
