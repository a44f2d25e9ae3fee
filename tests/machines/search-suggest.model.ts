import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { Suggestion } from '../../contract/search.js';
import {
  searchSuggestMachine,
  selectHighlighted,
  selectIsOpen,
  selectSuggestions,
  selectText,
  type SearchSuggestContext,
  type SearchSuggestSnapshot,
} from '../../machines/search-suggest.machine.js';
import type { Model } from '../support/model.js';

/** What the server suggests for "bre" (the demo catalogue's words). */
export const breSuggestions: Suggestion[] = [
  { text: 'bread', kind: 'query' },
  { text: 'No-Knead Bread: The Only Recipe You Need', kind: 'title' },
  { text: 'breakfast', kind: 'tag' },
];

export const model: Model<typeof searchSuggestMachine> = {
  name: 'search suggestions (combobox)',
  machine: searchSuggestMachine,
  meaning: {
    idle: 'list closed; no request runs, none is waiting',
    debouncing: 'list closed; the 150 ms pause after a key runs; no request yet',
    loading: 'list closed; one request for the trimmed text runs',
    shown: 'list open under the box with the suggestions; at most one highlighted',
    empty: 'list closed: nothing to suggest; Enter still searches the text',
    failed: 'list closed, no error shown; Enter still searches the text',
  },
  input: { text: '' },
  promiseActors: ['fetchSuggestions'],
  events: {
    TYPED: [
      { type: 'TYPED', text: 'bre' },
      { type: 'TYPED', text: '   ' },
    ],
    'xstate.done.actor.fetchSuggestions': [
      { type: 'xstate.done.actor.fetchSuggestions', output: breSuggestions },
      { type: 'xstate.done.actor.fetchSuggestions', output: [] },
    ],
    'xstate.error.actor.fetchSuggestions': [
      { type: 'xstate.error.actor.fetchSuggestions', error: new Error('Network down') },
    ],
    HIGHLIGHT: [
      { type: 'HIGHLIGHT', index: 1 },
      { type: 'HIGHLIGHT', index: 7 },
    ],
    CHOOSE: [
      { type: 'CHOOSE', index: 2 },
      { type: 'CHOOSE', index: 7 },
    ],
  },
  serialize: (s: AnyMachineSnapshot) => {
    const c = s.context as SearchSuggestContext;
    return JSON.stringify([s.value, c.text, c.suggestions.length, c.highlighted]);
  },
  assert: (snapshot, fakes, step) => {
    const s = snapshot as SearchSuggestSnapshot;
    const c = s.context;
    // Every request asks about trimmed, non-blank text.
    for (const call of fakes.calls) expect(call.input).toEqual({ text: 'bre' });
    expect(selectIsOpen(s)).toBe(s.matches('shown'));
    if (s.matches('loading')) {
      expect(s.children.fetchSuggestions).toBeDefined();
      expect(fakes.lastInput('fetchSuggestions')).toEqual({ text: c.text.trim() });
    } else {
      // Leaving `loading` stops the request (its AbortSignal fires).
      expect(s.children.fetchSuggestions).toBeUndefined();
    }
    if (s.matches('shown')) {
      expect(selectSuggestions(s)).toEqual(breSuggestions);
      expect(selectHighlighted(s)).toBeGreaterThanOrEqual(-1);
      expect(selectHighlighted(s)).toBeLessThan(breSuggestions.length);
    } else {
      expect(selectSuggestions(s)).toEqual([]);
      expect(selectHighlighted(s)).toBe(-1);
    }
    if (s.matches('debouncing') || s.matches('loading')) expect(c.text.trim()).not.toBe('');
    if (s.matches('empty') || s.matches('failed')) expect(c.suggestions).toEqual([]);

    // A submit searches the highlighted suggestion or the trimmed text, never blank text.
    const submitted = step.emitted.filter((e) => e.type === 'submitted');
    const before = step.previous as SearchSuggestSnapshot | undefined;
    if (step.event.type === 'ENTER' && before) {
      const b = before.context;
      const expected =
        selectHighlighted(before) >= 0 ? b.suggestions[b.highlighted]!.text : b.text.trim();
      expect(submitted).toEqual(expected === '' ? [] : [{ type: 'submitted', text: expected }]);
    } else if (step.event.type === 'CHOOSE' && before) {
      const chosen = selectSuggestions(before)[step.event.index as number];
      expect(submitted).toEqual(chosen ? [{ type: 'submitted', text: chosen.text }] : []);
    } else {
      expect(submitted).toEqual([]);
    }
    if (submitted.length > 0) {
      expect(s.matches('idle')).toBe(true);
      expect(selectText(s)).toBe(submitted[0]!.text);
    }
    // Escape on a closed box clears it.
    if (step.event.type === 'ESCAPE' && before?.matches('idle')) expect(selectText(s)).toBe('');
  },
};
