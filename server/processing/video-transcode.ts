/**
 * The transcode job's work for one video: fetch the stored MP4/WebM, then for each rendition of
 * the ladder not made yet (lowest first) run ffmpeg, store its files and the master playlist that
 * adds it, and record the rendition: players see it at once. Runs again safely after a crash or a
 * retry: finished renditions are skipped, so a restart costs at most the rendition in progress.
 *
 * A run that stalled past its job's lease may wake up in the middle of an upload, which no
 * transaction covers, while its retry runs elsewhere: each attempt at a rendition is stored under
 * keys of its own and recorded only while the run holds its job (rendition-attempt.ts), so a
 * stale run's late upload lands on keys nobody reads.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { ServerContext } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import { newId } from '../db/ids.js';
import { videos, type StoredRendition } from '../db/schema.js';
import { renditionStem } from '../media/hls/keys.js';
import { codecsOf, renditionName, renditionsFor } from '../media/hls/ladder.js';
import { transcodeRendition } from '../media/hls/transcode-rendition.js';
import {
  removeAbandonedAttempts,
  storeAttempt,
  writeMaster,
  type Recorder,
} from './rendition-attempt.js';
import { makeSeekPreviews } from './preview-step.js';
import { fetchSource } from './source-file.js';
import { markReady, processingOf, recordProgress, type ProcessingRow } from './video-processing.js';

/** Progress is written at most this often: a row update per ffmpeg report would be wasteful. */
const PROGRESS_EVERY_MS = 2_000;

export interface TranscodeRun {
  signal?: AbortSignal;
  /**
   * The job run's hold on its job (JobRun.lease, jobs/job-definition.ts), when a job runs this: a
   * run that lost it (it stalled past its lease; a retry runs elsewhere) records nothing more, and
   * removes what it stored for a rendition it could not record.
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
  ctx: ServerContext,
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
  // Without a job (tests, tools): as is.
  const recorded: Recorder = (write) =>
    lease
      ? ctx.db.transaction(async (tx) => {
          await lease.hold(tx);
          return write(tx);
        })
      : write(ctx.db);

  const workDir = path.join(ctx.tmpDir, `transcode-${newId()}`);
  await mkdir(workDir, { recursive: true });
  try {
    const source = await fetchSource(ctx, video.videoKey, workDir);
    const ladder = renditionsFor(Math.min(source.width, source.height));
    let current: ProcessingRow = row;
    let made = 0;
    for (const [index, rendition] of ladder.entries()) {
      const name = renditionName(rendition.height);
      if (current.renditions.some((r) => r.name === name)) continue;
      const id = randomBytes(8).toString('hex');
      let lastWrite = 0;
      const output = await transcodeRendition(
        source,
        rendition,
        workDir,
        renditionStem(current.hlsPrefix, { name, id }),
        {
          ffmpeg: ctx.config.ffmpegPath,
          signal: run.signal,
          onProgress: (fraction) => {
            if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
            lastWrite = Date.now();
            void recordProgress(ctx.db, videoId, (index + fraction) / ladder.length).catch(
              () => {},
            );
          },
        },
      );
      const stored: StoredRendition = {
        name,
        id,
        width: output.width,
        height: output.height,
        bandwidth: output.peak,
        averageBandwidth: output.average,
        codecs: codecsOf(rendition, source.hasAudio),
        segments: output.segments,
      };
      const added = await storeAttempt(
        ctx,
        { check: lease?.check, recorded },
        {
          videoId,
          row: current,
          stored,
          dir: workDir,
          files: output.files,
          progress: (index + 1) / ladder.length,
        },
      );
      if (!added) {
        const latest = await processingOf(ctx.db, videoId);
        if (!latest) return 'gone';
        current = latest;
        continue; // the rendition is remade under the new prefix on the next attempt
      }
      current = { ...current, renditions: [...current.renditions, stored] };
      made += 1;
    }
    const latest = await processingOf(ctx.db, videoId);
    if (!latest) return 'gone';
    if (latest.renditions.length < ladder.length) throw new Error('renditions missing after run');
    await lease?.check();
    // Seek previews (issue 34): after the renditions, fenced and retried like them.
    const previewed = await makeSeekPreviews(
      ctx,
      { check: lease?.check, recorded },
      videoId,
      latest,
      source,
      { dir: workDir, signal: run.signal },
    );
    if (!previewed) throw new Error('seek previews not recorded: the row moved on');
    // The older layout rewrote its one master after recording each rendition, so a run that died
    // in between left it behind its row. A master with an id is stored before the row names it.
    if (made === 0 && !latest.renditions.at(-1)?.id) {
      await writeMaster(ctx, workDir, latest.hlsPrefix, latest.renditions);
    }
    await removeAbandonedAttempts(ctx, latest);
    await markReady(ctx, videoId, lease?.hold);
    return 'done';
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
