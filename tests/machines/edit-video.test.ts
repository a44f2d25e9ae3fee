import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  editVideoMachine,
  selectShowsTagHint,
  type EditVideoValues,
} from '../../machines/edit-video.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { model } from './edit-video.model.js';

describeModel(model);

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const video: EditVideoValues = {
  title: 'Sunset',
  description: 'Beach',
  tags: ['sea'],
  thumbnail: null,
};

describe('edit video dialog', () => {
  it('saves without tags (the tag rule is a hint) and keeps the thumbnail unless replaced', async () => {
    const sent: unknown[] = [];
    const machine = editVideoMachine.provide({
      actors: { save: fromPromise(({ input }) => (sent.push(input), Promise.resolve(input))) },
    });
    const actor = createActor(machine, { input: { values: video } }).start();
    expect(selectShowsTagHint(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'CHANGE', values: { tags: [], title: ' Sunrise ' } });
    expect(selectShowsTagHint(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent).toEqual([{ ...video, title: 'Sunrise', tags: [], thumbnail: null }]);
    expect(actor.getSnapshot().status).toBe('done');
  });
});
