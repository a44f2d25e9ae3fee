/**
 * The Upload Video dialog (spec §2 Dashboard, §5, §7): a form, then an uploading view whose bar
 * climbs by 10 every 500 ms up to 90 and jumps to 100 on success; Finish is enabled only at 100
 * and the dialog closes 1 s after success. Beside the bar the real bytes sent are shown; while the
 * connection is down the view says the upload will resume.
 *
 * Input:   none.
 * Events:  FIELD_CHANGED { field: 'title' | 'description' | 'tagText', value } · TAG_ADDED { tag? }
 *          · TAG_REMOVED { tag } · VIDEO_CHOSEN { file } · THUMBNAIL_CHOSEN { file } · SUBMIT
 *          · UPLOAD_PROGRESS { loaded, total } · UPLOAD_INTERRUPTED · FINISH
 * Actors:  captureThumbnail — input { file, atSeconds }, output Blob (JPEG of that frame; the real
 *          one lives in src/ and uses a <video> and a canvas)
 *          uploadVideo — input { title, description, thumbnail, videoFile, tags, onProgress,
 *          onInterrupted }, output VideoItem. The real one (src/api/tus-upload.ts) sends the file
 *          with tus, so a dropped connection resumes from the last byte the server holds. It calls
 *          `onProgress(loaded, total)` as bytes go out and `onInterrupted()` when the connection
 *          dropped and a retry is planned; those send UPLOAD_PROGRESS and UPLOAD_INTERRUPTED to
 *          this machine, so the view never has to.
 * Emitted: uploaded { video } · failed { message } (the view logs it and tells the user; the form
 *          keeps everything) · thumbnailCaptureFailed { message } · closed (close the dialog).
 *
 * Choices: typing a comma in the tag box adds the tag before it (as Enter and Add do); a thumbnail
 * the user chose is never replaced by a capture from a later video choice, a captured one is; the
 * bar follows the spec's timed steps (the byte counter shows the real progress beside it).
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { VideoItem } from '../contract/shapes.js';
import {
  THUMBNAIL_CAPTURE_SECONDS,
  UPLOAD_CLOSE_DELAY_MS,
  UPLOAD_PROGRESS_CAP,
  UPLOAD_PROGRESS_DONE,
  UPLOAD_PROGRESS_STEP,
  UPLOAD_PROGRESS_TICK_MS,
} from './constants.js';
import { addTag, removeTag, splitTagDraft } from './tags.js';
import { errorMessage } from './validation.js';

/** The spec's alert text (§7), exact. */
export const UPLOAD_REQUIRED_MESSAGE =
  'All fields marked with * are required! You must add at least one tag.';

/** Shown while the connection is down (our text: the spec has no resumable uploads). */
export const UPLOAD_RECONNECTING_MESSAGE =
  'Connection lost. The upload continues from where it stopped as soon as the connection is back.';

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
  /** The bar, 0…100. */
  progress: number;
  bytesSent: number;
  bytesTotal: number;
}

