import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  selectCanSubmit,
  selectError,
  selectIsBusy,
  signInMachine,
  type SignInContext,
} from '../../machines/sign-in.machine.js';
import type { Model } from '../support/model.js';
import { aUser } from './fixtures.js';

const filled = (c: SignInContext) =>
  [c.userName, c.email, c.password].every((v) => v.trim() !== '');

export const model: Model<typeof signInMachine> = {
  name: 'sign-in form',
  machine: signInMachine,
  // What each state means to a tester: what `assert` checks there (shown by `npm run paths`).
  meaning: {
    editing: 'fields show what was typed; Sign in enabled only when none is blank',
    submitting: 'busy; trimmed credentials sent once',
    signedIn: 'done: signedIn emitted with the user',
  },
  promiseActors: ['login'],
  events: {
    FIELD_CHANGED: [
      { type: 'FIELD_CHANGED', field: 'userName', value: ' alice ' },
      { type: 'FIELD_CHANGED', field: 'email', value: 'alice@example.com' },
      { type: 'FIELD_CHANGED', field: 'password', value: 'correct horse' },
      { type: 'FIELD_CHANGED', field: 'password', value: '   ' },
    ],
    'xstate.done.actor.login': [{ type: 'xstate.done.actor.login', output: aUser }],
    'xstate.error.actor.login': [
      { type: 'xstate.error.actor.login', error: new Error('Invalid credentials') },
    ],
  },
  // Field contents matter only as "blank or not" for the chart.
  serialize: (s: AnyMachineSnapshot) => {
    const c = s.context as SignInContext;
    return JSON.stringify([
      s.value,
      c.userName.trim() !== '',
      c.email !== '',
      c.password.trim() !== '',
      c.error,
    ]);
  },
  assert: (s, fakes, { event, emitted }) => {
    const c = s.context as SignInContext;
    const snapshot = s as ReturnType<typeof signInMachine.transition>;
    expect(selectIsBusy(snapshot)).toBe(s.matches('submitting'));
    // The button is enabled exactly when editing with every field non-blank.
    expect(selectCanSubmit(snapshot)).toBe(s.matches('editing') && filled(c));
    switch (event.type) {
      case 'xstate.done.actor.login':
        expect(emitted).toEqual([{ type: 'signedIn', user: aUser }]);
        break;
      case 'xstate.error.actor.login':
        // Back to the form with the server's reason, the typed values kept.
        expect(s.matches('editing')).toBe(true);
        expect(selectError(snapshot)).toBe('Invalid credentials');
        expect(emitted).toEqual([{ type: 'signInFailed', message: 'Invalid credentials' }]);
        break;
      case 'SUBMIT':
        // A new attempt hides the previous failure.
        if (s.matches('submitting')) expect(selectError(snapshot)).toBeNull();
        expect(emitted).toEqual([]);
        break;
      default:
        expect(emitted).toEqual([]);
    }
    if (s.matches('submitting')) {
      expect(filled(c)).toBe(true);
      expect(s.hasTag('busy')).toBe(true);
      // The request carries trimmed names and the password exactly as typed.
      expect(fakes.lastInput('login')).toEqual({
        userName: c.userName.trim(),
        email: c.email.trim(),
        password: c.password,
      });
    }
    if (s.matches('editing')) expect(s.hasTag('busy')).toBe(false);
    if (s.matches('signedIn')) expect(s.status).toBe('done');
    // A submit with a blank field never sends a request.
    for (const call of fakes.callsOf('login')) {
      expect(filled(call.input as SignInContext)).toBe(true);
    }
  },
};
