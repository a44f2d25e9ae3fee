/**
 * Videos whose renditions were recorded before each attempt had an id (media/hls/keys.ts) keep
 * their files where they are: they play from their one master, a run of the older version that
 * died before rewriting that master gets it rewritten, and a conversion that goes on adds
 * renditions under ids beside them, with a master that lists both.
 */
import { previewKeys } from '../../server/media/previews/keys.js';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { videoProcessing, type StoredRendition } from '../../server/db/schema.js';
import { HLS_FOLDER, masterKey, renditionKeys } from '../../server/media/hls/keys.js';
import { writeMaster } from '../../server/processing/rendition-attempt.js';
import { processingKeys, processingOf } from '../../server/processing/video-processing.js';
import { transcodeVideo } from '../../server/processing/video-transcode.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { servedHls } from './hls-served.js';
import { createTestApp, type TestApp } from './helpers.js';
import { uploadHd, watch } from './transcode-helpers.js';

let t: TestApp;
let owner: TestUser;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, 'legacy_owner');
  dir = await mkdtemp(path.join(os.tmpdir(), 'legacy-hls-'));
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Stores `text` under `key`. */
async function put(key: string, text: string) {
  const file = path.join(dir, path.basename(key));
  await writeFile(file, text);
  await t.ctx.storage.put(key, file, 'application/vnd.apple.mpegurl');
}

/**
 * Moves a video's files to the layout of the older version, keeping `keep` of its renditions:
 * no ids, `<prefix>-480p…` files and one master, `<prefix>.m3u8`.
 */
async function toOlderLayout(videoId: string, keep: number): Promise<StoredRendition[]> {
  const row = (await processingOf(t.ctx.db, videoId))!;
  const prefix = row.hlsPrefix;
  const older: StoredRendition[] = [];
  for (const [index, rendition] of row.renditions.entries()) {
    const { id, ...withoutId } = rendition;
    const from = renditionKeys(prefix, rendition);
    await t.ctx.storage.delete(masterKey(prefix, id));
    if (index >= keep) {
      for (const key of from) await t.ctx.storage.delete(key);
      continue;
    }
    const to = renditionKeys(prefix, withoutId);
    const playlist = await text(t.ctx.storage.stream(from[0]!));
    await put(to[0]!, playlist.split(`${prefix}-${id}-`).join(`${prefix}-`));
    await t.ctx.storage.delete(from[0]!);
    for (const [i, key] of from.entries()) {
      if (i === 0) continue;
      await t.ctx.storage.copy(key, to[i]!);
      await t.ctx.storage.delete(key);
    }
    older.push(withoutId);
  }
  await writeMaster(t.ctx, dir, prefix, older);
  await t.ctx.db
    .update(videoProcessing)
    .set({ renditions: older, state: keep < row.renditions.length ? 'processing' : 'ready' })
    .where(eq(videoProcessing.videoId, videoId));
  return older;
}

/** The video's HLS objects in storage. */
async function storedUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of t.ctx.storage.list()) {
    if (object.key.startsWith(`${HLS_FOLDER}/${prefix}`)) keys.push(object.key);
  }
  return keys.sort();
}

it('plays renditions stored without ids from their one master', async () => {
  const id = await uploadHd(t, owner);
  expect(await transcodeVideo(t.ctx, id)).toBe('done');
  await toOlderLayout(id, 2);
  const { hlsPrefix } = (await processingOf(t.ctx.db, id))!;

  const video = await watch(t, owner, id);
  expect(video.processing).toMatchObject({ state: 'ready', renditions: ['480p', '720p'] });
  expect(video.processing.hlsUrl).toMatch(new RegExp(`/${HLS_FOLDER}/${hlsPrefix}\\.m3u8$`));
  const served = await servedHls(t, video.processing.hlsUrl!);
  const row = (await processingOf(t.ctx.db, id))!;
  // The row's files are what the master reaches, and the seek previews (issue 34).
  const previews = previewKeys(row.hlsPrefix, row.previews);
  expect([...served.keys(), ...previews].sort()).toEqual([...processingKeys(row)].sort());
  expect(await storedUnder(hlsPrefix)).toEqual([...processingKeys(row)].sort());

  // The older version rewrote its master after recording a rendition: killed in between, the
  // next run has no rendition left to make, and still leaves a master behind.
  await t.ctx.storage.delete(masterKey(hlsPrefix));
  expect(await transcodeVideo(t.ctx, id)).toBe('done');
  await servedHls(t, video.processing.hlsUrl!);
}, 90_000);

it('adds the renditions still to make under ids, beside those stored without', async () => {
  const id = await uploadHd(t, owner);
  expect(await transcodeVideo(t.ctx, id)).toBe('done');
  await toOlderLayout(id, 1);
  const { hlsPrefix } = (await processingOf(t.ctx.db, id))!;

  expect(await transcodeVideo(t.ctx, id)).toBe('done');
  const row = (await processingOf(t.ctx.db, id))!;
  expect(row.renditions.map((r) => [r.name, Boolean(r.id)])).toEqual([
    ['480p', false],
    ['720p', true],
  ]);
  const video = await watch(t, owner, id);
  expect(video.processing).toMatchObject({ state: 'ready', renditions: ['480p', '720p'] });
  expect(video.processing.hlsUrl).toMatch(
    new RegExp(`/${masterKey(hlsPrefix, row.renditions[1]!.id)}$`),
  );
  const served = await servedHls(t, video.processing.hlsUrl!);
  expect(served.has(`${HLS_FOLDER}/${hlsPrefix}-480p.m3u8`)).toBe(true);
  expect(served.has(`${HLS_FOLDER}/${hlsPrefix}-${row.renditions[1]!.id}-720p.m3u8`)).toBe(true);
  // Both masters stay (a page loaded earlier may still hold the older one), and nothing else.
  expect(await storedUnder(hlsPrefix)).toEqual([...processingKeys(row)].sort());
  await servedHls(t, `${new URL(video.processing.hlsUrl!).origin}/media/${masterKey(hlsPrefix)}`);
}, 90_000);