export interface UploadRequest {
  title: string;
  description: string;
  thumbnail: Blob;
  videoFile: File;
  tags: string[];
  onProgress: (loaded: number, total: number) => void;
  onInterrupted: () => void;
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

const emptyForm = (): UploadContext => ({
  title: '',
  description: '',
  thumbnail: null,
  videoFile: null,
  tags: [],
  tagText: '',
  thumbnailSource: 'none',
  formError: null,
  uploadError: null,
  progress: 0,
  bytesSent: 0,
  bytesTotal: 0,
});

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

export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    emitted: {} as UploadEmitted,
  },
  actors: {
    captureThumbnail: fromPromise<Blob, { file: File; atSeconds: number }>(() => {
      throw new Error('captureThumbnail actor not provided');
    }),
    uploadVideo: fromPromise<VideoItem, UploadRequest>(() => {
      throw new Error('uploadVideo actor not provided');
    }),
  },
  delays: {
    progressTick: UPLOAD_PROGRESS_TICK_MS,
    closeDelay: UPLOAD_CLOSE_DELAY_MS,
  },
  guards: {
    formIsComplete: ({ context }) => formIsComplete(context),
    userChoseThumbnail: ({ context }) => context.thumbnailSource === 'chosen',
    belowCap: ({ context }) => context.progress < UPLOAD_PROGRESS_CAP,
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'FIELD_CHANGED') return {};
      if (event.field !== 'tagText') return { [event.field]: event.value };
      // A comma finishes the tag before it, like Enter.
      const { finished, draft } = splitTagDraft(event.value);
      return { tags: finished.reduce(addTag, context.tags), tagText: draft };
    }),
    addTag: assign(({ context }, tag: string | undefined) =>
      tag === undefined
        ? { tags: addTag(context.tags, context.tagText), tagText: '' }
        : { tags: addTag(context.tags, tag) },
    ),
    removeTag: assign({ tags: ({ context }, tag: string) => removeTag(context.tags, tag) }),
    setVideo: assign({ videoFile: (_, file: File) => file }),
    setCapturedThumbnail: assign((_, thumbnail: Blob) => ({
      thumbnail,
      thumbnailSource: 'captured' as const,
    })),
    setChosenThumbnail: assign((_, thumbnail: Blob) => ({
      thumbnail,
      thumbnailSource: 'chosen' as const,
    })),
    rejectForm: assign({ formError: UPLOAD_REQUIRED_MESSAGE }),
    startUpload: assign({
      formError: null,
      uploadError: null,
      progress: 0,
      bytesSent: 0,
      bytesTotal: ({ context }) => context.videoFile?.size ?? 0,
    }),
    stepProgress: assign({
      progress: ({ context }) =>
        Math.min(context.progress + UPLOAD_PROGRESS_STEP, UPLOAD_PROGRESS_CAP),
    }),
    recordBytes: assign((_, bytes: { loaded: number; total: number }) => ({
      bytesSent: bytes.loaded,
      bytesTotal: bytes.total,
    })),
    completeProgress: assign({
      progress: UPLOAD_PROGRESS_DONE,
      bytesSent: ({ context }) => context.bytesTotal,
    }),
    failUpload: assign({
      progress: 0,
      bytesSent: 0,
      uploadError: (_, message: string) => message,
    }),
    announceUploaded: emit((_, video: VideoItem) => ({ type: 'uploaded' as const, video })),
    announceFailure: emit((_, message: string) => ({ type: 'failed' as const, message })),
    announceCaptureFailure: emit((_, message: string) => ({
      type: 'thumbnailCaptureFailed' as const,
      message,
    })),
    announceClosed: emit({ type: 'closed' as const }),
  },
}).createMachine({
  id: 'upload',
  context: emptyForm,
  initial: 'form',
  states: {
    form: {
      initial: 'ready',
      on: {
        FIELD_CHANGED: { actions: 'setField' },
        TAG_ADDED: { actions: { type: 'addTag', params: ({ event }) => event.tag } },
        TAG_REMOVED: { actions: { type: 'removeTag', params: ({ event }) => event.tag } },
        VIDEO_CHOSEN: [
          {
            guard: 'userChoseThumbnail',
            actions: { type: 'setVideo', params: ({ event }) => event.file },
          },
          // Entering `capturing` again replaces a running capture (the user picked another file).
          {
            target: '.capturing',
            actions: { type: 'setVideo', params: ({ event }) => event.file },
          },
        ],
        THUMBNAIL_CHOSEN: {
          target: '.ready',
          actions: { type: 'setChosenThumbnail', params: ({ event }) => event.file },
        },
        SUBMIT: [{ guard: 'formIsComplete', target: 'uploading' }, { actions: 'rejectForm' }],
      },
      states: {
        ready: {},
        capturing: {
          tags: 'capturing',
          invoke: {
            id: 'captureThumbnail',
            src: 'captureThumbnail',
            input: ({ context }) => ({
              // Entered only from VIDEO_CHOSEN, which set the file first.
              file: context.videoFile as File,
              atSeconds: THUMBNAIL_CAPTURE_SECONDS,
            }),
            onDone: {
              target: 'ready',
              actions: { type: 'setCapturedThumbnail', params: ({ event }) => event.output },
            },
            onError: {
              target: 'ready',
              actions: {
                type: 'announceCaptureFailure',
                params: ({ event }) => errorMessage(event.error, 'Could not capture a thumbnail'),
              },
            },
          },
        },
      },
    },
    uploading: {
      entry: 'startUpload',
      invoke: {
        id: 'uploadVideo',
        src: 'uploadVideo',
        input: ({ context, self }) => ({
          title: context.title.trim(),
          description: context.description.trim(),
          thumbnail: context.thumbnail as Blob,
          videoFile: context.videoFile as File,
          tags: [...context.tags],
          onProgress: (loaded: number, total: number) =>
            self.send({ type: 'UPLOAD_PROGRESS', loaded, total }),
          onInterrupted: () => self.send({ type: 'UPLOAD_INTERRUPTED' }),
        }),
        onDone: {
          target: 'done',
          actions: { type: 'announceUploaded', params: ({ event }) => event.output },
        },
        onError: {
          target: 'form',
          actions: [
            {
              type: 'failUpload',
              params: ({ event }) => errorMessage(event.error, 'Failed to upload video'),
            },
            {
              type: 'announceFailure',
              params: ({ event }) => errorMessage(event.error, 'Failed to upload video'),
            },
          ],
        },
      },
      on: {
        UPLOAD_PROGRESS: {
          actions: {
            type: 'recordBytes',
            params: ({ event }) => ({ loaded: event.loaded, total: event.total }),
          },
        },
      },
      // The bar keeps the spec's timing whatever the connection does.
      type: 'parallel',
      states: {
        bar: {
          initial: 'ticking',
          states: {
            ticking: {
              after: {
                progressTick: {
                  guard: 'belowCap',
                  target: 'ticking',
                  reenter: true,
                  actions: 'stepProgress',
                },
              },
            },
          },
        },
        connection: {
          initial: 'sending',
          states: {
            sending: { on: { UPLOAD_INTERRUPTED: 'reconnecting' } },
            // Bytes flowing again mean the upload resumed.
            reconnecting: {
              tags: 'reconnecting',
              on: {
                UPLOAD_PROGRESS: {
                  target: 'sending',
                  actions: {
                    type: 'recordBytes',
                    params: ({ event }) => ({ loaded: event.loaded, total: event.total }),
                  },
                },
              },
            },
          },
        },
      },
    },
    done: {
      entry: 'completeProgress',
      on: { FINISH: 'closed' },
      after: { closeDelay: 'closed' },
    },
    closed: {
      type: 'final',
      entry: 'announceClosed',
    },
  },
});

export type UploadSnapshot = SnapshotFrom<typeof uploadMachine>;

/** Selectors the views use. */
export const selectIsUploadingView = (s: UploadSnapshot) =>
  s.matches('uploading') || s.matches('done') || s.matches('closed');
export const selectProgress = (s: UploadSnapshot) => s.context.progress;
export const selectBytes = (s: UploadSnapshot) => ({
  sent: s.context.bytesSent,
  total: s.context.bytesTotal,
});
export const selectCanFinish = (s: UploadSnapshot) => s.matches('done');
export const selectFormError = (s: UploadSnapshot) => s.context.formError;
export const selectUploadError = (s: UploadSnapshot) => s.context.uploadError;
export const selectIsCapturing = (s: UploadSnapshot) => s.hasTag('capturing');
export const selectIsReconnecting = (s: UploadSnapshot) => s.hasTag('reconnecting');
export const selectForm = (s: UploadSnapshot) => ({
  title: s.context.title,
  description: s.context.description,
  thumbnail: s.context.thumbnail,
  videoFile: s.context.videoFile,
  tags: s.context.tags,
  tagText: s.context.tagText,
});
