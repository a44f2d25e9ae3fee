/**
 * Nothing left behind after a crash: partial uploads in tmp/ are swept at start, media files no
 * row references are removed once older than the grace period, and rows whose files are missing
 * are reported (not a video whose renditions do not exist yet). The situations are made on disk
 * as a kill would leave them; media-journal.test.ts covers the files of interrupted work, and
 * kill-points.test.ts kills a real server.
 */
import { rm, utimes } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../server/db/schema.js';
import { startMaintenance } from '../../server/maintenance/index.js';
import { storedKeysOf } from '../../server/media/image-keys.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { HOUR, listFiles, placeFile } from './disk-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { emptySiteCopy, freePort, startServer } from './spawned-server.js';
import { insertVideo, upload } from './video-helpers.js';

describe('crash safety', () => {
  let t: TestApp;
  let alice: TestUser;
  let media: string;
  let tmp: string;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice_crash');
    media = path.join(t.dataDir, 'media');
    tmp = path.join(t.dataDir, 'tmp');
  });
  afterAll(() => t.close());

  const run = (graceMs = HOUR) =>
    startMaintenance({
      db: t.ctx.db,
      storage: t.ctx.storage,
      tmpDir: tmp,
      log: t.app.log,
      graceMs,
    });

  it('sweeps every partial upload from tmp/ at start', async () => {
    await placeFile(path.join(tmp, 'upload-partial-video'), 0, 5 * 1024 * 1024);
    await placeFile(path.join(tmp, 'thumb-abc.webp'), 2 * HOUR);
    const maintenance = run();
    expect((await maintenance.firstRun).sweptTmp).toBe(2);
    maintenance.stop();
    expect(await listFiles(tmp)).toEqual([]);
  });

  it('removes old files no row references and keeps the rest', async () => {
    const uploaded = await upload(t, alice);
    expect(uploaded.statusCode).toBe(201);
    const kept = await listFiles(media);

    // Killed between "file stored" and "row inserted": an hour-old file no row names.
    await placeFile(path.join(media, 'videos', 'killedupload.mp4'), 2 * HOUR);
    await placeFile(path.join(media, 'thumbnails', 'killedupload.webp'), 2 * HOUR);
    // Killed after a delete's commit, before its files were removed.
    const id = uploaded.json<{ data: { _id: string } }>().data._id;
    const [row] = await t.ctx.db.select().from(videos).where(eq(videos.id, id));
    const secondUpload = await upload(t, alice);
    const secondId = secondUpload.json<{ data: { _id: string } }>().data._id;
    const [second] = await t.ctx.db.select().from(videos).where(eq(videos.id, secondId));
    await t.ctx.db.delete(videos).where(eq(videos.id, secondId));
    const old = new Date(Date.now() - 2 * HOUR);
    const secondFiles = [second!.videoKey, ...storedKeysOf(second!.thumbnailKey)];
    for (const key of secondFiles) {
      await utimes(path.join(media, key), old, old);
    }
    // A young orphan may be an upload about to insert its row: kept.
    await placeFile(path.join(media, 'videos', 'inflight.mp4'), 60 * 1000);

    const maintenance = run();
    const report = await maintenance.firstRun;
    maintenance.stop();
    expect(report.removedOrphans.sort()).toEqual(
      ['thumbnails/killedupload.webp', 'videos/killedupload.mp4', ...secondFiles].sort(),
    );
    expect(await listFiles(media)).toEqual([...kept, 'videos/inflight.mp4'].sort());
    expect(kept).toContain(row!.videoKey);
    expect(kept).toContain(row!.thumbnailKey);
  });

  it('reports rows whose files are missing, and changes no row', async () => {
    const ghost = await insertVideo(t, alice, { title: 'Files lost' });
    // A fresh upload, still converting: it has no HLS file yet, and none is missing.
    expect((await upload(t, alice)).statusCode).toBe(201);
    const maintenance = run();
    const report = await maintenance.firstRun;
    maintenance.stop();
    expect(report.missingFiles.sort()).toEqual(
      [`videos/${ghost}.mp4`, ...storedKeysOf(`thumbnails/${ghost}.webp`)].sort(),
    );
    expect(await t.ctx.db.select().from(videos).where(eq(videos.id, ghost))).toHaveLength(1);
  });

  it('keeps running: a later pass removes an orphan that aged meanwhile', async () => {
    const maintenance = startMaintenance({
      db: t.ctx.db,
      storage: t.ctx.storage,
      tmpDir: tmp,
      log: t.app.log,
      graceMs: 200,
      intervalMs: 100,
    });
    await maintenance.firstRun;
    await placeFile(path.join(media, 'videos', 'laterorphan.mp4'), 0);
    await expect
      .poll(async () => (await listFiles(media)).includes('videos/laterorphan.mp4'), {
        timeout: 5000,
      })
      .toBe(false);
    maintenance.stop();
  });

  it('vacuums and analyzes a database without autovacuum on later passes, not at start', async () => {
    const lastVacuum = async () => {
      const result = await t.ctx.db.execute(
        sql`select last_vacuum, last_analyze from pg_stat_user_tables where relname = 'videos'`,
      );
      const { rows } = result as { rows: { last_vacuum: unknown; last_analyze: unknown }[] };
      return rows[0]!;
    };
    const options = { db: t.ctx.db, storage: t.ctx.storage, tmpDir: tmp, log: t.app.log };
    const hourly = startMaintenance({ ...options, vacuum: true });
    await hourly.firstRun;
    hourly.stop();
    expect((await lastVacuum()).last_vacuum).toBeNull();
    const often = startMaintenance({ ...options, vacuum: true, intervalMs: 100 });
    await expect
      .poll(async () => (await lastVacuum()).last_vacuum, { timeout: 5000 })
      .not.toBeNull();
    often.stop();
    expect((await lastVacuum()).last_analyze).not.toBeNull();
  });
});

describe('starting the server', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await emptySiteCopy('vidtube-start-');
  }, 180_000); // the test process's first empty site is a first start: slow on a loaded machine
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('sweeps tmp/ and old orphan media before serving', async () => {
    await placeFile(path.join(dataDir, 'tmp', 'upload-killed'), 0, 1024 * 1024);
    await placeFile(path.join(dataDir, 'media', 'videos', 'orphan.mp4'), 2 * HOUR);
    const server = await startServer(dataDir, await freePort(), { LOG_LEVEL: 'info' });
    try {
      await expect
        .poll(() => server.output().includes('media: removed files no row references'), {
          timeout: 60_000,
        })
        .toBe(true);
      expect(await listFiles(path.join(dataDir, 'tmp'))).toEqual([]);
      expect(await listFiles(path.join(dataDir, 'media', 'videos'))).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
