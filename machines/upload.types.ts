/**
 * The upload dialog machine's vocabulary (upload.machine.ts): what it holds, the events it takes,
 * what it announces and the request its uploadVideo actor gets, with the spec's texts and the
 * pure rules of the form (what a typed field changes, when the form is complete). Apart from the
 * machine so that file stays about behaviour; the tus actor needs only these types.
 */
import type { VideoItem } from '../contract/shapes.js';
import { FIELD_SENTENCES, fieldLabel } from '../contract/field-messages.js';
import { formatBytes } from '../contract/format-bytes.js';
import { addTag, splitTagDraft } from './tags.js';
import { LIMITS } from '../contract/limits.js';

/** The spec's alert text (§7), exact. */
export const UPLOAD_REQUIRED_MESSAGE =
  'All fields marked with * are required! You must add at least one tag.';

/** Shown while the connection is down (our text: the spec has no resumable uploads). */
export const UPLOAD_RECONNECTING_MESSAGE =
  'Connection lost. The upload continues from where it stopped as soon as the connection is back.';
/**
 * Ours (issue 22): every byte is out and the server is checking and storing the video, which
 * takes a while for a large file; said until the video exists.
 */
export const UPLOAD_PROCESSING_MESSAGE = 'Processing on the server…';

/**
 * Ours (issue 22): the same file was chosen again after an interrupted upload, and the server
 * already holds `sent` of its bytes; only the rest travels.
 */
export const uploadResumingMessage = (sent: number, total: number) =>
  `Resuming: ${formatBytes(sent)} of ${formatBytes(total)} already sent`;

export type UploadTextField = 'title' | 'description' | 'tagText';

export interface UploadForm {
  title: string;
  description: string;
  /** Captured from the video or chosen by the user. */
  thumbnail: Blob | null;
  videoFile: File | null;
  tags: string[];
}

export interface UploadContext extends UploadForm {
  /** The tag box's text not yet added. */
  tagText: string;
  thumbnailSource: 'none' | 'captured' | 'chosen';
  /** The spec's alert after a SUBMIT with something missing; null otherwise. */
  formError: string | null;
  /** The last upload's failure, for the form to show; null otherwise. */
  uploadError: string | null;
  /** Why the last video or thumbnail picked was refused before a byte was sent (issue 22). */
  fileErrors: { videoFile: string | null; thumbnail: string | null };
  /** The bar, 0…100. */
  progress: number;
  bytesSent: number;
  bytesTotal: number;
  /** Bytes the server already held when this upload resumed an earlier one; 0 for a new one. */
  resumedBytes: number;
  /**
   * The server confirmed it holds the whole file (the browser's own count reaches the total
   * earlier, as soon as the last bytes sit in a socket buffer); the video is being made.
   */
  serverHasFile: boolean;
}

export interface UploadRequest {
  title: string;
  description: string;
  thumbnail: Blob;
  videoFile: File;
  tags: string[];
  onProgress: (loaded: number, total: number) => void;
  onInterrupted: () => void;
  /** An earlier upload of the same file goes on: the server already holds `sent` bytes. */
  onResumed: (sent: number, total: number) => void;
  /** The server holds every byte; what remains is its answer (the new video). */
  onSent: () => void;
}

export type UploadEvent =
  /** The user typed into the title, the description or the tag box. */
  | { type: 'FIELD_CHANGED'; field: UploadTextField; value: string }
  /** Enter or Add in the tag box: adds `tag` if given, else the box's text (trimmed). */
  | { type: 'TAG_ADDED'; tag?: string }
  /** A tag's remove button. */
  | { type: 'TAG_REMOVED'; tag: string }
  /** A video file was picked: a thumbnail is captured from it. */
  | { type: 'VIDEO_CHOSEN'; file: File }
  /** The user picked their own thumbnail image. */
  | { type: 'THUMBNAIL_CHOSEN'; file: Blob }
  /** The Upload button. */
  | { type: 'SUBMIT' }
  /** Bytes sent so far (from the upload request's progress). */
  | { type: 'UPLOAD_PROGRESS'; loaded: number; total: number }
  /** The connection dropped; the upload retries and resumes from the last byte received. */
  | { type: 'UPLOAD_INTERRUPTED' }
  /** An earlier, interrupted upload of the same file goes on from the server's `sent` bytes. */
  | { type: 'UPLOAD_RESUMED'; sent: number; total: number }
  /** The server confirmed it holds the whole file. */
  | { type: 'UPLOAD_SENT' }
  /** The Finish button (enabled only at 100). */
  | { type: 'FINISH' };

