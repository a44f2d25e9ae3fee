/**
 * The avatar / cover upload popup of Settings (spec §2 "Settings", §4, §5): drag and drop or pick,
 * images only, Upload disabled until an image is chosen; on success the popup closes and resets.
 * Input: { kind: 'avatar' | 'cover' } — one actor per image the page shows.
 *
 * States: closed → open (file: empty | chosen, in parallel with dropZone: idle | dragOver)
 *         → uploading → closed (success) | open with the same file (failure).
 *
 * Events:
 *   OPEN               the user clicked the avatar / cover
 *   CLOSE              the popup's close or cancel button (ignored while uploading); resets it
 *   FILE_CHOSEN {file} a file was picked or dropped; only types starting with image/ are taken,
 *                      anything else is refused (MESSAGES.imagesOnly in `error`, no file kept);
 *                      an image the server would refuse (another image type, empty, over
 *                      10 MB) is refused at once with the server's sentence (issue 22)
 *   CLEAR_FILE         the user removed the chosen file
 *   DRAG_OVER          something is dragged over the drop zone (highlight on)
 *   DRAG_LEAVE         the drag left the drop zone (highlight off; a drop also ends it)
 *   UPLOAD             'Upload' (only with a chosen image)
 * Emitted:
 *   uploaded {kind, user}       → view sends USER_UPDATED {user} to the session and toasts
 *                                 MESSAGES.avatarChanged / MESSAGES.coverChanged
 *   uploadFailed {kind, reason} → view toasts MESSAGES.avatarChangeFailed / coverChangeFailed
 * Actor (provided by src/): uploadImage ({kind, file} → User).
 * Selectors: selectIsOpen, selectFile, selectCanUpload, selectIsUploading, selectIsDragOver,
 * selectError, selectKind.
 */
