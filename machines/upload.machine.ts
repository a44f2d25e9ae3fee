/**
 * The Upload Video dialog (spec §2 Dashboard, §5, §7): a form, then an uploading view whose bar
 * climbs by 10 every 500 ms up to 90 and jumps to 100 on success; Finish is enabled only at 100
 * and the dialog closes 1 s after success. Beside the bar the real bytes sent are shown; while the
 * connection is down the view says the upload will resume.
 *
 * Input:   none.
 * Events:  FIELD_CHANGED { field: 'title' | 'description' | 'tagText', value } · TAG_ADDED { tag? }
 *          · TAG_REMOVED { tag } · VIDEO_CHOSEN { file } · THUMBNAIL_CHOSEN { file } · SUBMIT
 *          · UPLOAD_PROGRESS { loaded, total } · UPLOAD_INTERRUPTED · UPLOAD_RESUMED { sent, total }
 *          · UPLOAD_SENT · FINISH
 * Actors:  captureThumbnail — input { file, atSeconds }, output Blob (JPEG of that frame; the real
 *          one lives in src/ and uses a <video> and a canvas)
 *          uploadVideo — input { title, description, thumbnail, videoFile, tags, onProgress,
 *          onInterrupted, onResumed, onSent }, output VideoItem. The real one (src/api/tus-upload.ts) sends the file
 *          with tus, so a dropped connection resumes from the last byte the server holds. It calls
 *          `onProgress(loaded, total)` as bytes go out and `onInterrupted()` when the connection
 *          dropped and a retry is planned, and `onResumed(sent, total)` when the same file goes on
 *          from an earlier, interrupted upload, and `onSent()` once the server holds the whole file;
 *          those send UPLOAD_PROGRESS, UPLOAD_INTERRUPTED, UPLOAD_RESUMED and UPLOAD_SENT to this
 *          machine, so the view never has to.
 * Emitted: uploaded { video } · failed { message } (the view logs it and tells the user; the form
 *          keeps everything) · thumbnailCaptureFailed { message } · closed (close the dialog).
 *
 * Choices: typing a comma in the tag box adds the tag before it (as Enter and Add do); a thumbnail
 * the user chose is never replaced by a capture from a later video choice, a captured one is; the
 * bar follows the spec's timed steps (the byte counter shows the real progress beside it).
 *
 * Its context, events, emissions, the actor's request and the form rule are in upload.types.ts;
 * what the views read, in upload.selectors.ts.
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { VideoItem } from '../contract/shapes.js';
import {
  THUMBNAIL_CAPTURE_SECONDS,
  UPLOAD_CLOSE_DELAY_MS,
  UPLOAD_PROGRESS_CAP,
  UPLOAD_PROGRESS_DONE,
  UPLOAD_PROGRESS_STEP,
  UPLOAD_PROGRESS_TICK_MS,
} from './constants.js';
import { addTag, removeTag } from './tags.js';
import {
  emptyUploadForm,
  fieldChange,
  formIsComplete,
  UPLOAD_REQUIRED_MESSAGE,
  type UploadContext,
  type UploadEmitted,
  type UploadEvent,
  type UploadRequest,
  uploadRequestOf,
  videoFileProblem,
} from './upload.types.js';
import { imageFileProblem } from './image-file-check.js';
import { errorMessage } from './validation.js';

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
    videoRefused: ({ event }) => {
      assertEvent(event, 'VIDEO_CHOSEN');
      return videoFileProblem(event.file) !== null;
    },
    thumbnailRefused: ({ event }) => {
      assertEvent(event, 'THUMBNAIL_CHOSEN');
      return imageFileProblem('thumbnail', event.file) !== null;
    },
    belowCap: ({ context }) => context.progress < UPLOAD_PROGRESS_CAP,
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'FIELD_CHANGED');
      return fieldChange(context, event.field, event.value);
    }),
    addTag: assign(({ context }, tag: string | undefined) =>
      tag === undefined
        ? { tags: addTag(context.tags, context.tagText), tagText: '' }
        : { tags: addTag(context.tags, tag) },
    ),
    removeTag: assign({ tags: ({ context }, tag: string) => removeTag(context.tags, tag) }),
    setVideo: assign(({ context }, file: File) => ({
      videoFile: file,
      fileErrors: { ...context.fileErrors, videoFile: null },
    })),
    refuseVideo: assign(({ context }, file: File) => ({
      videoFile: null,
      fileErrors: { ...context.fileErrors, videoFile: videoFileProblem(file) },
    })),
    refuseThumbnail: assign(({ context }, file: Blob) => ({
      fileErrors: { ...context.fileErrors, thumbnail: imageFileProblem('thumbnail', file) },
    })),
    setCapturedThumbnail: assign((_, thumbnail: Blob) => ({
      thumbnail,
      thumbnailSource: 'captured' as const,
    })),
    setChosenThumbnail: assign(({ context }, thumbnail: Blob) => ({
      thumbnail,
      thumbnailSource: 'chosen' as const,
      fileErrors: { ...context.fileErrors, thumbnail: null },
    })),
    rejectForm: assign({ formError: UPLOAD_REQUIRED_MESSAGE }),
    startUpload: assign({
      formError: null,
      uploadError: null,
      progress: 0,
      bytesSent: 0,
      bytesTotal: ({ context }) => context.videoFile?.size ?? 0,
      resumedBytes: 0,
      serverHasFile: false,
    }),
    stepProgress: assign({
      progress: ({ context }) =>
        Math.min(context.progress + UPLOAD_PROGRESS_STEP, UPLOAD_PROGRESS_CAP),
    }),
    recordBytes: assign(({ event }) => {
      assertEvent(event, 'UPLOAD_PROGRESS');
      return { bytesSent: event.loaded, bytesTotal: event.total };
    }),
    recordResume: assign(({ event }) => {
      assertEvent(event, 'UPLOAD_RESUMED');
      return { resumedBytes: event.sent, bytesSent: event.sent, bytesTotal: event.total };
    }),
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
  context: emptyUploadForm,
  initial: 'form',
  states: {
    form: {
      initial: 'ready',
      on: {
        FIELD_CHANGED: { actions: 'setField' },
        TAG_ADDED: { actions: { type: 'addTag', params: ({ event }) => event.tag } },
        TAG_REMOVED: { actions: { type: 'removeTag', params: ({ event }) => event.tag } },
        VIDEO_CHOSEN: [
          // Refused at once, before a byte travels; the file chosen before is dropped too (and
          // its running capture with it).
          {
            guard: 'videoRefused',
            target: '.ready',
            actions: { type: 'refuseVideo', params: ({ event }) => event.file },
          },
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
        THUMBNAIL_CHOSEN: [
          {
            guard: 'thumbnailRefused',
            actions: { type: 'refuseThumbnail', params: ({ event }) => event.file },
          },
          {
            target: '.ready',
            actions: { type: 'setChosenThumbnail', params: ({ event }) => event.file },
          },
        ],
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
        input: ({ context, self }) => uploadRequestOf(context, (event) => self.send(event)),
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
        UPLOAD_PROGRESS: { actions: 'recordBytes' },
        UPLOAD_RESUMED: { actions: 'recordResume' },
        UPLOAD_SENT: { actions: assign({ serverHasFile: true }) },
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
              on: { UPLOAD_PROGRESS: { target: 'sending', actions: 'recordBytes' } },
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
