/**
 * A video's captions in the edit dialog (issue 34): the list (language, label), Upload for a
 * language (a new one, or one listed: that replaces it), Replace and Delete per row.
 *
 * Input:   { videoId }
 * Events:  LANGUAGE_CHANGED, LABEL_CHANGED, FILE_CHOSEN, UPLOAD, REPLACE, REMOVE, RETRY
 * Actors:  fetchCaptions (the list), uploadCaption (one language's file → the stored Caption),
 *          removeCaption (one language)
 * Chart:   loading → ready | loadFailed —RETRY→ loading
 *          ready.idle —UPLOAD/REPLACE→ ready.uploading → ready.idle
 *          ready.idle —REMOVE→ ready.removing → ready.idle
 *
 * Choices where the spec is silent: one request at a time (the buttons are busy meanwhile); a
 * file is checked here for what needs no reading (the kind by its name, the size) and the server
 * checks the rest, whose sentence is shown as it gave it; after an upload the form empties and
 * says "Captions saved."; a refused file keeps the form as it was, so the creator can pick
 * another; Delete needs no question (uploading the file again brings it back).
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  CAPTION_LIMITS,
  LANGUAGE_PATTERN,
  canonicalLanguage,
  type Caption,
} from '../contract/captions.js';
import { errorMessage } from './validation.js';

/** What the machine needs of a chosen file (a browser File has both). */
export interface CaptionFileLike {
  name: string;
  size: number;
}

export const CAPTIONS_MESSAGES = {
  loadFailed: 'Could not load the captions.',
  saved: 'Captions saved.',
  removed: 'Captions removed.',
  badLanguage: 'Enter a language code such as en or pt-BR.',
  noFile: 'Choose a WebVTT (.vtt) or SubRip (.srt) file.',
  wrongKind: 'Captions must be a WebVTT (.vtt) or SubRip (.srt) file.',
  tooBig: 'The file is larger than 512 kB.',
  tooMany: `A video can have captions in at most ${CAPTION_LIMITS.languagesPerVideo} languages.`,
  uploadFailed: 'Could not save the captions. Try again.',
  removeFailed: 'Could not remove the captions. Try again.',
} as const;

export interface UploadCaptionInput {
  videoId: string;
  language: string;
  label: string;
  file: CaptionFileLike;
}
export interface RemoveCaptionInput {
  videoId: string;
  language: string;
}

export interface CaptionsContext {
  videoId: string;
  captions: Caption[];
  language: string;
  label: string;
  file: CaptionFileLike | null;
  /** The language a request is under way for (the row it came from shows busy). */
  busy: string | null;
  /** The upload under way: the form's (which empties when it is saved) or a row's Replace. */
  sending: (UploadCaptionInput & { fromForm: boolean }) | null;
  /** The last outcome said to the creator: null, or its kind and sentence. */
  message: { kind: 'error' | 'done'; text: string } | null;
}

export type CaptionsEvent =
  /** The language box changed. */
  | { type: 'LANGUAGE_CHANGED'; text: string }
  /** The label box changed (optional; the server names the language when empty). */
  | { type: 'LABEL_CHANGED'; text: string }
  /** A file was picked for the upload form. */
  | { type: 'FILE_CHOSEN'; file: CaptionFileLike }
  /** Upload the form's file for the form's language. */
  | { type: 'UPLOAD' }
  /** A listed language's Replace picked a file: upload it at once. */
  | { type: 'REPLACE'; language: string; file: CaptionFileLike }
  /** A listed language's Delete. */
  | { type: 'REMOVE'; language: string }
  /** Read the list again after it failed. */
  | { type: 'RETRY' };

const languagePattern = new RegExp(LANGUAGE_PATTERN);

/** Why this file cannot be sent, found without reading it; null when it may. */
export function captionFileProblem(file: CaptionFileLike | null): string | null {
  if (!file) return CAPTIONS_MESSAGES.noFile;
  if (!/\.(vtt|srt)$/i.test(file.name)) return CAPTIONS_MESSAGES.wrongKind;
  if (file.size > CAPTION_LIMITS.bytes) return CAPTIONS_MESSAGES.tooBig;
  return null;
}

/** Why the form cannot be uploaded; null when it can. */
export function uploadProblem(c: CaptionsContext): string | null {
  const language = c.language.trim();
  if (!languagePattern.test(language)) return CAPTIONS_MESSAGES.badLanguage;
  const listed = c.captions.some((x) => x.language === canonicalLanguage(language));
  if (!listed && c.captions.length >= CAPTION_LIMITS.languagesPerVideo) {
    return CAPTIONS_MESSAGES.tooMany;
  }
  return captionFileProblem(c.file);
}

/** The list as the section shows it: by label, as people read them. */
const byLabel = (list: Caption[]) => [...list].sort((a, b) => a.label.localeCompare(b.label));

const withCaption = (list: Caption[], caption: Caption) =>
  byLabel([...list.filter((x) => x.language !== caption.language), caption]);

