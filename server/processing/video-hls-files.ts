/**
 * A video's HLS files follow the video: deleted with it, and given fresh names when it is
 * unpublished, like its MP4 and thumbnail (see togglePublish): media URLs are public and cached,
 * so hiding a video must retire every URL anyone saw while it was public.
 *
 * Renaming means copying every file under a new random prefix; the playlists name their files, so
 * they are rewritten rather than copied. The row switches to the new prefix only if no rendition
 * was added meanwhile (a transcode may be running); otherwise the copy is redone.
 */
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { and, eq, sql } from 'drizzle-orm';
import type { ServerContext } from '../context.js';
import { newId } from '../db/ids.js';
import { videoProcessing } from '../db/schema.js';
import { PLAYLIST_TYPE } from './rendition-attempt.js';
import { deleteHlsFiles, processingKeys, processingOf } from './video-processing.js';

const ATTEMPTS = 3;

/** Copies one key under the new prefix; playlists get their file names rewritten. */
async function copyRenamed(
  ctx: Pick<ServerContext, 'storage' | 'tmpDir'>,
  key: string,
  from: string,
  to: string,
) {
  const target = key.replace(from, to);
  // Playlists, and the seek-preview map (issue 34), name their files: rewritten, not copied.
  if (!key.endsWith('.m3u8') && !key.endsWith('.vtt')) {
    await ctx.storage.copy(key, target);
    return target;
  }
  const body = (await text(ctx.storage.stream(key))).split(from).join(to);
  const file = path.join(ctx.tmpDir, `playlist-${randomBytes(8).toString('hex')}.m3u8`);
  try {
    await writeFile(file, body);
    await ctx.storage.put(target, file, key.endsWith('.vtt') ? 'text/vtt' : PLAYLIST_TYPE);
  } finally {
    await rm(file, { force: true });
  }
  return target;
}

/**
 * Gives the video's HLS files a fresh prefix and frees the old names. Call it before the row is
 * marked unpublished; a video without renditions or previews has nothing to retire.
 */
export async function retireHlsNames(ctx: ServerContext, videoId: string): Promise<void> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const row = await processingOf(ctx.db, videoId);
    // Until a rendition or the seek previews are ready no URL was handed out: nothing to retire
    // (the preview backfill gives previews to videos that have no rendition).
    if (!row || (row.renditions.length === 0 && !row.previews)) return;
    const fresh = newId();
    const copied: string[] = [];
    const keys = processingKeys(row);
    // The copies, and the old names once the row stops naming them, are in flight until the end.
    const recorded = [...keys, ...keys.map((key) => key.replace(row.hlsPrefix, fresh))];
    await ctx.journal.record(recorded);
    try {
      for (const key of keys) {
        if ((await ctx.storage.size(key)) === null) continue;
        copied.push(await copyRenamed(ctx, key, row.hlsPrefix, fresh));
      }
      const switched = await ctx.db
        .update(videoProcessing)
        .set({ hlsPrefix: fresh, updatedAt: sql`now()` })
        .where(
          and(
            eq(videoProcessing.videoId, videoId),
            eq(videoProcessing.hlsPrefix, row.hlsPrefix),
            sql`jsonb_array_length(${videoProcessing.renditions}) = ${row.renditions.length}`,
            // issue 34: previews recorded meanwhile were not copied either: redo.
            sql`coalesce(${videoProcessing.previews}->>'id', '') = ${row.previews?.id ?? ''}`,
          ),
        )
        .returning({ videoId: videoProcessing.videoId });
      if (switched.length > 0) {
        await deleteHlsFiles(ctx.storage, row);
        await ctx.journal.clear(recorded);
        return;
      }
    } catch (error) {
      await Promise.all(copied.map((key) => ctx.storage.delete(key)));
      await ctx.journal.clear(recorded);
      throw error;
    }
    await Promise.all(copied.map((key) => ctx.storage.delete(key)));
    await ctx.journal.clear(recorded);
  }
  throw new Error(`could not retire the HLS names of ${videoId}: it kept changing`);
}
