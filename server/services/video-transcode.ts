/**
 * The transcode job's work for one video: fetch the stored MP4/WebM, then for each rendition of
 * the ladder not made yet (lowest first) run ffmpeg, store the files and record the rendition, and
 * rewrite the master playlist so players see it at once. Runs again safely after a crash or a
 * retry: finished renditions are skipped, so a restart costs at most the rendition in progress.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import { newId } from '../db/ids.js';
import { videos, type StoredRendition } from '../db/schema.js';
import { HLS_FOLDER, masterKey, renditionStem } from '../media/hls/keys.js';
import { codecsOf, renditionName, renditionsFor } from '../media/hls/ladder.js';
import { masterPlaylist } from '../media/hls/master-playlist.js';
import { transcodeRendition } from '../media/hls/transcode-rendition.js';
import { probeVideo } from '../media/video-probe.js';
import {
  addRendition,
  markReady,
  processingOf,
  recordProgress,
  type ProcessingRow,
} from './video-processing.js';

export const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const SEGMENT_TYPES: Record<string, string> = {
  '.m3u8': PLAYLIST_TYPE,
  '.mp4': 'video/mp4',
  '.m4s': 'video/iso.segment',
};
/** Progress is written at most this often: a row update per ffmpeg report would be wasteful. */
const PROGRESS_EVERY_MS = 2_000;

export interface TranscodeRun {
  signal?: AbortSignal;
  /**
   * The job run's hold on its job (JobRun.lease, jobs/job-definition.ts), when a job runs this: a run that
   * lost it (it stalled past its lease; a retry runs elsewhere) stores and records nothing more,
   * since the retry writes the same keys.
   */
  lease?: {
    /** Locks the job in `tx`; throws when the run no longer holds it. */
    hold: (tx: Db | Tx) => Promise<void>;
    /** Throws when the run no longer holds its job. */
    check: () => Promise<void>;
  };
}

/** 'gone' when the video was deleted meanwhile (nothing to do), else 'done'. */
export async function transcodeVideo(
  ctx: AppContext,
  videoId: string,
  run: TranscodeRun = {},
): Promise<'done' | 'gone'> {
  const [video] = await ctx.db
    .select({ videoKey: videos.videoKey })
    .from(videos)
    .where(eq(videos.id, videoId));
  const row = await processingOf(ctx.db, videoId);
  if (!video || !row) return 'gone';
  const { lease } = run;
  /** `write` in a transaction that first checks the run still holds its job (without a job: as is). */
  const recorded = <T>(write: (db: Db | Tx) => Promise<T>): Promise<T> =>
    lease
      ? ctx.db.transaction(async (tx) => {
          await lease.hold(tx);
          return write(tx);
        })
      : write(ctx.db);

  const workDir = path.join(ctx.tmpDir, `transcode-${newId()}`);
  await mkdir(workDir, { recursive: true });
  try {
    const sourcePath = path.join(workDir, 'source');
    await pipeline(ctx.storage.stream(video.videoKey), createWriteStream(sourcePath));
    const probe = await probeVideo(sourcePath, ctx.config.ffprobePath);
    const source = { path: sourcePath, ...probe };
    const ladder = renditionsFor(Math.min(probe.width, probe.height));
    let current: ProcessingRow = row;
    let made = 0;
    for (const [index, rendition] of ladder.entries()) {
      const name = renditionName(rendition.height);
      if (current.renditions.some((r) => r.name === name)) continue;
      const stem = renditionStem(current.hlsPrefix, name);
      let lastWrite = 0;
      const output = await transcodeRendition(source, rendition, workDir, stem, {
        ffmpeg: ctx.config.ffmpegPath,
        signal: run.signal,
        onProgress: (fraction) => {
          if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
          lastWrite = Date.now();
          void recordProgress(ctx.db, videoId, (index + fraction) / ladder.length).catch(() => {});
        },
      });
      // Recorded until the row lists the rendition: a kill while storing leaves nobody's files.
      const keys = output.files.map((file) => `${HLS_FOLDER}/${file}`);
      await ctx.journal.record(keys);
      // A retry running elsewhere stores these very keys: a run that lost its job leaves them.
      await lease?.check();
      await storeFiles(ctx, workDir, output.files);
      const stored: StoredRendition = {
        name,
        width: output.width,
        height: output.height,
        bandwidth: output.peak,
        averageBandwidth: output.average,
        codecs: codecsOf(rendition, probe.hasAudio),
        segments: output.segments,
      };
      const progress = (index + 1) / ladder.length;
      const added = await recorded((db) =>
        addRendition(db, videoId, current.hlsPrefix, stored, progress),
      );
      if (!added) {
        // Deleted, or unpublished (new prefix) while ffmpeg ran: these files are nobody's.
        await Promise.all(keys.map((key) => ctx.storage.delete(key)));
      }
      await ctx.journal.clear(keys);
      if (!added) {
        const latest = await processingOf(ctx.db, videoId);
        if (!latest) return 'gone';
        current = latest;
        continue; // the rendition is remade under the new prefix on the next attempt
      }
      current = { ...current, renditions: [...current.renditions, stored] };
      await lease?.check();
      await writeMaster(ctx, workDir, current);
      made += 1;
    }
    const latest = await processingOf(ctx.db, videoId);
    if (!latest) return 'gone';
    if (latest.renditions.length < ladder.length) throw new Error('renditions missing after run');
    // Every rendition was recorded by earlier runs: the last one may have died between recording
    // its rendition and rewriting the master.
    await lease?.check();
    if (made === 0) await writeMaster(ctx, workDir, latest);
    await markReady(ctx, videoId, lease?.hold);
    return 'done';
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

async function storeFiles(ctx: AppContext, dir: string, files: string[]): Promise<void> {
  for (const file of files) {
    await ctx.storage.put(
      `${HLS_FOLDER}/${file}`,
      path.join(dir, file),
      SEGMENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    );
  }
}

/** Rewrites the master playlist of a row with every rendition it lists. */
export async function writeMaster(
  ctx: AppContext,
  dir: string,
  row: Pick<ProcessingRow, 'hlsPrefix' | 'renditions'>,
): Promise<void> {
  const file = path.join(dir, `master-${newId()}.m3u8`);
  const text = masterPlaylist(
    row.renditions.map((r) => ({
      ...r,
      uri: `${renditionStem(row.hlsPrefix, r.name)}.m3u8`,
    })),
  );
  await writeFile(file, text);
  await ctx.storage.put(masterKey(row.hlsPrefix), file, PLAYLIST_TYPE);
}