export const captionsMachine = setup({
  types: {
    context: {} as CaptionsContext,
    events: {} as CaptionsEvent,
    input: {} as { videoId: string },
  },
  actors: {
    fetchCaptions: fromPromise<Caption[], { videoId: string }>(() => {
      throw new Error('provide fetchCaptions');
    }),
    uploadCaption: fromPromise<Caption, UploadCaptionInput>(() => {
      throw new Error('provide uploadCaption');
    }),
    removeCaption: fromPromise<void, RemoveCaptionInput>(() => {
      throw new Error('provide removeCaption');
    }),
  },
  guards: {
    formUploadable: ({ context }) => uploadProblem(context) === null,
    replaceUploadable: ({ event }) =>
      event.type === 'REPLACE' && captionFileProblem(event.file) === null,
  },
  actions: {
    setLanguage: assign({
      language: ({ event }) => (event.type === 'LANGUAGE_CHANGED' ? event.text : ''),
    }),
    setLabel: assign({ label: ({ event }) => (event.type === 'LABEL_CHANGED' ? event.text : '') }),
    setFile: assign({
      file: ({ event }) => (event.type === 'FILE_CHOSEN' ? event.file : null),
      message: ({ event }) => {
        const problem = event.type === 'FILE_CHOSEN' ? captionFileProblem(event.file) : null;
        return problem ? { kind: 'error' as const, text: problem } : null;
      },
    }),
    sayFormProblem: assign({
      message: ({ context }) => ({ kind: 'error' as const, text: uploadProblem(context) ?? '' }),
    }),
    sayReplaceProblem: assign({
      message: ({ event }) => ({
        kind: 'error' as const,
        text: (event.type === 'REPLACE' && captionFileProblem(event.file)) || '',
      }),
    }),
    startFormUpload: assign(({ context }) => {
      const language = canonicalLanguage(context.language.trim());
      const file = context.file as CaptionFileLike;
      const label = context.label.trim();
      return {
        busy: language,
        sending: { videoId: context.videoId, language, label, file, fromForm: true },
        message: null,
      };
    }),
    startReplace: assign(({ context, event }) => {
      if (event.type !== 'REPLACE') return {};
      const { language, file } = event;
      // The label stays the row's (the server keeps it too when none is sent).
      const label = context.captions.find((x) => x.language === language)?.label ?? '';
      return {
        busy: language,
        sending: { videoId: context.videoId, language, label, file, fromForm: false },
        message: null,
      };
    }),
    startRemove: assign({
      busy: ({ event }) => (event.type === 'REMOVE' ? event.language : null),
      message: null,
    }),
  },
}).createMachine({
  id: 'captions',
  context: ({ input }) => ({
    videoId: input.videoId,
    captions: [],
    language: '',
    label: '',
    file: null,
    busy: null,
    sending: null,
    message: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchCaptions',
        src: 'fetchCaptions',
        input: ({ context }) => ({ videoId: context.videoId }),
        onDone: {
          target: 'ready',
          actions: assign({ captions: ({ event }) => byLabel(event.output) }),
        },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            LANGUAGE_CHANGED: { actions: 'setLanguage' },
            LABEL_CHANGED: { actions: 'setLabel' },
            FILE_CHOSEN: { actions: 'setFile' },
            UPLOAD: [
              { guard: 'formUploadable', target: 'uploading', actions: 'startFormUpload' },
              { actions: 'sayFormProblem' },
            ],
            REPLACE: [
              {
                guard: 'replaceUploadable',
                target: 'uploading',
                actions: 'startReplace',
              },
              { actions: 'sayReplaceProblem' },
            ],
            REMOVE: { target: 'removing', actions: 'startRemove' },
          },
        },
        uploading: {
          invoke: {
            id: 'uploadCaption',
            src: 'uploadCaption',
            input: ({ context }) => {
              const { fromForm: _form, ...sent } = context.sending as NonNullable<
                CaptionsContext['sending']
              >;
              return sent;
            },
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                captions: withCaption(context.captions, event.output),
                // A saved form empties; a row's Replace leaves what is typed in the form.
                ...(context.sending?.fromForm ? { language: '', label: '', file: null } : {}),
                busy: null,
                sending: null,
                message: { kind: 'done' as const, text: CAPTIONS_MESSAGES.saved },
              })),
            },
            onError: {
              target: 'idle',
              actions: assign({
                busy: null,
                sending: null,
                message: ({ event }) => ({
                  kind: 'error' as const,
                  text: errorMessage(event.error, CAPTIONS_MESSAGES.uploadFailed),
                }),
              }),
            },
          },
        },
        removing: {
          invoke: {
            id: 'removeCaption',
            src: 'removeCaption',
            input: ({ context }) => ({ videoId: context.videoId, language: context.busy ?? '' }),
            onDone: {
              target: 'idle',
              actions: assign({
                captions: ({ context }) =>
                  context.captions.filter((x) => x.language !== context.busy),
                busy: null,
                message: { kind: 'done', text: CAPTIONS_MESSAGES.removed },
              }),
            },
            onError: {
              target: 'idle',
              actions: assign({
                busy: null,
                message: ({ event }) => ({
                  kind: 'error' as const,
                  text: errorMessage(event.error, CAPTIONS_MESSAGES.removeFailed),
                }),
              }),
            },
          },
        },
      },
    },
  },
});

export type CaptionsSnapshot = ReturnType<typeof captionsMachine.getInitialSnapshot>;

export const selectCaptions = (s: CaptionsSnapshot) => s.context.captions;
export const selectIsLoading = (s: CaptionsSnapshot) => s.matches('loading');
export const selectLoadFailed = (s: CaptionsSnapshot) => s.matches('loadFailed');
/** A request is under way: every button of the section waits. */
export const selectIsBusy = (s: CaptionsSnapshot) =>
  s.matches({ ready: 'uploading' }) || s.matches({ ready: 'removing' });
export const selectBusyLanguage = (s: CaptionsSnapshot) =>
  selectIsBusy(s) ? s.context.busy : null;
export const selectMessage = (s: CaptionsSnapshot) => s.context.message;
