/**
 * Thumbnails, avatars and covers are stored at the widths the screens use (WebP, never wider than
 * the source), listed in the API for `srcset`, replaced and deleted as whole sets, and counted as
 * referenced by the media reconciliation.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageSize, User, VideoItem } from '../../contract/shapes.js';
import { videos } from '../../server/db/schema.js';
import { reconcileMedia } from '../../server/maintenance/media-reconcile.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { multipart, pngImage } from './media-fixtures.js';
import { upload } from './video-helpers.js';

const widths = (sizes: ImageSize[] | undefined) => sizes?.map((size) => size.width);

describe('images at the sizes the screens use', () => {
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice_sizes');
  });
  afterAll(() => t.close());

  const fileOf = (url: string) => path.join(t.dataDir, new URL(url).pathname);
  const metaOf = async (url: string) => sharp(await readFile(fileOf(url))).metadata();

  const uploadWithThumbnail = async (width: number, height: number) => {
    const res = await upload(t, alice, { thumbnail: await pngImage(width, height) });
    expect(res.statusCode).toBe(201);
    return res.json<{ data: VideoItem }>().data;
  };

  /** PATCHes one image field as Alice; answers the envelope's data. */
  const patchImage = async <T>(url: string, field: string, data: Buffer): Promise<T> => {
    const { body, headers } = multipart(
      {},
      { [field]: { filename: 'p.png', contentType: 'image/png', data } },
    );
    const res = await t.app.inject({
      method: 'PATCH',
      url,
      headers: { ...headers, ...alice.headers },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: T }>().data;
  };

  it('an upload stores every thumbnail width as WebP, served and listed for srcset', async () => {
    const video = await uploadWithThumbnail(1920, 1080);
    expect(widths(video.thumbnailSizes)).toEqual([180, 360, 720, 1280]);
    // Old clients keep one URL: the largest.
    expect(video.thumbnail).toBe(video.thumbnailSizes!.at(-1)!.url);
    for (const { width, url } of video.thumbnailSizes!) {
      expect(await metaOf(url)).toMatchObject({
        format: 'webp',
        width,
        height: Math.round((width * 9) / 16),
      });
      const served = await t.app.inject({ url: new URL(url).pathname });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    }
    const smallest = (await readFile(fileOf(video.thumbnailSizes![0]!.url))).length;
    const largest = (await readFile(fileOf(video.thumbnail))).length;
    expect(smallest).toBeLessThan(largest / 3);
  });

  it('never stores a width the source cannot fill', async () => {
    const medium = await uploadWithThumbnail(800, 600);
    expect(widths(medium.thumbnailSizes)).toEqual([180, 360, 720, 800]);
    expect(await metaOf(medium.thumbnail)).toMatchObject({ width: 800, height: 450 });

    // A 16:9 crop of 200×100 is 177 px wide: one size, no enlargement.
    const tiny = await uploadWithThumbnail(200, 100);
    expect(widths(tiny.thumbnailSizes)).toEqual([177]);
    expect(await metaOf(tiny.thumbnail)).toMatchObject({ width: 177, height: 100 });
  });

  it('a new thumbnail replaces every width and deletes all the old ones', async () => {
    const video = await uploadWithThumbnail(1280, 720);
    const oldFiles = video.thumbnailSizes!.map((size) => fileOf(size.url));
    expect(oldFiles.every((file) => existsSync(file))).toBe(true);

    const edited = await patchImage<VideoItem>(
      `/api/v1/videos/${video._id}`,
      'thumbnail',
      await pngImage(1000, 1000, '#ff0000'),
    );
    expect(widths(edited.thumbnailSizes)).toEqual([180, 360, 720, 1000]);
    expect(edited.thumbnailSizes!.every((size) => existsSync(fileOf(size.url)))).toBe(true);
    expect(oldFiles.filter((file) => existsSync(file))).toEqual([]);
  });

  it('deleting a video deletes every width of its thumbnail', async () => {
    const video = await uploadWithThumbnail(1280, 720);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/videos/${video._id}`,
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(video.thumbnailSizes!.filter((size) => existsSync(fileOf(size.url)))).toEqual([]);
  });

  it('avatars and covers: every width on update, old widths deleted, owners list them', async () => {
    const patch = async (url: string, field: string, data: Buffer) =>
      patchImage<User>(`/api/v1/users/${url}`, field, data);
    const first = await patch('update-Avatar', 'avatar', await pngImage(500, 500));
    expect(widths(first.avatarSizes)).toEqual([48, 96, 192, 320]);
    for (const { width, url } of first.avatarSizes!) {
      expect(await metaOf(url)).toMatchObject({ format: 'webp', width, height: width });
    }
    const second = await patch('update-Avatar', 'avatar', await pngImage(100, 100, '#00ff00'));
    expect(widths(second.avatarSizes)).toEqual([48, 96, 100]);
    expect(first.avatarSizes!.filter((size) => existsSync(fileOf(size.url)))).toEqual([]);

    const cover = await patch('update-CoverImage', 'coverImage', await pngImage(2000, 500));
    expect(widths(cover.coverImageSizes)).toEqual([640, 1280, 1600]);
    expect(await metaOf(cover.coverImage)).toMatchObject({ width: 1600, height: 400 });

    const video = await uploadWithThumbnail(640, 360);
    const feed = await t.app.inject({ url: `/api/v1/videos/${video._id}`, headers: alice.headers });
    expect(feed.json<{ data: VideoItem }>().data.owner.avatarSizes).toEqual(second.avatarSizes);
  });

  it('the reconciliation counts every width as referenced', async () => {
    const video = await uploadWithThumbnail(1280, 720);
    const report = await reconcileMedia(t.ctx.db, t.ctx.storage, t.app.log, 0);
    const keys = video.thumbnailSizes!.map((size) => new URL(size.url).pathname.slice(7));
    expect(report.removedOrphans.filter((key) => keys.includes(key))).toEqual([]);
    expect(keys.every((key) => existsSync(path.join(t.dataDir, 'media', key)))).toBe(true);
    const [row] = await t.ctx.db.select().from(videos).where(eq(videos.id, video._id));
    expect(keys.at(-1)).toBe(row!.thumbnailKey);
  });
});
