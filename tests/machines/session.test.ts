import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { selectUser, sessionMachine } from '../../machines/session.machine.js';
import { describeModel } from '../support/model-vitest.js';
import type { User } from '../../contract/shapes.js';
import { aUser } from './fixtures.js';
import { model } from './session.model.js';

describeModel(model);

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('session', () => {
  it('starts signed in when the server knows the session', async () => {
    const actor = createActor(
      sessionMachine.provide({
        actors: { resumeSession: fromPromise<User | null, void>(async () => aUser) },
      }),
    ).start();
    await settle();
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(selectUser(actor.getSnapshot())).toEqual(aUser);
  });

  it('ignores a late session answer once a sign-in happened', async () => {
    let answer: (u: typeof aUser) => void = () => undefined;
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          resumeSession: fromPromise(() => new Promise<User | null>((r) => (answer = r))),
        },
      }),
    ).start();
    const signedIn = { ...aUser, _id: 'u_bob', userName: 'bob' };
    actor.send({ type: 'SIGNED_IN', user: signedIn });
    answer(aUser);
    await settle();
    expect(selectUser(actor.getSnapshot())).toEqual(signedIn);
  });
});
