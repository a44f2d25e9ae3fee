/**
 * The processing row of a video (table video_processing): created with the video, advanced by the
 * transcode job, read into the watch item and the creator's list, and its HLS files retired or
 * deleted with the video. The job itself is in video-transcode.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { VideoProcessing } from '../../contract/processing.js';
import type { ServerContext } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import { newId } from '../db/ids.js';
import { videoProcessing, type StoredRendition } from '../db/schema.js';
import { currentMasterKey, hlsKeys } from '../media/hls/keys.js';
import type { MediaStorage } from '../storage/storage.js';
import { announceNotifications } from '../events/live-topics.js';
import { notifyProcessingEnded } from '../notifications/index.js';
import { mediaUrl, type MediaUrls } from '../media/media-urls.js';
import { mapKey, previewKeys } from '../media/previews/keys.js';

/** The queue of transcode jobs and what each carries; its row in job-table.ts runs them. */
export const TRANSCODE_QUEUE = 'transcode';
export interface TranscodeJob {
  videoId: string;
}

/** Starts a video's processing; call in the transaction that inserts the video. */
export async function createProcessing(tx: Db | Tx, videoId: string): Promise<void> {
  await tx.insert(videoProcessing).values({ videoId, hlsPrefix: newId() });
}

/** Enqueues the transcode of `videoId` in `tx`, the transaction that makes or retries its row. */
export async function enqueueTranscode(
  ctx: Pick<ServerContext, 'jobs'>,
  tx: Db | Tx,
  videoId: string,
): Promise<void> {
  const job: TranscodeJob = { videoId };
  await ctx.jobs.send(TRANSCODE_QUEUE, job, tx);
}

export type ProcessingRow = typeof videoProcessing.$inferSelect;

/** The columns clients see, for a LEFT JOIN on video_processing (all null without a row). */
export const processingColumns = {
  state: videoProcessing.state,
  progress: videoProcessing.progress,
  error: videoProcessing.error,
  hlsPrefix: videoProcessing.hlsPrefix,
  renditions: videoProcessing.renditions,
  previews: videoProcessing.previews,
};
type ClientColumns = Pick<ProcessingRow, keyof typeof processingColumns>;

export async function processingOf(db: Db | Tx, videoId: string): Promise<ProcessingRow | null> {
  const [row] = await db.select().from(videoProcessing).where(eq(videoProcessing.videoId, videoId));
  return row ?? null;
}

/** Progress of the running attempt; a finished or failed row is left alone. */
export async function recordProgress(db: Db, videoId: string, progress: number): Promise<void> {
  await db
    .update(videoProcessing)
    .set({ progress, updatedAt: sql`now()` })
    .where(and(eq(videoProcessing.videoId, videoId), eq(videoProcessing.state, 'processing')));
}

/**
 * Adds a finished rendition after the `before` renditions the run saw, unless the row changed
 * meanwhile: its prefix (an unpublish retired the URLs) or its renditions (the master stored with
 * this one lists exactly those before it). Then false, and the caller removes its files.
 */
export async function addRendition(
  db: Db | Tx,
  videoId: string,
  before: Pick<ProcessingRow, 'hlsPrefix' | 'renditions'>,
  rendition: StoredRendition,
  progress: number,
): Promise<boolean> {
  const changed = await db
    .update(videoProcessing)
    .set({
      renditions: sql`${videoProcessing.renditions} || ${JSON.stringify([rendition])}::jsonb`,
      progress,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(videoProcessing.videoId, videoId),
        eq(videoProcessing.hlsPrefix, before.hlsPrefix),
        sql`jsonb_array_length(${videoProcessing.renditions}) = ${before.renditions.length}`,
      ),
    )
    .returning({ videoId: videoProcessing.videoId });
  return changed.length > 0;
}

/**
 * Ends a conversion in `state`, telling the video's owner in the same transaction (and live once
 * it committed): "your video is ready", or that it still plays as uploaded.
 */
async function endProcessing(
  ctx: Pick<ServerContext, 'db' | 'events'>,
  videoId: string,
  end: { state: 'ready'; progress: 1; error: null } | { state: 'failed'; error: string },
  guard?: (tx: Tx) => Promise<void>,
): Promise<void> {
  const notified = await ctx.db.transaction(async (tx) => {
    await guard?.(tx);
    const changed = await tx
      .update(videoProcessing)
      .set({ ...end, updatedAt: sql`now()` })
      .where(eq(videoProcessing.videoId, videoId))
      .returning({ videoId: videoProcessing.videoId });
    return notifyProcessingEnded(
      tx,
      changed.map((row) => row.videoId),
      end.state,
    );
  });
  await announceNotifications(ctx.events, notified);
}

/** `guard` runs first in the transaction (a job run's hold on its job: jobs/job-definition.ts). */
export function markReady(
  ctx: Pick<ServerContext, 'db' | 'events'>,
  videoId: string,
  guard?: (tx: Tx) => Promise<void>,
) {
  return endProcessing(ctx, videoId, { state: 'ready', progress: 1, error: null }, guard);
}

export function markFailed(
  ctx: Pick<ServerContext, 'db' | 'events'>,
  videoId: string,
  reason: string,
) {
  return endProcessing(ctx, videoId, { state: 'failed', error: reason });
}

/** A retry asked for by the creator: back to processing, keeping the renditions already made. */
export async function markRetrying(tx: Db | Tx, videoId: string): Promise<boolean> {
  const changed = await tx
    .update(videoProcessing)
    .set({ state: 'processing', error: null, updatedAt: sql`now()` })
    .where(and(eq(videoProcessing.videoId, videoId), eq(videoProcessing.state, 'failed')))
    .returning({ videoId: videoProcessing.videoId });
  return changed.length > 0;
}

/** What clients see: the state, the renditions ready and the master playlist once one exists. */
export function toProcessing(row: ClientColumns | null, urls: MediaUrls): VideoProcessing {
  if (!row) return { state: 'ready', progress: 1, error: null, renditions: [], hlsUrl: null };
  const master = currentMasterKey(row.hlsPrefix, row.renditions);
  return {
    state: row.state,
    progress: row.progress,
    error: row.error,
    renditions: row.renditions.map((r) => r.name),
    hlsUrl: master ? mediaUrl(urls, master) : null,
  };
}

/** The URL of the seek-preview map (issue 34), null until the job made it. */
export function seekPreviewsUrl(
  row: Pick<ProcessingRow, 'hlsPrefix' | 'previews'> | null,
  urls: MediaUrls,
): string | null {
  return row?.previews ? mediaUrl(urls, mapKey(row.hlsPrefix, row.previews)) : null;
}

/** Every stored file of a processing row (for delete, retire and reconciliation). */
export function processingKeys(
  row: Pick<ProcessingRow, 'hlsPrefix' | 'renditions'> & Partial<Pick<ProcessingRow, 'previews'>>,
): string[] {
  return [...hlsKeys(row.hlsPrefix, row.renditions), ...previewKeys(row.hlsPrefix, row.previews)];
}

/** Deletes a processing row's files (after the row is gone or points elsewhere). */
export async function deleteHlsFiles(
  storage: MediaStorage,
  row: Pick<ProcessingRow, 'hlsPrefix' | 'renditions'>,
): Promise<void> {
  await Promise.all(processingKeys(row).map((key) => storage.delete(key)));
}
