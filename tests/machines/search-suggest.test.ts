import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { SUGGEST_DEBOUNCE_MS, type Suggestion } from '../../contract/search.js';
import {
  searchSuggestMachine,
  selectHighlighted,
  selectIsOpen,
  selectSuggestions,
  type SearchSuggestEmitted,
} from '../../machines/search-suggest.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { breSuggestions, model } from './search-suggest.model.js';
import { settle } from './video-fixtures.js';

describeModel(model);

/** A box over a fake server that answers `answer(text)`, recording requests and aborts. */
function start(answer: (text: string) => Promise<Suggestion[]> = async () => breSuggestions) {
  const asked: string[] = [];
  const aborted: string[] = [];
  const clock = new SimulatedClock();
  const fetchSuggestions = fromPromise<Suggestion[], { text: string }>(({ input, signal }) => {
    asked.push(input.text);
    signal.addEventListener('abort', () => aborted.push(input.text));
    return answer(input.text);
  });
  const actor = createActor(searchSuggestMachine.provide({ actors: { fetchSuggestions } }), {
    input: { text: '' },
    clock,
  }).start();
  const submitted: string[] = [];
  actor.on('submitted', (e: SearchSuggestEmitted) => submitted.push(e.text));
  const type = (text: string) => actor.send({ type: 'TYPED', text });
  return { actor, clock, asked, aborted, submitted, type };
}

describe('search suggestions', () => {
  it('asks once the typist pauses, about the last text only', async () => {
    const { actor, clock, asked, type } = start();
    type('b');
    clock.increment(SUGGEST_DEBOUNCE_MS - 1);
    type('br');
    clock.increment(SUGGEST_DEBOUNCE_MS - 1);
    type('bre ');
    expect(asked).toEqual([]);
    clock.increment(SUGGEST_DEBOUNCE_MS);
    await settle();
    expect(asked).toEqual(['bre']);
    expect(selectSuggestions(actor.getSnapshot())).toEqual(breSuggestions);
  });

  it('cancels a running request when the next key arrives', async () => {
    let release: () => void = () => {};
    const { actor, clock, asked, aborted, type } = start(
      () => new Promise((resolve) => (release = () => resolve(breSuggestions))),
    );
    type('br');
    clock.increment(SUGGEST_DEBOUNCE_MS);
    expect(asked).toEqual(['br']);
    type('bre');
    expect(aborted).toEqual(['br']);
    release();
    await settle();
    // The old answer never opens the list.
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
  });

  it('moves the highlight with the arrows, wrapping, and Enter searches it', async () => {
    const { actor, clock, submitted, type } = start();
    type('bre');
    clock.increment(SUGGEST_DEBOUNCE_MS);
    await settle();
    const highlighted = () => selectHighlighted(actor.getSnapshot());
    expect(highlighted()).toBe(-1);
    actor.send({ type: 'ARROW_UP' });
    expect(highlighted()).toBe(2);
    actor.send({ type: 'ARROW_DOWN' });
    expect(highlighted()).toBe(0);
    actor.send({ type: 'ARROW_DOWN' });
    actor.send({ type: 'ENTER' });
    expect(submitted).toEqual(['No-Knead Bread: The Only Recipe You Need']);
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
  });

  it('Enter with nothing highlighted searches the trimmed text; blank text is never searched', () => {
    const { actor, submitted, type } = start();
    type('  ');
    actor.send({ type: 'ENTER' });
    type('  bre  ');
    actor.send({ type: 'ENTER' });
    expect(submitted).toEqual(['bre']);
  });

  it('Escape closes the list, a second Escape clears the text; ArrowDown reopens', async () => {
    const { actor, clock, type } = start();
    type('bre');
    clock.increment(SUGGEST_DEBOUNCE_MS);
    await settle();
    actor.send({ type: 'ESCAPE' });
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'ARROW_DOWN' });
    expect(selectIsOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'ESCAPE' });
    actor.send({ type: 'ESCAPE' });
    expect(actor.getSnapshot().context.text).toBe('');
  });

  it('a click or tap on a suggestion searches it', async () => {
    const { actor, clock, submitted, type } = start();
    type('bre');
    clock.increment(SUGGEST_DEBOUNCE_MS);
    await settle();
    actor.send({ type: 'CHOOSE', index: 0 });
    expect(submitted).toEqual(['bread']);
  });
});
