import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  HELD_WORDS_MESSAGES,
  heldWordsMachine,
  selectCanSave,
  selectIsSaved,
  selectProblem,
  selectSaveError,
  selectWords,
} from '../../machines/held-words.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { model } from './held-words.model.js';
import { settle } from './video-fixtures.js';

describeModel(model);

function start(stored: string[], refusal: Error | null = null) {
  const sent: string[][] = [];
  const actor = createActor(
    heldWordsMachine.provide({
      actors: {
        fetchHeldWords: fromPromise(async () => stored),
        saveHeldWords: fromPromise<string[], { words: string[] }>(async ({ input }) => {
          sent.push(input.words);
          if (refusal) throw refusal;
          return input.words;
        }),
      },
    }),
  ).start();
  return { actor, sent, snap: () => actor.getSnapshot() };
}

describe('held words', () => {
  it('adds typed words (commas separate them), removes one, and Save sends the whole list', async () => {
    const { actor, sent, snap } = start(['spoiler']);
    await settle();
    expect(selectCanSave(snap())).toBe(false);
    actor.send({ type: 'INPUT_CHANGED', text: 'Free  Money, SPAM,spoiler' });
    actor.send({ type: 'ADD' });
    expect(selectWords(snap())).toEqual(['free money', 'spam', 'spoiler']);
    actor.send({ type: 'REMOVE', word: 'spoiler' });
    actor.send({ type: 'SAVE' });
    await settle();
    expect(sent).toEqual([['free money', 'spam']]);
    expect(selectIsSaved(snap())).toBe(true);
  });

  it('Save with a word still in the box adds it first', async () => {
    const { actor, sent } = start([]);
    await settle();
    actor.send({ type: 'INPUT_CHANGED', text: 'scam' });
    actor.send({ type: 'SAVE' });
    await settle();
    expect(sent).toEqual([['scam']]);
  });

  it('refuses a word out of bounds before sending anything', async () => {
    const { actor, sent, snap } = start([]);
    await settle();
    actor.send({ type: 'INPUT_CHANGED', text: 'ok, a' });
    actor.send({ type: 'SAVE' });
    expect(selectProblem(snap())).toBe(HELD_WORDS_MESSAGES.tooShort('a'));
    expect(selectWords(snap())).toEqual([]);
    await settle();
    expect(sent).toEqual([]);
  });

  it("shows the server's refusal and keeps the edited list", async () => {
    const { actor, snap } = start([], new Error('words: At most 200 words'));
    await settle();
    actor.send({ type: 'INPUT_CHANGED', text: 'scam' });
    actor.send({ type: 'ADD' });
    actor.send({ type: 'SAVE' });
    await settle();
    expect(selectSaveError(snap())).toBe('At most 200 words');
    expect(selectWords(snap())).toEqual(['scam']);
  });
});
