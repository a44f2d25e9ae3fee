import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { CONVERSATION } from '../../contract/limits.js';
import {
  HELD_WORDS_MESSAGES as M,
  heldWordsMachine,
  selectCanAdd,
  selectCanSave,
  selectIsSaved,
  selectIsSaving,
  selectLoadError,
  selectProblem,
  selectSaveError,
  selectWords,
  typedWords,
  type HeldWordsContext,
  type HeldWordsSnapshot,
} from '../../machines/held-words.machine.js';
import type { Model } from '../support/model.js';

const { max, wordMin, wordMax } = CONVERSATION.heldWords;
/** A full list: one more word breaks the bound. */
const full = Array.from({ length: max }, (_, i) => `word${String(i).padStart(3, '0')}`);

export const model: Model<typeof heldWordsMachine> = {
  name: 'held words',
  machine: heldWordsMachine,
  meaning: {
    loading: 'the list is being read; nothing can be edited',
    loadFailed: 'the reason and Retry show',
    ready: 'the saved list as chips, alphabetical, lower case',
    'ready.open': 'chips can be added and removed; Add only for typed text; Save only for a change',
    'ready.open.editing': 'no message',
    'ready.open.invalid':
      'the bound the typed text breaks is said under the box; nothing was added',
    'ready.open.saved': '"Held words saved."; the list is what the server answered',
    'ready.open.saveFailed': "the server's reason (or ours) shows; the edited list stays",
    'ready.saving': 'busy; the whole edited list is sent; Add and Save disabled',
  },
  promiseActors: ['fetchHeldWords', 'saveHeldWords'],
  events: {
    'xstate.done.actor.fetchHeldWords': [
      { type: 'xstate.done.actor.fetchHeldWords', output: ['spoiler', 'idiot'] },
      { type: 'xstate.done.actor.fetchHeldWords', output: full },
    ],
    'xstate.error.actor.fetchHeldWords': [
      { type: 'xstate.error.actor.fetchHeldWords', error: new Error('') },
    ],
    INPUT_CHANGED: [
      { type: 'INPUT_CHANGED', text: '  Free   Money, spam ' },
      { type: 'INPUT_CHANGED', text: 'x' },
      { type: 'INPUT_CHANGED', text: 'y'.repeat(wordMax + 1) },
      { type: 'INPUT_CHANGED', text: ' , ' },
    ],
    REMOVE: [{ type: 'REMOVE', word: 'spoiler' }],
    'xstate.done.actor.saveHeldWords': [
      { type: 'xstate.done.actor.saveHeldWords', output: ['free money', 'idiot', 'spam'] },
    ],
    'xstate.error.actor.saveHeldWords': [
      {
        type: 'xstate.error.actor.saveHeldWords',
        error: new Error('words: A held word has 2 to 40 characters'),
      },
      { type: 'xstate.error.actor.saveHeldWords', error: new Error('') },
    ],
  },
  serialize: (s: AnyMachineSnapshot) => {
    const c = s.context as HeldWordsContext;
    return JSON.stringify([s.value, c.saved.length, c.words.slice(0, 3), c.input, c.error]);
  },
  assert: (snapshot, fakes, { event, previous }) => {
    const s = snapshot as HeldWordsSnapshot;
    const c = s.context;
    const words = selectWords(s);
    // Always within the bounds, stored form, alphabetical, each once.
    expect(words.length).toBeLessThanOrEqual(max);
    for (const w of words) {
      expect(w.length).toBeGreaterThanOrEqual(wordMin);
      expect(w.length).toBeLessThanOrEqual(wordMax);
      expect(w).toBe(w.trim().toLowerCase());
    }
    expect(words).toEqual([...new Set(words)].sort());
    expect(selectLoadError(s)).toBe(s.matches('loadFailed') ? M.loadFailed : null);
    expect(selectIsSaving(s)).toBe(s.matches({ ready: 'saving' }));
    expect(selectIsSaved(s)).toBe(s.matches({ ready: { open: 'saved' } }));
    expect(selectCanAdd(s)).toBe(s.matches({ ready: 'open' }) && typedWords(c.input).length > 0);
    if (!s.matches({ ready: 'open' })) expect(selectCanSave(s)).toBe(false);
    // What the machine sends is always what the list shows, within the bounds.
    for (const call of fakes.callsOf('saveHeldWords')) {
      const sent = (call.input as { words: string[] }).words;
      expect(sent.length).toBeLessThanOrEqual(max);
      expect(sent.every((w) => w.length >= wordMin && w.length <= wordMax)).toBe(true);
    }
    if (s.matches({ ready: 'saving' })) {
      expect(fakes.lastInput('saveHeldWords')).toEqual({ words });
      expect(c.input).toBe('');
    }
    if (s.matches({ ready: { open: 'invalid' } })) {
      const problem = selectProblem(s);
      const before = previous as HeldWordsSnapshot;
      expect(words).toEqual(selectWords(before));
      if (c.input === 'x') expect(problem).toBe(M.tooShort('x'));
      else if (c.input.startsWith('yyy')) expect(problem).toBe(M.tooLong(c.input));
      else expect(problem).toBe(M.tooMany);
    } else {
      expect(selectProblem(s)).toBeNull();
    }
    if (s.matches({ ready: { open: 'saved' } })) {
      expect(words).toEqual(['free money', 'idiot', 'spam']);
      expect(selectCanSave(s)).toBe(false);
    }
    if (s.matches({ ready: { open: 'saveFailed' } })) {
      // The server's sentence without the field it names, or ours when it gave none.
      expect(['A held word has 2 to 40 characters', M.saveFailed]).toContain(selectSaveError(s));
      if (event.type === 'xstate.error.actor.saveHeldWords' && !(event.error as Error).message) {
        expect(selectSaveError(s)).toBe(M.saveFailed);
      }
    } else {
      expect(selectSaveError(s)).toBeNull();
    }
    const typed = previous ? typedWords((previous as HeldWordsSnapshot).context.input) : [];
    if (event.type === 'ADD' && s.matches({ ready: { open: 'editing' } })) {
      // The typed words joined the list, in stored form; the box is empty again. Only blank
      // pieces typed: nothing happens.
      for (const w of typed) expect(words).toContain(w);
      expect(c.input).toBe(typed.length > 0 ? '' : (previous as HeldWordsSnapshot).context.input);
    }
  },
};
