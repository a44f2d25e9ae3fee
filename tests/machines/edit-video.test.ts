import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  editVideoMachine,
  selectShowsTagHint,
  type EditVideoValues,
} from '../../machines/edit-video.machine.js';
import { UPLOAD_REQUIRED_MESSAGE } from '../../machines/upload.types.js';
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
  it('refuses no tags as the upload does, then saves and keeps the thumbnail unless replaced', async () => {
    const sent: unknown[] = [];
    const refusals: string[] = [];
    const machine = editVideoMachine.provide({
      actors: { save: fromPromise(({ input }) => (sent.push(input), Promise.resolve(input))) },
    });
    const actor = createActor(machine, { input: { values: video } }).start();
    actor.on('invalid', (e: { message: string }) => refusals.push(e.message));
    expect(selectShowsTagHint(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'CHANGE', values: { tags: [], title: ' Sunrise ' } });
    expect(selectShowsTagHint(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent).toEqual([]);
    expect(refusals).toEqual([UPLOAD_REQUIRED_MESSAGE]);
    actor.send({ type: 'CHANGE', values: { tags: ['dawn'] } });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent).toEqual([{ ...video, title: 'Sunrise', tags: ['dawn'], thumbnail: null }]);
    expect(actor.getSnapshot().status).toBe('done');
  });
});
