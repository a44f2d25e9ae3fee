/**
 * Resumable uploads (tus) on the domain side: where their files live, who owns one, and turning a
 * complete upload into a video. The tus upload carries only the video file; its text fields were
 * checked when it was created and travel in its metadata, and the optional thumbnail comes with
 * the finish call. Finishing hands the received file to the same pipeline as `POST /videos`
 * (ffprobe, faststart remux, thumbnail, one insert), so both ways store exactly the same video.
 */
import path from 'node:path';
import type { FileStore } from '@tus/file-store';
import type { Upload } from '@tus/server';
import type { ResumableUploadFields } from '../../contract/uploads.js';
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';
import { conflict, HttpError, notFound } from '../http/errors.js';
import type { ReceivedFile } from '../http/multipart.js';
import { NOT_A_VIDEO, UNREADABLE_VIDEO, UNSUPPORTED_CONTAINER } from '../media/video-probe.js';
import { parseTagsField } from './video-fields.js';
import { uploadVideo } from './video-upload.js';

/**
 * Outside tmp/: tmp/ is emptied at every start, but a resumable upload must survive a restart.
 * Abandoned ones are removed by maintenance/upload-expiry.ts instead.
 */
export function resumableUploadsDir(config: Config): string {
  return path.join(config.dataDir, 'uploads');
}

/**
 * The metadata the server stores with a new upload. Built from the validated fields and the
 * caller, never copied from the client's header, so no client can name another owner.
 */
export function uploadMetadata(
  fields: ResumableUploadFields,
  ownerId: string,
): Record<string, string> {
  parseTagsField(fields.tags, 1); // refuses bad tags now, not after gigabytes were sent
  return {
    ownerId,
    title: fields.title,
    description: fields.description ?? '',
    tags: fields.tags,
    filename: fields.filename ?? 'video',
  };
}

/** The upload, if it exists and `ownerId` created it; a stranger learns nothing (404). */
export async function ownedUpload(
  store: FileStore,
  uploadId: string,
  ownerId: string,
): Promise<Upload> {
  let upload: Upload;
  try {
    upload = await store.getUpload(uploadId);
  } catch {
    throw notFound('Upload not found');
  }
  if (upload.metadata?.ownerId !== ownerId) throw notFound('Upload not found');
  return upload;
}

const VIDEO_REFUSALS = new Set([UNREADABLE_VIDEO, NOT_A_VIDEO, UNSUPPORTED_CONTAINER]);

/** Uploads being finished right now: a second finish of the same one must not make a twin. */
const finishing = new Set<string>();

/**
 * Makes the video of a complete upload and returns its id. The upload is removed once the video
 * exists, and also when ffprobe refuses the file (sending it again cannot help); after any other
 * failure (a bad thumbnail, a crash) it stays, so the client can finish again without resending.
 */
export async function finishResumableUpload(
  ctx: AppContext,
  store: FileStore,
  uploadId: string,
  ownerId: string,
  thumbnail: ReceivedFile | undefined,
): Promise<string> {
  const upload = await ownedUpload(store, uploadId, ownerId);
  if (upload.size === undefined || upload.offset < upload.size) {
    throw conflict('videoFile: the upload is not complete yet');
  }
  if (finishing.has(uploadId)) throw conflict('videoFile: the upload is already being finished');
  finishing.add(uploadId);
  try {
    const meta = upload.metadata ?? {};
    const videoFile: ReceivedFile = {
      field: 'videoFile',
      filename: meta.filename ?? 'video',
      mimetype: 'application/octet-stream',
      path: path.join(store.directory, uploadId),
      bytes: upload.size,
    };
    const fields = {
      title: meta.title ?? '',
      description: meta.description ?? '',
      tags: meta.tags ?? '',
    };
    const id = await uploadVideo(ctx, ownerId, { fields, files: { videoFile, thumbnail } });
    await store.remove(uploadId);
    return id;
  } catch (error) {
    if (error instanceof HttpError && VIDEO_REFUSALS.has(error.message)) {
      await store.remove(uploadId);
    }
    throw error;
  } finally {
    finishing.delete(uploadId);
  }
}
