/**
 * Storing one attempt at an HLS rendition (video-transcode.ts makes it) so that a run that lost
 * its job cannot overwrite what its retry stored: every key the attempt writes carries its id
 * (media/hls/keys.ts), and the rendition is recorded, naming those keys, only in a transaction
 * that holds the job's lease. What an attempt stored and could not record is removed: by the run
 * itself when its recording is refused or fails, else (it died) by the run that brings the video
 * to ready, from the media journal.
 */
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import type { ServerContext } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import { newId } from '../db/ids.js';
import type { StoredRendition } from '../db/schema.js';
import { HLS_FOLDER, masterKey, renditionStem } from '../media/hls/keys.js';
import { masterPlaylist } from '../media/hls/master-playlist.js';
import {
  addRendition,
  processingKeys,
  processingOf,
  type ProcessingRow,
} from './video-processing.js';

export const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const SEGMENT_TYPES: Record<string, string> = {
  '.m3u8': PLAYLIST_TYPE,
  '.mp4': 'video/mp4',
  '.m4s': 'video/iso.segment',
};

/** Runs `write` in a transaction that first checks the run still holds its job. */
export type Recorder = <T>(write: (db: Db | Tx) => Promise<T>) => Promise<T>;

/** A job run's hold on its job, as storing needs it (without a job: no check, and as is). */
export interface Fence {
  /** Throws when the run no longer holds its job. */
  check?: () => Promise<void>;
  recorded: Recorder;
}

/** One attempt at a rendition, made by ffmpeg into `dir`, to store and record. */
export interface Attempt {
  videoId: string;
  /** The row as the run last saw it: the attempt adds its rendition to these. */
  row: Pick<ProcessingRow, 'hlsPrefix' | 'renditions'>;
  stored: StoredRendition;
  dir: string;
  /** What ffmpeg wrote, the rendition's playlist first. */
  files: string[];
  progress: number;
}

/**
 * Stores the attempt's files, then the master that adds its rendition (before the row names it,
 * so the master players are given always exists), then records the rendition while the run holds
 * its job. True once recorded. Otherwise the files are nobody's and are removed: the row moved on
 * (the video was deleted, or unpublished under a new prefix: false), or the run lost its job or
 * failed (thrown).
 */
export async function storeAttempt(
  ctx: ServerContext,
  { check, recorded }: Fence,
  { videoId, row, stored, dir, files, progress }: Attempt,
): Promise<boolean> {
  const keys = [
    ...files.map((file) => `${HLS_FOLDER}/${file}`),
    masterKey(row.hlsPrefix, stored.id),
  ];
  await check?.(); // a run that lost its job already spares itself the upload
  // Recorded until the row lists the rendition: a kill while storing leaves nobody's files.
  await ctx.journal.record(keys);
  let added: boolean;
  try {
    await storeFiles(ctx, dir, files);
    await writeMaster(ctx, dir, row.hlsPrefix, [...row.renditions, stored]);
    added = await recorded((db) => addRendition(db, videoId, row, stored, progress));
  } catch (error) {
    // Unless a commit whose answer was lost recorded the rendition, no row names these keys, and
    // none ever will: nobody else writes them. If the row cannot be read, the journal keeps them.
    const latest = await processingOf(ctx.db, videoId).catch(() => undefined);
    if (latest !== undefined && !latest?.renditions.some((r) => r.id === stored.id)) {
      await discard(ctx, keys).catch(() => {});
    }
    throw error;
  }
  if (added) await ctx.journal.clear(keys);
  else await discard(ctx, keys);
  return added;
}

/** Removes files no row names, and their journal entries. */
async function discard(
  ctx: Pick<ServerContext, 'journal' | 'storage'>,
  keys: readonly string[],
): Promise<void> {
  await Promise.all(keys.map((key) => ctx.storage.delete(key)));
  await ctx.journal.clear(keys);
}

/**
 * The files earlier runs stored for attempts they never recorded: killed while storing, or
 * stalled and not yet awake. The journal lists them under the video's prefix until they are
 * named or removed; a stalled run that wakes later removes its own late upload (storeAttempt).
 */
export async function removeAbandonedAttempts(
  ctx: Pick<ServerContext, 'journal' | 'storage'>,
  row: Pick<ProcessingRow, 'hlsPrefix' | 'renditions'>,
): Promise<void> {
  const named = new Set(processingKeys(row));
  const inFlight = await ctx.journal.inFlightUnder(`${HLS_FOLDER}/${row.hlsPrefix}-`);
  const abandoned = inFlight.filter((key) => !named.has(key));
  if (abandoned.length === 0) return;
  await Promise.all(abandoned.map((key) => ctx.storage.delete(key)));
  await ctx.journal.forgetSettled(abandoned);
}

async function storeFiles(
  ctx: Pick<ServerContext, 'storage'>,
  dir: string,
  files: string[],
): Promise<void> {
  for (const file of files) {
    await ctx.storage.put(
      `${HLS_FOLDER}/${file}`,
      path.join(dir, file),
      SEGMENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    );
  }
}

/**
 * Stores the master playlist that lists `renditions`, under the key of the last one: the master
 * stored with it (the older layout's one master when it has no id).
 */
export async function writeMaster(
  ctx: Pick<ServerContext, 'storage'>,
  dir: string,
  prefix: string,
  renditions: readonly StoredRendition[],
): Promise<void> {
  const file = path.join(dir, `master-${newId()}.m3u8`);
  const text = masterPlaylist(
    renditions.map((r) => ({ ...r, uri: `${renditionStem(prefix, r)}.m3u8` })),
  );
  await writeFile(file, text);
  await ctx.storage.put(masterKey(prefix, renditions.at(-1)?.id), file, PLAYLIST_TYPE);
}
