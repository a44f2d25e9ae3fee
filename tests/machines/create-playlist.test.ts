import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { FormDialogEmitted } from '../../machines/form-dialog.js';
import { DASHBOARD_MESSAGES as M } from '../../machines/dashboard-messages.js';
import {
  createPlaylistMachine,
  emptyPlaylistValues,
  selectError,
  selectValues,
} from '../../machines/playlist-form.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { model } from './create-playlist.model.js';

describeModel(model);

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(save: (input: unknown) => Promise<unknown>) {
  const sent: unknown[] = [];
  const machine = createPlaylistMachine.provide({
    actors: { save: fromPromise(({ input }) => (sent.push(input), save(input))) },
  });
  const actor = createActor(machine, { input: { values: emptyPlaylistValues } });
  const emitted: FormDialogEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, emitted, sent };
}

describe('create playlist dialog', () => {
  it("refuses a missing description with 'All fields marked with * are required!'", () => {
    const { actor, emitted, sent } = start(() => Promise.resolve({}));
    actor.send({ type: 'CHANGE', values: { title: 'Trips' } });
    actor.send({ type: 'SUBMIT' });
    expect(emitted).toEqual([{ type: 'invalid', message: M.allFieldsMarkedRequired }]);
    expect(selectError(actor.getSnapshot())).toBe(M.allFieldsMarkedRequired);
    expect(sent).toEqual([]);
  });

  it("keeps what was typed and the server's message when the save fails", async () => {
    const { actor, sent } = start(() => Promise.reject(new Error('Name already used')));
    actor.send({ type: 'CHANGE', values: { title: ' Trips ', description: 'Summer' } });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent).toEqual([{ title: 'Trips', description: 'Summer' }]);
    expect(selectValues(actor.getSnapshot())).toEqual({ title: ' Trips ', description: 'Summer' });
    expect(selectError(actor.getSnapshot())).toBe('Name already used');
  });

  it('emits the created playlist and closes', async () => {
    const created = { _id: 'pl1' };
    const { actor, emitted } = start(() => Promise.resolve(created));
    actor.send({ type: 'CHANGE', values: { title: 'Trips', description: 'Summer' } });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(emitted).toEqual([{ type: 'saved', result: created }, { type: 'closed' }]);
  });
});
