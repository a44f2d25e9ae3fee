import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { selectCanSubmit, signInMachine } from '../../machines/sign-in.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { aUser } from './fixtures.js';
import { model } from './sign-in.model.js';

describeModel(model);

describe('sign-in form', () => {
  it('emits signedIn with the user when the login succeeds', async () => {
    const actor = createActor(
      signInMachine.provide({ actors: { login: fromPromise(async () => aUser) } }),
    ).start();
    const seen: unknown[] = [];
    actor.on('signedIn', (e) => seen.push(e.user));
    for (const [field, value] of [
      ['userName', 'alice'],
      ['email', 'a@b.co'],
      ['password', 'pw'],
    ] as const) {
      actor.send({ type: 'FIELD_CHANGED', field, value });
    }
    expect(selectCanSubmit(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'SUBMIT' });
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toEqual([aUser]);
  });
});