import { assertEvent, assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { User } from '../contract/shapes.js';
import { imageFileProblem } from './image-file-check.js';
import { MESSAGES } from './messages.js';
import type { ImageKind } from './signup.types.js';
import { errorMessage, isImageFile } from './validation.js';

export type { ImageKind } from './signup.types.js';

/** Used when a failure carries no message of its own (the view toasts the spec's text anyway). */
const uploadFallback = 'Upload failed';

export interface ImageUploadInput {
  kind: ImageKind;
}

export interface ImageUploadContext {
  kind: ImageKind;
  /** The chosen image; null until one is chosen. */
  file: Blob | null;
  /** Why the last offered file was refused, or why the last upload failed; null when none. */
  error: string | null;
}

export interface UploadImageInput {
  kind: ImageKind;
  file: Blob;
}

export type ImageUploadEvent =
  /** The user clicked the image to change it. */
  | { type: 'OPEN' }
  /** The user closed or cancelled the popup. */
  | { type: 'CLOSE' }
  /** A file was picked in the file dialog or dropped on the zone. */
  | { type: 'FILE_CHOSEN'; file: Blob }
  /** The user removed the chosen file. */
  | { type: 'CLEAR_FILE' }
  /** A drag entered / moved over the drop zone. */
  | { type: 'DRAG_OVER' }
  /** The drag left the drop zone. */
  | { type: 'DRAG_LEAVE' }
  /** The user pressed Upload. */
  | { type: 'UPLOAD' };

export type ImageUploadEmitted =
  | { type: 'uploaded'; kind: ImageKind; user: User }
  | { type: 'uploadFailed'; kind: ImageKind; reason: string };

/**
 * Why `file` cannot become this image, known before a byte is sent: not an image at all (the
 * spec's sentence), or an image the server would refuse (its own sentence); null if none.
 */
function refusalOf(kind: ImageKind, file: Blob): string | null {
  if (!isImageFile(file)) return MESSAGES.imagesOnly;
  return imageFileProblem(kind === 'avatar' ? 'avatar' : 'coverImage', file);
}

export const imageUploadMachine = setup({
  types: {
    input: {} as ImageUploadInput,
    context: {} as ImageUploadContext,
    events: {} as ImageUploadEvent,
    emitted: {} as ImageUploadEmitted,
  },
  actors: {
    uploadImage: fromPromise<User, UploadImageInput>(() => {
      throw new Error('uploadImage actor not provided');
    }),
  },
  guards: {
    isAcceptable: ({ context, event }) => {
      assertEvent(event, 'FILE_CHOSEN');
      return refusalOf(context.kind, event.file) === null;
    },
  },
  actions: {
    reset: assign({ file: null, error: null }),
    takeFile: assign((_, file: Blob) => ({ file, error: null })),
    refuseFile: assign(({ context, event }) => {
      assertEvent(event, 'FILE_CHOSEN');
      return { file: null, error: refusalOf(context.kind, event.file) };
    }),
    clearFile: assign({ file: null, error: null }),
    rememberError: assign({ error: (_, message: string) => message }),
    announceUploaded: emit(({ context }, user: User) => ({
      type: 'uploaded' as const,
      kind: context.kind,
      user,
    })),
    announceFailed: emit(({ context }, reason: string) => ({
      type: 'uploadFailed' as const,
      kind: context.kind,
      reason,
    })),
  },
}).createMachine({
  id: 'imageUpload',
  context: ({ input }) => ({ kind: input.kind, file: null, error: null }),
  initial: 'closed',
  states: {
    closed: {
      entry: 'reset',
      on: { OPEN: 'open' },
    },
    open: {
      type: 'parallel',
      on: { CLOSE: 'closed' },
      states: {
        file: {
          initial: 'empty',
          states: {
            empty: {
              on: {
                FILE_CHOSEN: [
                  {
                    guard: 'isAcceptable',
                    target: 'chosen',
                    actions: { type: 'takeFile', params: ({ event }) => event.file },
                  },
                  { actions: 'refuseFile' },
                ],
              },
            },
            chosen: {
              on: {
                FILE_CHOSEN: [
                  {
                    guard: 'isAcceptable',
                    actions: { type: 'takeFile', params: ({ event }) => event.file },
                  },
                  // A non-image replaces nothing silently: the old choice is dropped and the
                  // refusal shown, so what the user last offered is never uploaded by mistake.
                  { target: 'empty', actions: 'refuseFile' },
                ],
                CLEAR_FILE: { target: 'empty', actions: 'clearFile' },
                UPLOAD: '#imageUpload.uploading',
              },
            },
          },
        },
        dropZone: {
          initial: 'idle',
          states: {
            idle: { on: { DRAG_OVER: 'dragOver' } },
            dragOver: {
              on: {
                DRAG_LEAVE: 'idle',
                // A drop ends the drag (the file region handles the file itself).
                FILE_CHOSEN: 'idle',
              },
            },
          },
        },
      },
    },
    uploading: {
      tags: 'busy',
      invoke: {
        id: 'uploadImage',
        src: 'uploadImage',
        input: ({ context }) => ({ kind: context.kind, file: context.file! }),
        onDone: {
          target: 'closed',
          actions: { type: 'announceUploaded', params: ({ event }) => event.output },
        },
        onError: {
          // Stays open with the same file so the user can retry.
          target: '#imageUpload.open.file.chosen',
          actions: [
            {
              type: 'rememberError',
              params: ({ event }) => errorMessage(event.error, uploadFallback),
            },
            {
              type: 'announceFailed',
              params: ({ event }) => errorMessage(event.error, uploadFallback),
            },
          ],
        },
      },
    },
  },
});

type ImageUploadSnapshot = SnapshotFrom<typeof imageUploadMachine>;

/** Selectors the views use. */
export const selectKind = (s: ImageUploadSnapshot) => s.context.kind;
export const selectIsOpen = (s: ImageUploadSnapshot) => !s.matches('closed');
export const selectFile = (s: ImageUploadSnapshot) => s.context.file;
export const selectCanUpload = (s: ImageUploadSnapshot) => s.matches({ open: { file: 'chosen' } });
export const selectIsUploading = (s: ImageUploadSnapshot) => s.hasTag('busy');
export const selectIsDragOver = (s: ImageUploadSnapshot) =>
  s.matches({ open: { dropZone: 'dragOver' } });
export const selectError = (s: ImageUploadSnapshot) => s.context.error;
