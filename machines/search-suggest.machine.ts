/**
 * Suggestions while typing in the search box (issue 31): a WAI-ARIA 1.2 combobox with a listbox
 * popup (the view renders it; this is its state).
 *
 * Input:   { text } — the text the box starts with (the results page's query).
 * Events:  TYPED { text } · ARROW_DOWN · ARROW_UP · HIGHLIGHT { index } · ENTER · CHOOSE { index }
 *          · ESCAPE · CLOSE
 * Actor:   fetchSuggestions — input { text } (trimmed, non-empty), output Suggestion[]; stopped,
 *          which aborts its request, when the next key arrives.
 * Emitted: { type: 'submitted', text } — search for `text` (the view navigates).
 *
 * Choices where the spec is silent (written down here and in docs/decisions.md):
 * - A key starts a SUGGEST_DEBOUNCE_MS wait; only text unchanged that long is asked about, and a
 *   request still running when the next key arrives is cancelled (its answer would describe text
 *   no longer in the box).
 * - The list shows only when suggestions came back; no suggestions or a failed request show
 *   nothing (suggestions are a help, not a result: no error in the user's way), and Enter still
 *   searches what is typed.
 * - ArrowDown/ArrowUp move the highlight through the suggestions and wrap at either end; the box
 *   keeps the typed text (the highlighted option is announced through aria-activedescendant).
 *   ArrowDown on a closed box reopens the suggestions it had for this text.
 * - Enter searches the highlighted suggestion, or the typed text when none is highlighted; blank
 *   text is never searched (spec §5). Choosing an option with the mouse or a touch searches it.
 * - Escape closes the list; Escape on a closed list clears the text (WAI-ARIA APG, combobox).
 * - Leaving the box (CLOSE) closes the list and keeps the text.
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { SUGGEST_DEBOUNCE_MS, type Suggestion } from '../contract/search.js';
import { isBlank } from './validation.js';

export interface SearchSuggestContext {
  /** What is in the box, as typed. */
  text: string;
  /** The suggestions for `text` (empty until they came). */
  suggestions: Suggestion[];
  /** The highlighted suggestion's index; -1 for none (Enter then searches the typed text). */
  highlighted: number;
}

export type SearchSuggestEvent =
  /** The box's text changed (a key, a paste, a cut). */
  | { type: 'TYPED'; text: string }
  /** Next suggestion (wraps to the first); opens the list of a closed box. */
  | { type: 'ARROW_DOWN' }
  /** Previous suggestion (wraps to the last). */
  | { type: 'ARROW_UP' }
  /** The pointer is over a suggestion. */
  | { type: 'HIGHLIGHT'; index: number }
  /** Enter: search the highlighted suggestion or the typed text. */
  | { type: 'ENTER' }
  /** A click or tap on a suggestion: search it. */
  | { type: 'CHOOSE'; index: number }
  /** Escape: close the list, or clear the text when it is closed. */
  | { type: 'ESCAPE' }
  /** Focus left the box: close the list. */
  | { type: 'CLOSE' };

export type SearchSuggestEmitted = { type: 'submitted'; text: string };

export interface SearchSuggestInput {
  text: string;
}

