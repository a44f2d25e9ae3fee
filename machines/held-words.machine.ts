/**
 * The channel's held words (issue 33): comments on the caller's videos that contain one of them
 * (a whole word or phrase, ignoring case) wait in the review queue. The creator edits the list as
 * chips: type a word or phrase (several at once separated by commas), Add, remove a chip with its
 * ×, then Save sends the whole list (`PUT /comments/moderation/words`).
 *
 * States: loading → ready | loadFailed —RETRY→ loading
 *         ready.open.{editing | invalid | saved | saveFailed} —SAVE→ ready.saving → saved | saveFailed
 *         (every edit returns to editing; nothing can be edited while saving)
 * Events:  INPUT_CHANGED { text } · ADD · REMOVE { word } · SAVE · RETRY
 * Actors:  fetchHeldWords → string[]; saveHeldWords { words } → string[] (the list as stored)
 * Emitted: none (the view reads the states).
 *
 * Bounds (contract/limits.ts CONVERSATION.heldWords), checked before anything is sent: each word
 * `wordMin`…`wordMax` characters after trimming, at most `max` words. Words are kept as the server
 * stores them (trimmed, lower case; inner spaces collapsed as well, so a phrase matches however it
 * was typed), alphabetical, and a word already listed is not added twice.
 *
 * Choices where the spec is silent: Save with text still in the box adds it first (a creator who
 * types one word and presses Save means it), and refuses when that text breaks a bound; Save is
 * possible only when the list differs from the saved one; the server's refusal (400) is shown as
 * it says it.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { CONVERSATION } from '../contract/limits.js';
import { errorMessage } from './validation.js';

const { max, wordMin, wordMax } = CONVERSATION.heldWords;

export const HELD_WORDS_MESSAGES = {
  loadFailed: 'Could not load your held words.',
  saveFailed: 'Could not save your held words. Try again.',
  saved: 'Held words saved.',
  hint: `Comments containing these words or phrases wait for your review. Up to ${max} words, each ${wordMin} to ${wordMax} characters; separate several with commas.`,
  tooShort: (word: string) =>
    `“${word}” is too short: a held word has at least ${wordMin} characters.`,
  tooLong: (word: string) =>
    `“${word.slice(0, 20)}…” is too long: a held word has at most ${wordMax} characters.`,
  tooMany: `You can hold at most ${max} words. Remove some before adding more.`,
} as const;

export interface HeldWordsContext {
  /** The list as the server has it. */
  saved: string[];
  /** The list as edited (alphabetical, lower case). */
  words: string[];
  /** The add box's text, as typed. */
  input: string;
  /** Why the typed text cannot be added (a bound), shown under the box. */
  problem: string | null;
  /** Why loading or saving failed. */
  error: string | null;
}

export type HeldWordsEvent =
  /** The add box's text changed. */
  | { type: 'INPUT_CHANGED'; text: string }
  /** Add (or Enter in the box): the typed word(s) join the list. */
  | { type: 'ADD' }
  /** A chip's remove button. */
  | { type: 'REMOVE'; word: string }
  /** Save: send the whole list. */
  | { type: 'SAVE' }
  /** Load again after the list failed to load. */
  | { type: 'RETRY' };

