/**
 * The media journal (storage/media-journal.ts): work a kill interrupted is known exactly, so the
 * next start of the same server removes its files at once, whatever their age, while files nobody
 * recorded keep the hour of grace and a running process's work in flight is left alone. The kills
 * are made in-process: the call at the chosen moment throws, and so does every clean-up after it,
 * which leaves the rows, files and journal as a SIGKILL there would (kill-points.test.ts kills a
 * real server).
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaJournal, videos } from '../../server/db/schema.js';
import { startMaintenance } from '../../server/maintenance/index.js';
import { hlsKeys } from '../../server/media/hls/keys.js';
import { MediaJournal } from '../../server/storage/media-journal.js';
import { addRendition, processingOf } from '../../server/processing/video-processing.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { HOUR, listFiles, placeFile } from './disk-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { RENDITION_480P, silentLog } from './transcode-helpers.js';
import { upload } from './video-helpers.js';

describe('work a kill interrupted, known from the media journal', () => {
  let t: TestApp;
  let alice: TestUser;
  let media: string;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice_journal');
    media = path.join(t.dataDir, 'media');
  });
  afterAll(() => t.close());

  /** The first pass of a start: `journal` is the process that starts (default: this one). */
  const startPass = async (journal: MediaJournal = t.ctx.journal) => {
    const maintenance = startMaintenance({
      db: t.ctx.db,
      storage: t.ctx.storage,
      tmpDir: t.ctx.tmpDir,
      log: silentLog,
      journal,
    });
    const report = await maintenance.firstRun;
    maintenance.stop();
    return report;
  };
  /** The same server started again on its DATA_DIR: the same writer, a new run. */
  const nextStart = () => new MediaJournal(t.ctx.db, t.ctx.journal.writer);
  const journalRows = async () => t.ctx.db.select().from(mediaJournal);

  /** Runs `work` as if the process died at `point`: that call throws, and so does every clean-up. */
  async function dyingAt<T>(point: () => void, work: () => Promise<T>): Promise<T> {
    const { delete: remove } = t.ctx.storage;
    t.ctx.storage.delete = () => Promise.reject(new Error('killed'));
    point();
    try {
      return await work();
    } finally {
      t.ctx.storage.delete = remove;
    }
  }

  it('removes at the next start, at once, exactly the files of an interrupted upload and delete', async () => {
    const before = await listFiles(media);

    // Killed after the upload's files were stored, before its row committed.
    const { send } = t.ctx.jobs;
    const died = await dyingAt(
      () => (t.ctx.jobs.send = () => Promise.reject(new Error('killed'))),
      () => upload(t, alice),
    );
    t.ctx.jobs.send = send;
    expect(died.statusCode).toBe(500);
    const leftByUpload = (await listFiles(media)).filter((file) => !before.includes(file));
    expect(leftByUpload.some((file) => file.startsWith('videos/'))).toBe(true);
    expect(leftByUpload.some((file) => file.startsWith('thumbnail-sizes/'))).toBe(true);

    // Killed after a delete's commit, before its files (HLS last) were removed.
    const newFiles = async (...known: string[][]) =>
      (await listFiles(media)).filter((file) => !known.some((list) => list.includes(file)));
    expect((await upload(t, alice)).statusCode).toBe(201);
    const keptFiles = await newFiles(before, leftByUpload);
    const doomed = (await upload(t, alice)).json<{ data: { _id: string } }>().data._id;
    const processing = (await processingOf(t.ctx.db, doomed))!;
    await addRendition(t.ctx.db, doomed, processing, RENDITION_480P, 0.5);
    const hlsFiles = hlsKeys(processing.hlsPrefix, [RENDITION_480P]);
    for (const key of hlsFiles) await placeFile(path.join(media, key), 0);
    const doomedFiles = await newFiles(before, leftByUpload, keptFiles);
    expect(doomedFiles).toEqual(expect.arrayContaining(hlsFiles));
    const deleted = await dyingAt(
      () => undefined,
      () =>
        t.app.inject({ method: 'DELETE', url: `/api/v1/videos/${doomed}`, headers: alice.headers }),
    );
    expect(deleted.statusCode).toBe(500);
    expect(await t.ctx.db.select().from(videos).where(eq(videos.id, doomed))).toEqual([]);
    expect(await newFiles(before, leftByUpload, keptFiles)).toEqual(doomedFiles);

    // Young and recorded by nobody: maybe another process's upload about to insert its row.
    await placeFile(path.join(media, 'videos', 'unattributed.mp4'), 0);
    // This run's own work in flight is not interrupted: a pass of this run leaves it.
    expect((await startPass()).removedOrphans).toEqual([]);

    const report = await startPass(nextStart());
    expect(report.removedOrphans.sort()).toEqual([...leftByUpload, ...doomedFiles].sort());
    expect(await listFiles(media)).toEqual(
      [...before, ...keptFiles, 'videos/unattributed.mp4'].sort(),
    );
    expect(await journalRows()).toEqual([]);
  });

  it("drops stale entries whose files are settled, and leaves another writer's young work alone", async () => {
    const [named] = await t.ctx.db.select({ key: videos.videoKey }).from(videos).limit(1);
    await placeFile(path.join(media, 'videos', 'workers-file.mp4'), 0);
    const worker = new MediaJournal(t.ctx.db, 'worker-elsewhere');
    await worker.record(['videos/workers-file.mp4', named!.key]);
    // The entry of the named file is two hours old: whatever wrote it finished or died.
    await t.ctx.db
      .update(mediaJournal)
      .set({ createdAt: new Date(Date.now() - 2 * HOUR) })
      .where(eq(mediaJournal.key, named!.key));
    const report = await startPass(nextStart());
    expect(report.removedOrphans).not.toContain('videos/workers-file.mp4');
    expect((await journalRows()).map((row) => row.key)).toEqual(['videos/workers-file.mp4']);
  });
});
