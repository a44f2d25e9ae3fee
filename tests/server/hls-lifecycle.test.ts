/**
 * A video's HLS files follow it: unpublishing gives them fresh names (the URLs anyone saw stop
 * working, the owner's new ones play), the reconciliation keeps them, and deleting the video
 * removes every one of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoDetail } from '../../contract/videos.js';
import { reconcileMedia } from '../../server/maintenance/media-reconcile.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { mediaPath, silentLog, transcodeNow, uploadHd, watch } from './transcode-helpers.js';

let t: TestApp;
let owner: TestUser;
let id: string;
let ready: VideoDetail;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  id = await uploadHd(t, owner);
  ready = await transcodeNow(t, owner, id);
  expect(ready.processing.renditions).toEqual(['480p', '720p']);
}, 120_000);
afterAll(() => t.close());

async function hlsFiles(): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of t.ctx.storage.list()) {
    if (object.key.startsWith('hls/')) keys.push(object.key);
  }
  return keys.sort();
}

const get = (url: string) => t.app.inject({ url: mediaPath(url) });

describe('HLS files of a video', () => {
  it('survive the reconciliation of orphans', async () => {
    const before = await hlsFiles();
    const report = await reconcileMedia(t.ctx.db, t.ctx.storage, silentLog, 0);
    expect(report.removedOrphans).toEqual([]);
    expect(await hlsFiles()).toEqual(before);
  });

  it('get fresh names on unpublish; the old URLs stop working, the new ones play', async () => {
    const oldMaster = ready.processing.hlsUrl!;
    const oldVariant = new URL(
      (await get(oldMaster)).body.split('\n').find((l) => l.endsWith('.m3u8'))!,
      oldMaster,
    ).toString();
    const before = await hlsFiles();

    const toggle = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/toggle/publish/${id}`,
      headers: owner.headers,
    });
    expect(toggle.statusCode).toBe(200);
    const hidden = await watch(t, owner, id);
    expect(hidden.isPublished).toBe(false);
    const newMaster = hidden.processing.hlsUrl!;
    expect(newMaster).not.toBe(oldMaster);

    expect((await get(oldMaster)).statusCode).toBe(404);
    expect((await get(oldVariant)).statusCode).toBe(404);
    const master = await get(newMaster);
    expect(master.statusCode).toBe(200);
    const variantUri = master.body.split('\n').find((l) => l.endsWith('.m3u8'))!;
    const variant = await get(new URL(variantUri, newMaster).toString());
    expect(variant.statusCode).toBe(200);
    const segmentUri = variant.body.split('\n').find((l) => l.endsWith('.m4s'))!;
    expect((await get(new URL(segmentUri, newMaster).toString())).statusCode).toBe(200);
    // Same files, renamed: nothing left behind under the old names.
    const after = await hlsFiles();
    expect(after).toHaveLength(before.length);
    expect(after.some((key) => before.includes(key))).toBe(false);
  });

  it('are all deleted with the video', async () => {
    expect((await hlsFiles()).length).toBeGreaterThan(0);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/videos/${id}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(await hlsFiles()).toEqual([]);
  });
});