export const searchSuggestMachine = setup({
  types: {
    context: {} as SearchSuggestContext,
    events: {} as SearchSuggestEvent,
    input: {} as SearchSuggestInput,
    emitted: {} as SearchSuggestEmitted,
  },
  actors: {
    fetchSuggestions: fromPromise<Suggestion[], { text: string }>(() => {
      throw new Error('fetchSuggestions actor not provided');
    }),
  },
  delays: {
    debounce: SUGGEST_DEBOUNCE_MS,
  },
  guards: {
    typedBlank: ({ event }) => event.type === 'TYPED' && isBlank(event.text),
    hasSuggestions: ({ context }) => context.suggestions.length > 0,
    gotSuggestions: (_, output: Suggestion[]) => output.length > 0,
    canSubmit: ({ context }) => context.highlighted >= 0 || !isBlank(context.text),
    validChoice: ({ context, event }) =>
      event.type === 'CHOOSE' && event.index >= 0 && event.index < context.suggestions.length,
    validHighlight: ({ context, event }) =>
      event.type === 'HIGHLIGHT' && event.index >= 0 && event.index < context.suggestions.length,
    hasText: ({ context }) => context.text !== '',
  },
  actions: {
    takeText: assign({
      text: ({ event }) => (event.type === 'TYPED' ? event.text : ''),
      suggestions: [],
      highlighted: -1,
    }),
    clearText: assign({ text: '', suggestions: [], highlighted: -1 }),
    takeSuggestions: assign({ suggestions: (_, output: Suggestion[]) => output, highlighted: -1 }),
    forgetSuggestions: assign({ suggestions: [], highlighted: -1 }),
    next: assign({
      highlighted: ({ context }) => (context.highlighted + 1) % context.suggestions.length,
    }),
    previous: assign({
      highlighted: ({ context }) =>
        context.highlighted <= 0 ? context.suggestions.length - 1 : context.highlighted - 1,
    }),
    highlight: assign({
      highlighted: ({ event }) => (event.type === 'HIGHLIGHT' ? event.index : -1),
    }),
    unhighlight: assign({ highlighted: -1 }),
    submitCurrent: emit(({ context }) => ({
      type: 'submitted' as const,
      text: submittedText(context, context.highlighted),
    })),
    submitChosen: emit(({ context, event }) => ({
      type: 'submitted' as const,
      text: submittedText(context, event.type === 'CHOOSE' ? event.index : -1),
    })),
    showSubmitted: assign(({ context, event }) => ({
      text: submittedText(context, event.type === 'CHOOSE' ? event.index : context.highlighted),
      suggestions: [],
      highlighted: -1,
    })),
  },
}).createMachine({
  id: 'searchSuggest',
  context: ({ input }) => ({ text: input.text, suggestions: [], highlighted: -1 }),
  initial: 'idle',
  on: {
    TYPED: [
      { guard: 'typedBlank', target: '.idle', actions: 'takeText' },
      { target: '.debouncing', reenter: true, actions: 'takeText' },
    ],
    ENTER: {
      guard: 'canSubmit',
      target: '.idle',
      actions: ['submitCurrent', 'showSubmitted'],
    },
  },
  states: {
    /** The list is closed; nothing runs. */
    idle: {
      on: {
        ARROW_DOWN: { guard: 'hasSuggestions', target: 'shown', actions: 'next' },
        ESCAPE: { guard: 'hasText', actions: 'clearText' },
      },
    },
    /** A key came: waiting for the typist to pause. */
    debouncing: {
      after: { debounce: 'loading' },
      on: { ESCAPE: 'idle', CLOSE: 'idle' },
    },
    /** Asking for the suggestions of the text. */
    loading: {
      invoke: {
        id: 'fetchSuggestions',
        src: 'fetchSuggestions',
        input: ({ context }) => ({ text: context.text.trim() }),
        onDone: [
          {
            guard: { type: 'gotSuggestions', params: ({ event }) => event.output },
            target: 'shown',
            actions: { type: 'takeSuggestions', params: ({ event }) => event.output },
          },
          { target: 'empty' },
        ],
        onError: 'failed',
      },
      on: { ESCAPE: 'idle', CLOSE: 'idle' },
    },
    /** The list is open under the box. */
    shown: {
      on: {
        ARROW_DOWN: { actions: 'next' },
        ARROW_UP: { actions: 'previous' },
        HIGHLIGHT: { guard: 'validHighlight', actions: 'highlight' },
        CHOOSE: {
          guard: 'validChoice',
          target: 'idle',
          actions: ['submitChosen', 'showSubmitted'],
        },
        ESCAPE: { target: 'idle', actions: 'unhighlight' },
        CLOSE: { target: 'idle', actions: 'unhighlight' },
      },
    },
    /** Nothing to suggest for this text: the list stays closed. */
    empty: {
      entry: 'forgetSuggestions',
      on: { ESCAPE: 'idle', CLOSE: 'idle' },
    },
    /** The request failed: the list stays closed; the next key asks again. */
    failed: {
      entry: 'forgetSuggestions',
      on: { ESCAPE: 'idle', CLOSE: 'idle' },
    },
  },
});

/** What a submit searches: the suggestion at `index`, or the typed text (trimmed) for -1. */
function submittedText(context: SearchSuggestContext, index: number): string {
  return index >= 0 ? (context.suggestions[index]?.text ?? '') : context.text.trim();
}

export type SearchSuggestSnapshot = SnapshotFrom<typeof searchSuggestMachine>;

export const selectText = (s: SearchSuggestSnapshot) => s.context.text;
/** Whether the listbox is open (aria-expanded). */
export const selectIsOpen = (s: SearchSuggestSnapshot) => s.matches('shown');
/** The suggestions to list while open; none otherwise. */
export const selectSuggestions = (s: SearchSuggestSnapshot) =>
  s.matches('shown') ? s.context.suggestions : [];
export const selectHighlighted = (s: SearchSuggestSnapshot) =>
  s.matches('shown') ? s.context.highlighted : -1;
