/**
 * A video's life after upload, by its owner: ownership check, edit (with a new thumbnail) and
 * delete (the publish toggle and visibility: video-visibility.ts). Multi-table changes run in one transaction; files are removed only after
 * the rows no longer point at them, and a new file whose row change fails is removed again.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { VideoProcessing } from '../../contract/processing.js';
import type { ServerContext } from '../context.js';
import { crashPoint } from '../crash-point.js';
import type { Db } from '../db/client.js';
import { comments, likes, users, videoViews, videos, watchHistory } from '../db/schema.js';
import { conflict, forbidden, notFound } from '../errors.js';
import type { ReceivedFile } from '../media/received-file.js';
import type { MediaStorage } from '../storage/storage.js';
import { VIDEO_NOT_FOUND, toVideoItem, videoItemColumns, visibleTo } from './video-dto.js';
import type { MediaUrls } from '../media/media-urls.js';
import { deleteStored } from '../media/sized-images.js';
import { parseTagsField } from './video-fields.js';
import {
  deleteHlsFiles,
  enqueueTranscode,
  markRetrying,
  processingKeys,
  processingOf,
  toProcessing,
} from '../processing/index.js';
import { storeThumbnail } from './video-upload.js';

/**
 * Loads a video for a mutation by `callerId`: 404 when unknown (or unpublished and not theirs,
 * which is the same thing for them), 403 when it is someone else's. With `strangerNotFound`
 * (the visibility operation, issue 34) anyone else's video is 404 too, whatever its state.
 */
export async function findOwnedVideo(
  db: Db,
  videoId: string,
  callerId: string,
  { strangerNotFound = false } = {},
) {
  const [video] = await db
    .select({
      id: videos.id,
      ownerId: videos.ownerId,
      visibility: videos.visibility,
      videoKey: videos.videoKey,
      thumbnailKey: videos.thumbnailKey,
    })
    .from(videos)
    .where(
      and(
        eq(videos.id, videoId),
        strangerNotFound ? eq(videos.ownerId, callerId) : visibleTo(callerId),
      ),
    );
  if (!video) throw notFound(VIDEO_NOT_FOUND);
  if (video.ownerId !== callerId) throw forbidden('Only the owner can change this video');
  return video;
}

interface VideoChanges {
  title?: string | undefined;
  description?: string | undefined;
  tags?: string[] | undefined;
  thumbnailKey?: string | undefined;
}

async function updateVideo(db: Db, videoId: string, changes: VideoChanges): Promise<void> {
  await db
    .update(videos)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(videos.id, videoId));
}

/** A video by id with its owner, without visibility rules (for answers to its owner). */
export async function videoItemById(db: Db, videoId: string, urls: MediaUrls) {
  const [row] = await db
    .select(videoItemColumns)
    .from(videos)
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(eq(videos.id, videoId));
  if (!row) throw notFound(VIDEO_NOT_FOUND);
  return toVideoItem(row, urls);
}

/**
 * Deletes a video and everything that hangs on it in one transaction: likes of the video and of
 * its comments, the comments, history rows and view marks. Other tables that reference videos
 * (playlist entries) go by their ON DELETE CASCADE. Files are removed after the commit: a crash in
 * between leaves orphan files, never a row pointing at a missing file, and the media journal
 * (recorded before the transaction) lets the next start remove those orphans at once.
 */
export async function deleteVideo(
  ctx: Pick<ServerContext, 'db' | 'journal' | 'storage'>,
  videoId: string,
  callerId: string,
): Promise<void> {
  const { db, storage } = ctx;
  const video = await findOwnedVideo(db, videoId, callerId);
  const processing = await processingOf(db, video.id);
  const files = [
    video.videoKey,
    video.thumbnailKey,
    ...(processing ? processingKeys(processing) : []),
  ];
  await ctx.journal.record(files);
  await db.transaction(async (tx) => {
    // The video and its comments are locked before their likes are read: a concurrent like's
    // counter update (likes.ts) then either committed before (its like is removed below) or
    // waits and finds its target gone; a concurrent insert naming the video waits on its foreign
    // key and fails it (a 404, missing-reference.ts).
    await tx.select({ id: videos.id }).from(videos).where(eq(videos.id, video.id)).for('update');
    await tx
      .select({ id: comments.id })
      .from(comments)
      .where(eq(comments.videoId, video.id))
      .for('update');
    const commentIds = tx
      .select({ id: comments.id })
      .from(comments)
      .where(eq(comments.videoId, video.id));
    await tx
      .delete(likes)
      .where(
        or(
          and(eq(likes.targetType, 'video'), eq(likes.targetId, video.id)),
          and(eq(likes.targetType, 'comment'), inArray(likes.targetId, commentIds)),
        ),
      );
    await tx.delete(comments).where(eq(comments.videoId, video.id));
    await tx.delete(watchHistory).where(eq(watchHistory.videoId, video.id));
    await tx.delete(videoViews).where(eq(videoViews.videoId, video.id));
    await tx.delete(videos).where(eq(videos.id, video.id));
  });
  await deleteFilesIfUnused(db, storage, [video.videoKey, video.thumbnailKey]);
  crashPoint(CRASH_BEFORE_HLS_DELETE);
  // A rendition a running transcode stores after this is removed by that transcode itself.
  if (processing) await deleteHlsFiles(storage, processing);
  await ctx.journal.clear(files);
}

