import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { personalInfoMachine, selectFields } from '../../machines/personal-info.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { aUser, aUserUpdated } from './fixtures.js';
import { model } from './personal-info.model.js';

describeModel(model);

describe('personal information form', () => {
  it('after a save, Cancel goes back to the saved values, not the original ones', async () => {
    const actor = createActor(
      personalInfoMachine.provide({
        actors: { updateAccountDetails: fromPromise(async () => aUserUpdated) },
      }),
      { input: { fullName: aUser.fullName, email: aUser.email } },
    ).start();
    actor.send({ type: 'FIELD_CHANGED', field: 'fullName', value: aUserUpdated.fullName });
    actor.send({ type: 'FIELD_CHANGED', field: 'email', value: aUserUpdated.email });
    actor.send({ type: 'SUBMIT' });
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'FIELD_CHANGED', field: 'fullName', value: 'Someone Else' });
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'CONFIRM' });
    expect(selectFields(actor.getSnapshot())).toEqual({
      fullName: aUserUpdated.fullName,
      email: aUserUpdated.email,
    });
  });
});
