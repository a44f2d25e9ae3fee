/**
 * Seek previews (issue 34): the media job makes a sprite sheet and its WebVTT map after the
 * renditions; the watch answer names the map, whose cues name tiles of the sprite; both are
 * renamed with the HLS files when the video is unpublished, and a run whose row moved on removes
 * what it stored.
 */
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoDetail } from '../../contract/videos.js';
import { videoProcessing } from '../../server/db/schema.js';
import { previewMap, tileCount, tileInterval } from '../../server/media/previews/keys.js';
import { probeVideo } from '../../server/media/video-probe.js';
import { makeSeekPreviews } from '../../server/processing/preview-step.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { fixturePath } from './media-fixtures.js';
import { mediaPath, transcodeNow, uploadHd, watch } from './transcode-helpers.js';

let t: TestApp;
let owner: TestUser;
let id: string;
let ready: VideoDetail;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  id = await uploadHd(t, owner);
  ready = await transcodeNow(t, owner, id);
}, 120_000);
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url: mediaPath(url) });

/** The map's cues as [start, end, sprite URL, x, y, w, h]. */
function cuesOf(map: string, mapUrl: string) {
  const cues: { start: string; sprite: string; xywh: number[] }[] = [];
  const lines = map.split('\n');
  lines.forEach((line, i) => {
    if (!line.includes('-->')) return;
    const [file, frag] = lines[i + 1]!.split('#xywh=');
    cues.push({
      start: line.split(' --> ')[0]!,
      sprite: new URL(file!, mapUrl).toString(),
      xywh: frag!.split(',').map(Number),
    });
  });
  return cues;
}

describe('seek previews', () => {
  it('are made by the media job: the watch answer names a WebVTT map of sprite tiles', async () => {
    expect(ready.processing.state).toBe('ready');
    expect(ready.seekPreviews).toMatch(/\/hls\/.+-previews\.vtt$/);
    const map = await get(ready.seekPreviews!);
    expect(map.statusCode).toBe(200);
    expect(map.body.startsWith('WEBVTT')).toBe(true);
    const cues = cuesOf(map.body, ready.seekPreviews!);
    const interval = tileInterval(ready.duration);
    expect(cues).toHaveLength(tileCount(ready.duration, interval));
    expect(cues[0]).toMatchObject({ start: '00:00:00.000', xywh: [0, 0, 160, 90] });
    const sprite = await get(cues[0]!.sprite);
    expect(sprite.statusCode).toBe(200);
    const meta = await sharp(sprite.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    // Every cue's tile lies inside the picture.
    for (const { xywh } of cues) {
      expect(xywh[0]! + xywh[2]!).toBeLessThanOrEqual(meta.width);
      expect(xywh[1]! + xywh[3]!).toBeLessThanOrEqual(meta.height);
    }
  });

  it('move with the HLS files when the video is unpublished', async () => {
    const toggle = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/toggle/publish/${id}`,
      headers: owner.headers,
    });
    expect(toggle.statusCode).toBe(200);
    const hidden = await watch(t, owner, id);
    expect(hidden.seekPreviews).not.toBe(ready.seekPreviews);
    expect((await get(ready.seekPreviews!)).statusCode).toBe(404);
    const map = await get(hidden.seekPreviews!);
    expect(map.statusCode).toBe(200);
    const [first] = cuesOf(map.body, hidden.seekPreviews!);
    expect((await get(first!.sprite)).statusCode).toBe(200);
  });

  it('a run whose row moved on (previews recorded meanwhile) removes what it stored', async () => {
    const [row] = await t.ctx.db
      .select()
      .from(videoProcessing)
      .where(eq(videoProcessing.videoId, id));
    const file = await fixturePath('hd.mp4');
    const probe = await probeVideo(file);
    const before = new Set<string>();
    for await (const o of t.ctx.storage.list()) before.add(o.key);
    const added = await makeSeekPreviews(
      t.ctx,
      { recorded: (write) => write(t.ctx.db) },
      id,
      { hlsPrefix: row!.hlsPrefix, previews: null },
      { path: file, ...probe },
      { dir: t.ctx.tmpDir },
    );
    expect(added).toBe(false);
    const after = new Set<string>();
    for await (const o of t.ctx.storage.list()) after.add(o.key);
    expect([...after].filter((k) => !before.has(k))).toEqual([]);
  });

  it('map one tile per interval, at most 100, the last up to the end', () => {
    expect(tileInterval(30)).toBe(1);
    expect(tileInterval(3600)).toBe(36);
    expect(tileCount(3600, 36)).toBe(100);
    const map = previewMap('s.jpg', { duration: 25.5, interval: 1, tiles: 26, height: 90 });
    expect(map).toContain('00:00:10.000 --> 00:00:11.000\ns.jpg#xywh=0,90,160,90');
    expect(map).toContain('00:00:25.000 --> 00:00:26.000\ns.jpg#xywh=800,180,160,90');
  });
});
