import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { RESERVED_NAME_MESSAGE } from '../../contract/playlist-names.js';
import {
  createPlaylistMachine,
  editPlaylistMachine,
} from '../../machines/playlist-form.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { model } from './edit-playlist.model.js';

describeModel(model);

describe('"Watch later" is reserved (issue 29)', () => {
  for (const [name, machine] of [
    ['create', createPlaylistMachine],
    ['edit', editPlaylistMachine],
  ] as const) {
    it(`${name}: refuses it in any case or spacing before sending, and says why`, () => {
      const sent: unknown[] = [];
      const actor = createActor(
        machine.provide({
          actors: { save: fromPromise(async ({ input }) => void sent.push(input)) },
        }),
        { input: { values: { title: 'Mine', description: 'x' } } },
      );
      const emitted: unknown[] = [];
      actor.on('*', (e) => emitted.push(e));
      actor.start();
      actor.send({ type: 'CHANGE', values: { title: ' watch   LATER ', description: 'x' } });
      actor.send({ type: 'SUBMIT' });
      expect(emitted).toEqual([{ type: 'invalid', message: RESERVED_NAME_MESSAGE }]);
      expect(actor.getSnapshot().context.error).toBe(RESERVED_NAME_MESSAGE);
      expect(sent).toEqual([]);
      actor.send({ type: 'CHANGE', values: { title: 'Watch later 2', description: 'x' } });
      expect(actor.getSnapshot().context.error).toBeNull();
    });
  }
});
