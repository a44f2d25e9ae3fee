import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { selectUser, sessionMachine, startingSnapshot } from '../../machines/session.machine.js';
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

describe('session started from the HTML (issue 35)', () => {
  function startFrom(user: User | null) {
    let asked = 0;
    const logic = sessionMachine.provide({
      actors: {
        resumeSession: fromPromise<User | null, void>(async () => {
          asked += 1;
          return null;
        }),
        logout: fromPromise<void, void>(async () => undefined),
      },
    });
    const actor = createActor(logic, { snapshot: startingSnapshot(logic, user) }).start();
    return { actor, asked: () => asked };
  }

  it('starts signed in with the inlined user and asks nothing', async () => {
    const { actor, asked } = startFrom(aUser);
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(selectUser(actor.getSnapshot())).toEqual(aUser);
    await settle();
    expect(asked()).toBe(0);
    // From there it behaves as after the check: a logout ends it, an expiry too.
    actor.send({ type: 'LOGOUT' });
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(asked()).toBe(0);
  });

  it('starts signed out for a visitor, asks nothing, and a sign-in still works', async () => {
    const { actor, asked } = startFrom(null);
    expect(actor.getSnapshot().value).toBe('signedOut');
    await settle();
    expect(asked()).toBe(0);
    actor.send({ type: 'SIGNED_IN', user: aUser });
    expect(selectUser(actor.getSnapshot())).toEqual(aUser);
  });

  it('ends a session started from the HTML when an API call is finally refused', () => {
    const { actor } = startFrom(aUser);
    const emitted: string[] = [];
    actor.on('*', (e) => emitted.push(e.type));
    actor.send({ type: 'SESSION_EXPIRED' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(emitted).toEqual(['sessionExpired']);
  });
});
