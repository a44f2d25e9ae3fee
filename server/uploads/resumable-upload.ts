/**
 * Resumable uploads (tus) on the domain side: where their files live, who owns one, and turning a
 * complete upload into a video. The tus upload carries only the video file; its text fields were
 * checked when it was created and travel in its metadata, and the optional thumbnail comes with
 * the finish call. Finishing hands the received file to the same pipeline as `POST /videos`
 * (ffprobe, faststart remux, thumbnail, one insert), so both ways store exactly the same video.
 */
import { Value } from '@sinclair/typebox/value';
import type { Upload } from '@tus/server';
import { ResumableUploadFields } from '../../contract/uploads.js';
import type { ServerContext } from '../context.js';
import { invalid, conflict, fieldRefusal, isDomainError, notFound } from '../errors.js';
import { ruleSentence } from '../../contract/field-messages.js';
import { findProblem, problemRefusal } from '../input-problems.js';
import type { ReceivedFile } from '../media/received-file.js';
import { NOT_A_VIDEO, UNREADABLE_VIDEO, UNSUPPORTED_CONTAINER } from '../media/video-probe.js';
import { parseTagsField } from '../videos/index.js';
import type { LocalUploadFile, ResumableStore } from './resumable-store.types.js';
import { uploadVideo } from '../videos/index.js';

/**
 * The metadata the server stores with a new upload. Built from the validated fields and the
 * caller, never copied from the client's header, so no client can name another owner.
 */
export function uploadMetadata(
  fields: ResumableUploadFields,
  ownerId: string,
): Record<string, string> {
  // The finish's own rules, now: not after gigabytes were sent.
  const checked = storedUploadFields(fields);
  return {
    ownerId,
    title: checked.title,
    description: checked.description ?? '',
    tags: checked.tags,
    filename: checked.filename ?? 'video',
  };
}

/**
 * The video's fields as the upload stored them, checked again with the creation's rules (its
 * schema, no NUL anywhere, the tags): an upload created before a rule existed may hold fields
 * that can never become a video, and the finish must say so rather than fail in the database.
 */
export function storedUploadFields(meta: Record<string, string | null | undefined>) {
  const fields: ResumableUploadFields = {
    title: (meta.title ?? '').trim(),
    description: meta.description ?? '',
    tags: meta.tags ?? '',
    ...(meta.filename ? { filename: meta.filename } : {}),
  };
  const invalid = Value.Errors(ResumableUploadFields, fields).First();
  if (invalid) {
    const schema = invalid.schema as { minLength?: number; maxLength?: number };
    throw metadataRefusal(invalid.path.slice(1), schema, invalid.value);
  }
  const problem = findProblem(fields, '');
  if (problem) throw problemRefusal(problem[0], problem[1]);
  parseTagsField(fields.tags, 1);
  return fields;
}

/**
 * A metadata field that breaks its schema, in the words every other form gets
 * (contract/field-messages.ts): tus metadata is text, so only a length can be wrong.
 */
function metadataRefusal(
  field: string,
  schema: { minLength?: number; maxLength?: number },
  value: unknown,
) {
  if (!field) return invalid('Upload-Metadata: send title, description and tags');
  const length = typeof value === 'string' ? value.length : 0;
  const tooLong = schema.maxLength !== undefined && length > schema.maxLength;
  const keyword = tooLong ? 'maxLength' : 'minLength';
  const limit = tooLong ? schema.maxLength : (schema.minLength ?? 1);
  return fieldRefusal('invalid', field, ruleSentence(field, keyword, { limit }));
}

/** The upload, if it exists and `ownerId` created it; a stranger learns nothing (404). */
export async function ownedUpload(
  store: ResumableStore,
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

export interface FinishInput {
  thumbnail: ReceivedFile | undefined;
  /** The form's fields sent with the finish call; they replace the creation's. */
  fields?: Partial<Pick<ResumableUploadFields, 'title' | 'description' | 'tags'>>;
}

/**
 * The fields stored at creation. When they can never become a video (a rule added since), the
 * upload is removed: sending it again cannot help.
 */
async function fieldsOfCreation(
  store: ResumableStore,
  uploadId: string,
  upload: Upload,
): Promise<ResumableUploadFields> {
  try {
    return storedUploadFields(upload.metadata ?? {});
  } catch (error) {
    await store.remove(uploadId);
    if (!isDomainError(error)) throw error;
    throw invalid(`${error.message} (the upload was removed: create a new one)`);
  }
}

/**
 * Makes the video of a complete upload and returns its id. The upload is removed once the video
 * exists, and also when its own fields or ffprobe refuse it (sending it again cannot help): that
 * is a 4xx, and the next finish a 404. After any other failure (a bad thumbnail, a crash) it
 * stays, so the client can finish again without resending.
 */
export async function finishResumableUpload(
  ctx: ServerContext,
  store: ResumableStore,
  uploadId: string,
  ownerId: string,
  { thumbnail, fields: edited = {} }: FinishInput,
): Promise<string> {
  const upload = await ownedUpload(store, uploadId, ownerId);
  const replaced = Object.fromEntries(
    Object.entries(edited).filter(([, value]) => value !== undefined),
  );
  // Words sent now that break a rule are the caller's to fix: the upload stays.
  const fields =
    Object.keys(replaced).length > 0
      ? storedUploadFields({ ...upload.metadata, ...replaced })
      : await fieldsOfCreation(store, uploadId, upload);
  if (upload.size === undefined || upload.offset < upload.size) {
    throw conflict('videoFile: Video file has not been fully uploaded yet');
  }
  const release = await store.claimFinish(uploadId);
  if (!release) throw conflict('videoFile: Video file is already being finished');
  let local: LocalUploadFile | undefined;
  try {
    local = await store.localFile(upload);
    const videoFile: ReceivedFile = {
      field: 'videoFile',
      filename: fields.filename ?? 'video',
      mimetype: 'application/octet-stream',
      path: local.path,
      bytes: upload.size,
    };
    const id = await uploadVideo(ctx, ownerId, { fields, files: { videoFile, thumbnail } });
    await store.remove(uploadId);
    return id;
  } catch (error) {
    if (isDomainError(error) && VIDEO_REFUSALS.has(error.message)) {
      await store.remove(uploadId);
    }
    throw error;
  } finally {
    await local?.release();
    await release();
  }
}
