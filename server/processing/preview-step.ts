/**
 * The seek-preview step of the transcode job (issue 34): after the renditions, ffmpeg makes the
 * sprite sheet and its WebVTT map (media/previews/), which are stored in the media storage and
 * recorded in the processing row. Fenced like a rendition (rendition-attempt.ts): the files carry
 * the attempt's id, the journal lists them until the row names them, and the row is written only
 * while the run holds its job and only if nobody recorded previews or moved the prefix meanwhile;
 * otherwise the files are removed. A failure throws, so the job's retry runs the step again
 * (finished renditions are skipped).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ServerContext } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import { videoProcessing, type StoredPreviews } from '../db/schema.js';
import { HLS_FOLDER } from '../media/hls/keys.js';
import { previewKeys, previewStem } from '../media/previews/keys.js';
import { makePreviews, type SpriteSource } from '../media/previews/sprite.js';
import type { Fence } from './rendition-attempt.js';
import { processingOf, type ProcessingRow } from './video-processing.js';

const TYPES: Record<string, string> = { '.vtt': 'text/vtt', '.jpg': 'image/jpeg' };

/** Records the previews unless the row moved on; false then. */
async function addPreviews(
  db: Db | Tx,
  videoId: string,
  prefix: string,
  previews: StoredPreviews,
): Promise<boolean> {
  const changed = await db
    .update(videoProcessing)
    .set({ previews, updatedAt: sql`now()` })
    .where(
      and(
        eq(videoProcessing.videoId, videoId),
        eq(videoProcessing.hlsPrefix, prefix),
        isNull(videoProcessing.previews),
      ),
    )
    .returning({ videoId: videoProcessing.videoId });
  return changed.length > 0;
}

/** Makes, stores and records the previews of a row that has none; true once recorded. */
export async function makeSeekPreviews(
  ctx: ServerContext,
  { check, recorded }: Fence,
  videoId: string,
  row: Pick<ProcessingRow, 'hlsPrefix' | 'previews'>,
  source: SpriteSource,
  options: { dir: string; signal?: AbortSignal; niceness?: number },
): Promise<boolean> {
  if (row.previews) return true;
  const id = randomBytes(8).toString('hex');
  const made = await makePreviews(source, options.dir, previewStem(row.hlsPrefix, { id }), {
    ffmpeg: ctx.config.ffmpegPath,
    signal: options.signal,
    niceness: options.niceness,
  });
  const previews: StoredPreviews = { id, interval: made.interval, tiles: made.tiles };
  const keys = previewKeys(row.hlsPrefix, previews);
  await check?.();
  await ctx.journal.record(keys);
  const discard = async () => {
    await Promise.all(keys.map((key) => ctx.storage.delete(key)));
    await ctx.journal.clear(keys);
  };
  let added: boolean;
  try {
    for (const file of made.files) {
      await ctx.storage.put(
        `${HLS_FOLDER}/${file}`,
        path.join(options.dir, file),
        TYPES[path.extname(file)] ?? 'application/octet-stream',
      );
    }
    added = await recorded((db) => addPreviews(db, videoId, row.hlsPrefix, previews));
  } catch (error) {
    // Unless a commit whose answer was lost recorded them, no row names these keys.
    const latest = await processingOf(ctx.db, videoId).catch(() => undefined);
    if (latest !== undefined && latest?.previews?.id !== id) await discard().catch(() => {});
    throw error;
  }
  if (added) await ctx.journal.clear(keys);
  else await discard();
  return added;
}
