/**
 * Images stored before sizes existed keep working (one URL, no sizes) until the start-up
 * conversion turns them into sized sets: rows sharing a file move together, the old file goes,
 * a missing file is skipped and reported, and a second run changes nothing.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoItem } from '../../contract/shapes.js';
import { newId } from '../../server/db/ids.js';
import { users, videos } from '../../server/db/schema.js';
import { imageConversionJob } from '../../server/job-table.js';
import { jobUpkeep, startJobWorkers } from '../../server/jobs/job-workers.js';
import { convertThumbnails } from '../../server/maintenance/convert-thumbnails.js';
import { startMaintenance } from '../../server/maintenance/index.js';
import { DEFAULT_AVATAR_KEY } from '../../server/media/default-images.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { filesOnDisk } from './fixtures/users.js';
import { createTestApp, type TestApp } from './helpers.js';
import { silentLog, until } from './transcode-helpers.js';
import { insertVideo } from './video-helpers.js';

describe('converting images stored before sizes existed', () => {
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice_legacy'); // with the first version's default images
  });
  afterAll(() => t.close());

  /** Stores a single old-style WebP (as the app did before sizes) under `key`. */
  const storeOld = async (key: string, width: number, height: number) => {
    const file = path.join(t.ctx.tmpDir, `old-${newId()}.webp`);
    await writeFile(
      file,
      await sharp({ create: { width, height, channels: 3, background: '#884422' } })
        .webp()
        .toBuffer(),
    );
    await t.ctx.storage.put(key, file, 'image/webp');
  };
  const setThumbnailKey = (id: string, key: string) =>
    t.ctx.db.update(videos).set({ thumbnailKey: key }).where(eq(videos.id, id));
  const watch = async (id: string) => {
    const res = await t.app.inject({ url: `/api/v1/videos/${id}`, headers: alice.headers });
    return res.json<{ data: VideoItem }>().data;
  };
  const convert = () => convertThumbnails(t.ctx, { batchSize: 2, log: t.app.log });

  it('converts old rows once, idempotently, and the API lists the sizes', async () => {
    const shared = `thumbnails/${newId()}.webp`;
    await storeOld(shared, 1280, 720);
    // Two catalogue rows share one file, as `npm run seed -- --videos N` makes them.
    const first = await insertVideo(t, alice);
    const second = await insertVideo(t, alice);
    await setThumbnailKey(first, shared);
    await setThumbnailKey(second, shared);
    const own = await insertVideo(t, alice);
    const ownKey = `thumbnails/${newId()}.webp`;
    await storeOld(ownKey, 640, 360);
    await setThumbnailKey(own, ownKey);
    const avatarKey = `avatars/${newId()}.webp`;
    await storeOld(avatarKey, 320, 320);
    await t.ctx.db.update(users).set({ avatarKey }).where(eq(users.id, alice.id));
    const lost = await insertVideo(t, alice); // its file was never stored

    // Before the conversion an old row answers with its one URL and no sizes.
    const before = await watch(first);
    expect(before.thumbnail).toMatch(new RegExp(`/media/${shared}$`));
    expect(before.thumbnailSizes).toEqual([]);

    const report = await convert();
    expect(report.converted).toBe(4); // shared, own, the avatar, the old default cover
    expect(report.skipped).toEqual([`thumbnails/${lost}.webp`]);

    const [a, b, c] = [await watch(first), await watch(second), await watch(own)];
    expect(a.thumbnailSizes?.map((size) => size.width)).toEqual([180, 360, 720, 1280]);
    expect(b.thumbnailSizes).toEqual(a.thumbnailSizes);
    expect(c.thumbnailSizes?.map((size) => size.width)).toEqual([180, 360, 640]);
    expect(c.owner.avatarSizes?.map((size) => size.width)).toEqual([48, 96, 192, 320]);
    for (const { url } of [...a.thumbnailSizes!, ...c.owner.avatarSizes!]) {
      expect(existsSync(path.join(t.dataDir, new URL(url).pathname))).toBe(true);
    }
    const files = await filesOnDisk(t);
    expect(files).not.toContain(`media/${shared}`);
    expect(files).not.toContain(`media/${avatarKey}`);
    const [userRow] = await t.ctx.db.select().from(users).where(eq(users.id, alice.id));
    expect(userRow!.coverKey).toMatch(/^cover-sizes\/default-2-w1600\.webp$/);
    expect((await watch(lost)).thumbnail).toMatch(new RegExp(`/media/thumbnails/${lost}.webp$`));

    // Resumed or run again: nothing left to do, nothing changes.
    const again = await convert();
    expect(again).toEqual({ converted: 0, skipped: [`thumbnails/${lost}.webp`] });
    expect(await filesOnDisk(t)).toEqual(files);
    expect(await watch(first)).toEqual(a);
  });

  it('moves every row of a file shared by more rows than one statement updates', async () => {
    const shared = `thumbnails/${newId()}.webp`;
    await storeOld(shared, 640, 360);
    // 450 rows, as a catalogue shares its few files among thousands (statements take 200).
    const ids = Array.from({ length: 450 }, () => newId());
    await t.ctx.db.insert(videos).values(
      ids.map((id) => ({
        id,
        ownerId: alice.id,
        title: `Catalogue ${id}`,
        description: '',
        tags: ['catalogue'],
        isPublished: true,
        duration: 10,
        videoKey: `videos/${id}.mp4`,
        thumbnailKey: shared,
      })),
    );
    await convert();
    const keys = await t.ctx.db
      .selectDistinct({ key: videos.thumbnailKey })
      .from(videos)
      .where(inArray(videos.id, ids));
    expect(keys).toHaveLength(1);
    expect(keys[0]!.key).toMatch(/^thumbnail-sizes\/.*-w640\.webp$/);
    expect(await filesOnDisk(t)).not.toContain(`media/${shared}`);
  });

  it('runs as a background job that the start-up asks for, once however often it is asked', async () => {
    const key = `thumbnails/${newId()}.webp`;
    await storeOld(key, 640, 360);
    const id = await insertVideo(t, alice);
    await setThumbnailKey(id, key);
    const queued = async () => {
      const result: unknown = await t.ctx.db.execute(
        sql`select count(*)::int as n from pgboss.job
            where name = ${imageConversionJob.name} and state = 'created'`,
      );
      return (result as { rows: { n: number }[] }).rows[0]!.n;
    };
    const maintenance = startMaintenance({
      db: t.ctx.db,
      storage: t.ctx.storage,
      tmpDir: t.ctx.tmpDir,
      log: silentLog,
      jobs: jobUpkeep(t.ctx, silentLog, [imageConversionJob]),
    });
    await maintenance.firstRun;
    await until(queued, (n) => n === 1);
    // Another replica starting asks too: one job is already waiting, so nothing is added.
    await t.ctx.jobs.send(imageConversionJob.name, {});
    expect(await queued()).toBe(1);
    expect((await watch(id)).thumbnailSizes).toEqual([]);

    const worker = await startJobWorkers(t.ctx, silentLog, [imageConversionJob]);
    try {
      const converted = await until(
        () => watch(id),
        (video) => (video.thumbnailSizes?.length ?? 0) > 0,
      );
      expect(converted.thumbnailSizes?.map((size) => size.width)).toEqual([180, 360, 640]);
      // The old file goes right after its rows moved (convert-thumbnails.ts), not with them.
      await until(
        () => filesOnDisk(t),
        (files) => !files.includes(`media/${key}`),
      );
    } finally {
      await worker.stop();
      maintenance.stop();
    }
  });

  it('moves rows on the first version of the default images to the sized defaults', async () => {
    const bob = await createUser(t, 'bob_legacy');
    await convert();
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, bob.id));
    expect(row!.avatarKey).toBe(DEFAULT_AVATAR_KEY);
  });
});