/** The moment between a deleted video's MP4 and thumbnails and its HLS files (a kill test's). */
export const CRASH_BEFORE_HLS_DELETE = 'video delete: HLS files next';

/**
 * Removes stored files that no video points at any more. Synthetic catalogue rows
 * (npm run seed -- --videos N) share media files, so a file stays while another row uses it.
 */
export async function deleteFilesIfUnused(db: Db, storage: MediaStorage, keys: string[]) {
  const stillUsed = await db
    .select({ videoKey: videos.videoKey, thumbnailKey: videos.thumbnailKey })
    .from(videos)
    .where(or(inArray(videos.videoKey, keys), inArray(videos.thumbnailKey, keys)));
  const used = new Set(stillUsed.flatMap((r) => [r.videoKey, r.thumbnailKey]));
  await Promise.all(keys.filter((k) => !used.has(k)).map((k) => deleteStored(storage, k)));
}

export interface VideoEditInput {
  /** Checked by the route's body schema; only what is sent changes. */
  fields: { title?: string | undefined; description?: string | undefined; tags?: unknown };
  files: { thumbnail?: ReceivedFile | undefined };
}

/**
 * PATCH /videos/:id by `callerId`. Ownership is checked and the tags parsed before a new thumbnail
 * is re-encoded; that thumbnail is removed again when the row change fails, and the old one once
 * the row points at the new one. An empty tag list is accepted here (the product's edit form
 * treats "at least one tag" as a hint only).
 */
export async function editVideo(
  ctx: ServerContext,
  videoId: string,
  callerId: string,
  { fields, files }: VideoEditInput,
): Promise<void> {
  const video = await findOwnedVideo(ctx.db, videoId, callerId);
  const changes: VideoChanges = {
    title: fields.title,
    description: fields.description,
    tags: fields.tags === undefined ? undefined : parseTagsField(fields.tags, 0),
  };
  const thumbnailKey = files.thumbnail && (await storeThumbnail(ctx, files.thumbnail.path));
  // The old thumbnail is in flight from the update until it is removed.
  const recorded = thumbnailKey ? [thumbnailKey, video.thumbnailKey] : [];
  try {
    if (thumbnailKey) await ctx.journal.record([video.thumbnailKey]);
    await updateVideo(ctx.db, videoId, { ...changes, thumbnailKey });
  } catch (error) {
    if (thumbnailKey) await deleteStored(ctx.storage, thumbnailKey);
    await ctx.journal.clear(recorded);
    throw error;
  }
  if (thumbnailKey) await deleteFilesIfUnused(ctx.db, ctx.storage, [video.thumbnailKey]);
  await ctx.journal.clear(recorded);
}

export const NOT_FAILED = 'Only a failed conversion can be retried';

/** The owner's view of a conversion, polled by the dashboard while it runs. */
export async function ownProcessing(
  db: Db,
  videoId: string,
  callerId: string,
  urls: MediaUrls,
): Promise<VideoProcessing> {
  const video = await findOwnedVideo(db, videoId, callerId);
  return toProcessing(await processingOf(db, video.id), urls);
}

/**
 * The owner's "Retry" on a failed conversion: back to processing and a new job, in one
 * transaction. The renditions made before the failure are kept and skipped by the new run.
 */
export async function retryProcessing(
  ctx: ServerContext,
  videoId: string,
  callerId: string,
  urls: MediaUrls,
) {
  const video = await findOwnedVideo(ctx.db, videoId, callerId);
  const retried = await ctx.db.transaction(async (tx) => {
    if (!(await markRetrying(tx, video.id))) return false;
    await enqueueTranscode(ctx, tx, video.id);
    return true;
  });
  if (!retried) throw conflict(NOT_FAILED);
  return toProcessing(await processingOf(ctx.db, video.id), urls);
}