export type UploadEmitted =
  /** The video was saved. */
  | { type: 'uploaded'; video: VideoItem }
  /** The upload failed: log it and tell the user; the form keeps everything. */
  | { type: 'failed'; message: string }
  /** No thumbnail could be captured: the user has to choose one. */
  | { type: 'thumbnailCaptureFailed'; message: string }
  /** The dialog should close. */
  | { type: 'closed' };

export const emptyUploadForm = (): UploadContext => ({
  title: '',
  description: '',
  thumbnail: null,
  videoFile: null,
  tags: [],
  tagText: '',
  thumbnailSource: 'none',
  formError: null,
  uploadError: null,
  fileErrors: { videoFile: null, thumbnail: null },
  progress: 0,
  bytesSent: 0,
  bytesTotal: 0,
  resumedBytes: 0,
  serverHasFile: false,
});

/** A typed field's new value; in the tag box a comma finishes the tag before it, like Enter. */
export function fieldChange(
  context: UploadContext,
  field: UploadTextField,
  value: string,
): Partial<UploadContext> {
  if (field !== 'tagText') return { [field]: value };
  const { finished, draft } = splitTagDraft(value);
  return { tags: finished.reduce(addTag, context.tags), tagText: draft };
}

/** Title, description, thumbnail, video file and at least one tag (spec §7). */
export function formIsComplete(c: UploadForm): boolean {
  return (
    c.title.trim() !== '' &&
    c.description.trim() !== '' &&
    c.thumbnail !== null &&
    c.videoFile !== null &&
    c.tags.length > 0
  );
}

/**
 * What the uploadVideo actor gets once the form is complete (SUBMIT checked it): the trimmed
 * fields, and callbacks that report bytes and dropped connections back to the machine as events.
 */
export function uploadRequestOf(
  context: UploadContext,
  send: (event: UploadEvent) => void,
): UploadRequest {
  return {
    title: context.title.trim(),
    description: context.description.trim(),
    thumbnail: context.thumbnail as Blob,
    videoFile: context.videoFile as File,
    tags: [...context.tags],
    onProgress: (loaded, total) => send({ type: 'UPLOAD_PROGRESS', loaded, total }),
    onInterrupted: () => send({ type: 'UPLOAD_INTERRUPTED' }),
    onResumed: (sent, total) => send({ type: 'UPLOAD_RESUMED', sent, total }),
    onSent: () => send({ type: 'UPLOAD_SENT' }),
  };
}

/** Extensions of the containers the server takes, for files the browser gives no type. */
const VIDEO_EXTENSIONS = /\.(mp4|m4v|mov|webm|mkv)$/i;

/**
 * What is wrong with a picked video file, known without sending it: empty, not a video at all
 * (a picture or a document picked by mistake), or larger than the server takes (LIMITS.videoBytes,
 * in the server's own words). Null if nothing.
 */
export function videoFileProblem(file: File): string | null {
  const label = fieldLabel('videoFile');
  if (file.size === 0) return FIELD_SENTENCES.fileEmpty(label);
  const looksLikeVideo = file.type.startsWith('video/') || VIDEO_EXTENSIONS.test(file.name);
  if (!looksLikeVideo) return `${label} must be a video (MP4, WebM, MOV or MKV)`;
  if (file.size > LIMITS.videoBytes) return FIELD_SENTENCES.fileTooLarge(label, LIMITS.videoBytes);
  return null;
}
