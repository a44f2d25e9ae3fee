import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { SECOND_STEP_MESSAGES, type LoginAnswer } from '../../contract/second-step.js';
import type { User } from '../../contract/shapes.js';
import {
  selectCanSubmit,
  selectSecondStep,
  signInMachine,
  type Credentials,
  type SecondStepInput,
} from '../../machines/sign-in.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { aUser } from './fixtures.js';
import { model } from './sign-in.model.js';

describeModel(model);

const settle = () => new Promise((r) => setTimeout(r, 0));

function typeCredentials(actor: { send: (e: never) => void }) {
  for (const [field, value] of [
    ['userName', 'alice'],
    ['email', 'a@b.co'],
    ['password', 'pw'],
  ] as const) {
    actor.send({ type: 'FIELD_CHANGED', field, value } as never);
  }
}

describe('sign-in form', () => {
  it('emits signedIn with the user when the login succeeds', async () => {
    const actor = createActor(
      signInMachine.provide({
        actors: { login: fromPromise<LoginAnswer, Credentials>(async () => ({ user: aUser })) },
      }),
    ).start();
    const seen: unknown[] = [];
    actor.on('signedIn', (e) => seen.push(e.user));
    typeCredentials(actor);
    expect(selectCanSubmit(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(seen).toEqual([aUser]);
  });

  it('asks for the second step, retries a wrong code, and signs in with a recovery code', async () => {
    const sent: SecondStepInput[] = [];
    const actor = createActor(
      signInMachine.provide({
        actors: {
          login: fromPromise<LoginAnswer, Credentials>(async () => ({
            secondStep: { ticket: 't.s', methods: ['totp', 'recovery'] },
          })),
          verifySecondStep: fromPromise<User, SecondStepInput>(async ({ input }) => {
            sent.push(input);
            if (input.code !== 'abcd-efgh') throw new Error(SECOND_STEP_MESSAGES.wrongCode);
            return aUser;
          }),
        },
      }),
    ).start();
    const seen: unknown[] = [];
    actor.on('signedIn', (e) => seen.push(e.user));
    typeCredentials(actor);
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(selectSecondStep(actor.getSnapshot())?.methods).toEqual(['totp', 'recovery']);
    actor.send({ type: 'CODE_CHANGED', value: '000000' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.error).toBe(SECOND_STEP_MESSAGES.wrongCode);
    actor.send({ type: 'USE_RECOVERY_CODE' });
    actor.send({ type: 'CODE_CHANGED', value: 'abcd-efgh' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent).toEqual([
      { ticket: 't.s', code: '000000' },
      { ticket: 't.s', code: 'abcd-efgh' },
    ]);
    expect(seen).toEqual([aUser]);
  });
});
