/**
 * POST /videos: the upload pipeline end to end (real ffmpeg/ffprobe), every refusal, and that a
 * refused or aborted upload leaves no file and no row behind.
 */
import { readdir, readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { videos } from '../../server/db/schema.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { fixture, pngImage, truncated } from './media-fixtures.js';
import { upload, uploadBody } from './video-helpers.js';

/** The storage key of a media URL (names are random, not the video's id). */
const keyOfUrl = (url: string) => new URL(url).pathname.replace(/^\/media\//, '');

interface VideoJson {
  _id: string;
  title: string;
  description: string;
  tags: string[];
  duration: number;
  views: number;
  isPublished: boolean;
  videoFile: string;
  thumbnail: string;
  owner: { _id: string; userName: string };
}

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

/** Offsets of the top-level MP4 boxes, to see where the index (moov) sits. */
function topLevelBoxes(data: Buffer): Record<string, number> {
  const boxes: Record<string, number> = {};
  let offset = 0;
  while (offset + 8 <= data.length) {
    let size = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    if (size === 1) size = Number(data.readBigUInt64BE(offset + 8));
    boxes[type] ??= offset;
    if (size < 8) break;
    offset += size;
  }
  return boxes;
}

describe('POST /videos', () => {
  let t: TestApp;
  let alice: TestUser;
  const mediaFiles = () =>
    Promise.all([
      filesUnder(path.join(t.dataDir, 'media', 'videos')),
      filesUnder(path.join(t.dataDir, 'media', 'thumbnails')),
    ]).then((lists) => lists.flat());
  const tmpFiles = () => filesUnder(path.join(t.dataDir, 'tmp'));
  const rowCount = async () => (await t.ctx.db.select({ n: count() }).from(videos))[0]!.n;

  /** A refused upload: the status, the message, and nothing new on disk or in the database. */
  async function expectRefused(
    res: Awaited<ReturnType<typeof upload>>,
    status: number,
    message: string | RegExp,
  ) {
    expect(res.statusCode).toBe(status);
    const body = res.json<{ success: boolean; data: null; message: string }>();
    expect(body).toMatchObject({ statusCode: status, success: false, data: null });
    expect(body.message).toMatch(message);
    expect(await tmpFiles()).toEqual([]);
  }

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
  });
  afterAll(() => t.close());

  describe('accepted uploads', () => {
    it('stores a playable MP4 with the index moved to the front and answers the VideoItem', async () => {
      const original = await fixture('plain.mp4');
      const before = topLevelBoxes(original);
      expect(before.moov!).toBeGreaterThan(before.mdat!); // the fixture needs the remux

      const res = await upload(t, alice);
      expect(res.statusCode).toBe(201);
      const video = res.json<{ data: VideoJson }>().data;
      expect(video).toMatchObject({
        title: 'My first clip',
        description: 'Filmed at home',
        tags: ['home', 'test'],
        views: 0,
        isPublished: true,
        owner: { _id: alice.id, userName: 'alice' },
      });
      expect(video.duration).toBeCloseTo(2, 0);
      expect(video.videoFile).toMatch(
        /^http:\/\/localhost:80\/media\/videos\/[A-Za-z0-9_-]+\.mp4$/,
      );
      // The media name is random, not the public id.
      expect(video.videoFile).not.toContain(video._id);
      expect(video.thumbnail).toMatch(
        /^http:\/\/localhost:80\/media\/thumbnail-sizes\/[\w-]+-w\d+\.webp$/,
      );

      const stored = await readFile(path.join(t.dataDir, 'media', keyOfUrl(video.videoFile)));
      const after = topLevelBoxes(stored);
      expect(after.moov!).toBeLessThan(after.mdat!);
      // Remuxed, not re-encoded: the same media data, only rearranged.
      expect(Math.abs(stored.length - original.length)).toBeLessThan(original.length * 0.05);

      const thumb = await t.app.inject({ url: new URL(video.thumbnail).pathname });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect(await tmpFiles()).toEqual([]);
    });

    it('rewraps MOV and H.264 Matroska into MP4, and keeps WebM as WebM', async () => {
      for (const [name, ext] of [
        ['clip.mov', 'mp4'],
        ['clip.mkv', 'mp4'],
        ['clip.webm', 'webm'],
      ] as const) {
        const res = await upload(t, alice, { video: name });
        expect(res.statusCode, name).toBe(201);
        const video = res.json<{ data: VideoJson }>().data;
        expect(video.videoFile).toMatch(new RegExp(`/media/videos/[A-Za-z0-9_-]+\\.${ext}$`));
        const served = await t.app.inject({ url: new URL(video.videoFile).pathname });
        expect(served.headers['content-type']).toBe(ext === 'mp4' ? 'video/mp4' : 'video/webm');
      }
    });

    it('makes the thumbnail from a frame of the video when none is sent', async () => {
      const res = await upload(t, alice, { thumbnail: null });
      expect(res.statusCode).toBe(201);
      const video = res.json<{ data: VideoJson }>().data;
      const thumb = await t.app.inject({ url: new URL(video.thumbnail).pathname });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect(thumb.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(await tmpFiles()).toEqual([]);
    });

    it('trims fields, lower-cases and de-duplicates tags, and reads the duration from the file', async () => {
      const res = await upload(t, alice, {
        fields: {
          title: '  Spaced title  ',
          description: '  ',
          tags: JSON.stringify([' Music ', 'music', 'LIVE']),
          duration: '9999',
        },
      });
      expect(res.statusCode).toBe(201);
      const video = res.json<{ data: VideoJson }>().data;
      expect(video.title).toBe('Spaced title');
      expect(video.description).toBe('');
      expect(video.tags).toEqual(['music', 'live']);
      expect(video.duration).toBeLessThan(3);
    });
  });

  describe('refused uploads leave nothing behind', () => {
    let rowsBefore: number;
    let filesBefore: string[];
    beforeEach(async () => {
      rowsBefore = await rowCount();
      filesBefore = await mediaFiles();
    });
    async function expectNothingNew() {
      expect(await rowCount()).toBe(rowsBefore);
      expect((await mediaFiles()).sort()).toEqual(filesBefore.sort());
    }

    it('needs a signed-in user', async () => {
      const { body, headers } = await uploadBody();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/videos',
        headers,
        payload: body,
      });
      expect(res.statusCode).toBe(401);
      await expectNothingNew();
    });

    it('refuses a body that is not multipart', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/videos',
        headers: alice.headers,
        payload: { title: 'x', tags: '["a"]' },
      });
      await expectRefused(res, 415, 'multipart');
      await expectNothingNew();
    });

    it('refuses a text file named .mp4', async () => {
      const res = await upload(t, alice, { video: Buffer.from('just some text, not a video\n') });
      await expectRefused(res, 415, /^videoFile: /);
      await expectNothingNew();
    });

    it('refuses a truncated MP4 (index at the end, cut off)', async () => {
      const res = await upload(t, alice, { video: await truncated('plain.mp4') });
      await expectRefused(res, 415, 'videoFile: Video file could not be read as a video');
      await expectNothingNew();
    });

    it('refuses a truncated MP4 whose index survived (media data cut off)', async () => {
      // Upload a good file once to get a faststart copy, then cut that one.
      const ok = await upload(t, alice);
      const video = ok.json<{ data: VideoJson }>().data;
      const faststart = await readFile(path.join(t.dataDir, 'media', keyOfUrl(video.videoFile)));
      rowsBefore = await rowCount();
      filesBefore = await mediaFiles();
      const res = await upload(t, alice, {
        video: faststart.subarray(0, Math.floor(faststart.length * 0.6)),
      });
      await expectRefused(res, 415, 'videoFile: Video file could not be read as a video');
      await expectNothingNew();
    });

    it('refuses a media file without a video stream', async () => {
      const res = await upload(t, alice, { video: 'audio.m4a' });
      await expectRefused(res, 415, 'videoFile: Video file contains no video stream');
      await expectNothingNew();
    });

    it('refuses an image sent as the video', async () => {
      const res = await upload(t, alice, { video: await pngImage(320, 240) });
      await expectRefused(res, 415, 'videoFile: Video file contains no video stream');
      await expectNothingNew();
    });

    it('refuses a thumbnail that is not an image', async () => {
      const res = await upload(t, alice, { thumbnail: Buffer.from('<html>not an image</html>') });
      await expectRefused(res, 415, /^thumbnail: Thumbnail must be a PNG, JPG, GIF or WebP image/);
      await expectNothingNew();
    });

    it('refuses a thumbnail over 10 MB with 413', async () => {
      const res = await upload(t, alice, { thumbnail: Buffer.alloc(10 * 1024 * 1024 + 1, 1) });
      await expectRefused(res, 413, 'thumbnail: Thumbnail is larger than 10 MB');
      await expectNothingNew();
    });

    it('refuses a video over MAX_VIDEO_BYTES with 413', async () => {
      const previous = t.ctx.config.maxVideoBytes;
      // The limit is read per request from the app's config, as MAX_VIDEO_BYTES sets it.
      t.ctx.config.maxVideoBytes = 20_000;
      try {
        const res = await upload(t, alice);
        await expectRefused(res, 413, 'videoFile: Video file is larger than');
      } finally {
        t.ctx.config.maxVideoBytes = previous;
      }
      await expectNothingNew();
    });

    it('requires the video file', async () => {
      await expectRefused(
        await upload(t, alice, { video: null }),
        400,
        'videoFile: Video file is required',
      );
      await expectNothingNew();
    });

    it('refuses an unexpected file field', async () => {
      const { body, headers } = await uploadBody({ thumbnail: null });
      const extra = body.toString('latin1').replace('name="videoFile"', 'name="avatar"');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/videos',
        headers: { ...headers, ...alice.headers },
        payload: Buffer.from(extra, 'latin1'),
      });
      await expectRefused(res, 400, 'avatar: Profile picture is not a file this call takes');
      await expectNothingNew();
    });

    const good = { title: 'T', description: 'D', tags: '["a"]' };
    it.each([
      [{ ...good, title: undefined }, 'title: Title is required'],
      [{ ...good, title: '   ' }, 'title: Title is required'],
      [{ ...good, title: 'x'.repeat(101) }, 'title: Title can be at most 100 characters'],
      [
        { ...good, description: 'x'.repeat(5001) },
        'description: Description can be at most 5000 characters',
      ],
      [{ ...good, tags: undefined }, 'tags: Tags is required'],
      [{ ...good, tags: 'music' }, 'tags: Tags must be sent as the JSON text of a list of words'],
      [{ ...good, tags: '{"a":1}' }, 'tags: Tags must be sent as the JSON text of a list of words'],
      [
        { ...good, tags: '["a", 3]' },
        'tags: Tags must be sent as the JSON text of a list of words',
      ],
      [{ ...good, tags: '[]' }, 'tags: Add at least one tag'],
      [{ ...good, tags: '["  "]' }, 'tags: Each tag must be 1 to 30 characters'],
      [
        { ...good, tags: JSON.stringify(['x'.repeat(31)]) },
        'tags: Each tag must be 1 to 30 characters',
      ],
      [
        { ...good, tags: JSON.stringify(Array.from({ length: 16 }, (_, i) => `t${i}`)) },
        'tags: Add at most 15 tags',
      ],
    ])('refuses bad fields %#', async (fields, message) => {
      const defined = Object.fromEntries(
        Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined),
      );
      const res = await upload(t, alice, { fields: defined });
      await expectRefused(res, 400, message);
      await expectNothingNew();
    });
  });

  it('an upload aborted mid-stream leaves no file and no row', async () => {
    const rowsBefore = await rowCount();
    const filesBefore = await mediaFiles();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const { body, headers } = await uploadBody({
      video: Buffer.concat([await fixture('plain.mp4'), Buffer.alloc(4 * 1024 * 1024, 7)]),
    });
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/v1/videos HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        `Content-Type: ${headers['content-type']}\r\nContent-Length: ${body.length}\r\n` +
        `Cookie: ${alice.cookie}\r\n\r\n`,
    );
    socket.write(body.subarray(0, Math.floor(body.length / 2)));
    // The server is streaming the file to disk: a temp file exists now.
    await waitFor(async () => (await tmpFiles()).length > 0);
    socket.destroy();
    // Once the server has noticed the abort, the temp file is gone.
    await waitFor(async () => (await tmpFiles()).length === 0);
    expect(await rowCount()).toBe(rowsBefore);
    expect((await mediaFiles()).sort()).toEqual(filesBefore.sort());
  });
});

/** Polls a condition (no timing is asserted; vitest's test timeout bounds the wait). */
async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((r) => setTimeout(r, 20));
}