/** How a word is stored: trimmed, lower case, one space between its parts. */
export function normalizeWord(word: string): string {
  return word.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The words typed in the box (comma- or line-separated), normalized, blanks dropped. */
export function typedWords(input: string): string[] {
  return input.split(/[,\n]/).map(normalizeWord).filter(Boolean);
}

/** The list with the typed words added: alphabetical, each once. */
export function withTyped(words: readonly string[], input: string): string[] {
  return [...new Set([...words, ...typedWords(input)])].sort();
}

/** Why the typed words cannot join the list, or null when they can. */
export function inputProblem(words: readonly string[], input: string): string | null {
  const typed = typedWords(input);
  const short = typed.find((w) => w.length < wordMin);
  if (short !== undefined) return HELD_WORDS_MESSAGES.tooShort(short);
  const long = typed.find((w) => w.length > wordMax);
  if (long !== undefined) return HELD_WORDS_MESSAGES.tooLong(long);
  if (withTyped(words, input).length > max) return HELD_WORDS_MESSAGES.tooMany;
  return null;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((w, i) => w === b[i]);

/** Save sends something new: the list with what is typed differs from the saved one. */
function canSave(c: HeldWordsContext): boolean {
  return !sameList(withTyped(c.words, c.input), c.saved);
}

export const heldWordsMachine = setup({
  types: {
    context: {} as HeldWordsContext,
    events: {} as HeldWordsEvent,
  },
  actors: {
    fetchHeldWords: fromPromise<string[]>(() => {
      throw new Error('fetchHeldWords actor not provided');
    }),
    saveHeldWords: fromPromise<string[], { words: string[] }>(() => {
      throw new Error('saveHeldWords actor not provided');
    }),
  },
  guards: {
    hasInput: ({ context }) => typedWords(context.input).length > 0,
    inputInvalid: ({ context }) => inputProblem(context.words, context.input) !== null,
    canSave: ({ context }) => canSave(context),
  },
  actions: {
    keepList: assign((_, words: string[]) => {
      const list = [...words].sort();
      return { saved: list, words: list, error: null };
    }),
    rememberError: assign({ error: (_, message: string) => message }),
    setInput: assign({ input: (_, text: string) => text, problem: null }),
    addInput: assign({
      words: ({ context }) => withTyped(context.words, context.input),
      input: '',
      problem: null,
    }),
    rememberProblem: assign({
      problem: ({ context }) => inputProblem(context.words, context.input),
    }),
    removeWord: assign({
      words: ({ context }, word: string) => context.words.filter((w) => w !== word),
      problem: null,
    }),
  },
}).createMachine({
  id: 'heldWords',
  context: { saved: [], words: [], input: '', problem: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchHeldWords',
        src: 'fetchHeldWords',
        onDone: {
          target: 'ready',
          actions: { type: 'keepList', params: ({ event }) => event.output },
        },
        onError: {
          target: 'loadFailed',
          actions: {
            type: 'rememberError',
            params: ({ event }) => errorMessage(event.error, HELD_WORDS_MESSAGES.loadFailed),
          },
        },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    ready: {
      initial: 'open',
      states: {
        open: {
          initial: 'editing',
          on: {
            INPUT_CHANGED: {
              target: '.editing',
              actions: { type: 'setInput', params: ({ event }) => event.text },
            },
            ADD: [
              { guard: 'inputInvalid', target: '.invalid', actions: 'rememberProblem' },
              { guard: 'hasInput', target: '.editing', actions: 'addInput' },
            ],
            REMOVE: {
              target: '.editing',
              actions: { type: 'removeWord', params: ({ event }) => event.word },
            },
            SAVE: [
              { guard: 'inputInvalid', target: '.invalid', actions: 'rememberProblem' },
              { guard: 'canSave', target: 'saving', actions: 'addInput' },
            ],
          },
          states: {
            editing: {},
            invalid: {},
            saved: {},
            saveFailed: {},
          },
        },
        saving: {
          tags: 'busy',
          invoke: {
            id: 'saveHeldWords',
            src: 'saveHeldWords',
            input: ({ context }) => ({ words: context.words }),
            onDone: {
              target: 'open.saved',
              actions: { type: 'keepList', params: ({ event }) => event.output },
            },
            onError: {
              target: 'open.saveFailed',
              actions: {
                type: 'rememberError',
                params: ({ event }) => errorMessage(event.error, HELD_WORDS_MESSAGES.saveFailed),
              },
            },
          },
        },
      },
    },
  },
});

export type HeldWordsSnapshot = SnapshotFrom<typeof heldWordsMachine>;

/** Selectors the view uses. */
export const selectWords = (s: HeldWordsSnapshot) => s.context.words;
export const selectInput = (s: HeldWordsSnapshot) => s.context.input;
export const selectIsLoading = (s: HeldWordsSnapshot) => s.matches('loading');
export const selectLoadError = (s: HeldWordsSnapshot) =>
  s.matches('loadFailed') ? s.context.error : null;
/** The bound the typed text breaks, shown under the box. */
export const selectProblem = (s: HeldWordsSnapshot) =>
  s.matches({ ready: { open: 'invalid' } }) ? s.context.problem : null;
export const selectSaveError = (s: HeldWordsSnapshot) =>
  s.matches({ ready: { open: 'saveFailed' } }) ? s.context.error : null;
export const selectIsSaved = (s: HeldWordsSnapshot) => s.matches({ ready: { open: 'saved' } });
export const selectIsSaving = (s: HeldWordsSnapshot) => s.hasTag('busy');
/** Add is enabled for non-blank text while the list can be edited. */
export const selectCanAdd = (s: HeldWordsSnapshot) =>
  s.matches({ ready: 'open' }) && typedWords(s.context.input).length > 0;
/** Save is enabled while something new would be sent. */
export const selectCanSave = (s: HeldWordsSnapshot) =>
  s.matches({ ready: 'open' }) && canSave(s.context);
