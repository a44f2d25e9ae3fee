import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { SECOND_STEP_MESSAGES } from '../../contract/second-step.js';
import {
  selectCanSubmit,
  selectCanVerify,
  selectCode,
  selectCodeKind,
  selectError,
  selectIsBusy,
  selectSecondStep,
  signInMachine,
  type SignInContext,
} from '../../machines/sign-in.machine.js';
import type { Model } from '../support/model.js';
import { aUser } from './fixtures.js';

const filled = (c: SignInContext) =>
  [c.userName, c.email, c.password].every((v) => v.trim() !== '');

const TICKET = 'ticket-id.ticket-secret';
const SECOND_STEP = { ticket: TICKET, methods: ['totp', 'recovery'] as ('totp' | 'recovery')[] };
const OVER: readonly string[] = [
  SECOND_STEP_MESSAGES.expired,
  SECOND_STEP_MESSAGES.tooManyAttempts,
];

export const model: Model<typeof signInMachine> = {
  name: 'sign-in form',
  machine: signInMachine,
  // What each state means to a tester: what `assert` checks there (shown by `npm run paths`).
  meaning: {
    editing: 'fields show what was typed; Sign in enabled only when none is blank',
    submitting: 'busy; trimmed credentials sent once',
    'secondStep.entering':
      'the second step shows its methods; Verify enabled only with a code; the fields are kept',
    'secondStep.verifying': 'busy; the ticket and the trimmed code sent',
    signedIn: 'done: signedIn emitted with the user',
  },
  promiseActors: ['login', 'verifySecondStep'],
  events: {
    FIELD_CHANGED: [
      { type: 'FIELD_CHANGED', field: 'userName', value: ' alice ' },
      { type: 'FIELD_CHANGED', field: 'email', value: 'alice@example.com' },
      { type: 'FIELD_CHANGED', field: 'password', value: 'correct horse' },
      { type: 'FIELD_CHANGED', field: 'password', value: '   ' },
    ],
    CODE_CHANGED: [
      { type: 'CODE_CHANGED', value: ' 123456 ' },
      { type: 'CODE_CHANGED', value: '  ' },
    ],
    SECOND_STEP_DONE: [{ type: 'SECOND_STEP_DONE', user: aUser }],
    'xstate.done.actor.login': [
      { type: 'xstate.done.actor.login', output: { user: aUser } },
      { type: 'xstate.done.actor.login', output: { secondStep: SECOND_STEP } },
    ],
    'xstate.error.actor.login': [
      { type: 'xstate.error.actor.login', error: new Error('Invalid credentials') },
    ],
    'xstate.done.actor.verifySecondStep': [
      { type: 'xstate.done.actor.verifySecondStep', output: aUser },
    ],
    'xstate.error.actor.verifySecondStep': [
      {
        type: 'xstate.error.actor.verifySecondStep',
        error: new Error(SECOND_STEP_MESSAGES.wrongCode),
      },
      {
        type: 'xstate.error.actor.verifySecondStep',
        error: new Error(SECOND_STEP_MESSAGES.tooManyAttempts),
      },
      {
        type: 'xstate.error.actor.verifySecondStep',
        error: new Error(SECOND_STEP_MESSAGES.expired),
      },
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
      c.secondStep !== null,
      c.code.trim() !== '',
      c.codeKind,
    ]);
  },
  assert: (s, fakes, { event, emitted }) => {
    const c = s.context as SignInContext;
    const snapshot = s as ReturnType<typeof signInMachine.transition>;
    expect(selectIsBusy(snapshot)).toBe(
      s.matches('submitting') || s.matches({ secondStep: 'verifying' }),
    );
    // The button is enabled exactly when editing with every field non-blank.
    expect(selectCanSubmit(snapshot)).toBe(s.matches('editing') && filled(c));
    expect(selectCanVerify(snapshot)).toBe(
      s.matches({ secondStep: 'entering' }) && c.code.trim() !== '',
    );
    // The second step shows only in its state, with what login answered.
    expect(selectSecondStep(snapshot)).toEqual(s.matches('secondStep') ? SECOND_STEP : null);
    switch (event.type) {
      case 'xstate.done.actor.login':
        if (s.matches('signedIn')) expect(emitted).toEqual([{ type: 'signedIn', user: aUser }]);
        else {
          // Asked for the second step: nothing announced, the authenticator code comes first.
          expect(s.matches({ secondStep: 'entering' })).toBe(true);
          expect(emitted).toEqual([]);
          expect(selectCodeKind(snapshot)).toBe('totp');
          expect(selectCode(snapshot)).toBe('');
        }
        break;
      case 'xstate.error.actor.login':
        // Back to the form with the server's reason, the typed values kept.
        expect(s.matches('editing')).toBe(true);
        expect(selectError(snapshot)).toBe('Invalid credentials');
        expect(emitted).toEqual([{ type: 'signInFailed', message: 'Invalid credentials' }]);
        break;
      case 'xstate.done.actor.verifySecondStep':
      case 'SECOND_STEP_DONE':
        expect(s.matches('signedIn')).toBe(true);
        expect(emitted).toEqual([{ type: 'signedIn', user: aUser }]);
        break;
      case 'xstate.error.actor.verifySecondStep': {
        const message = (event.error as Error).message;
        expect(emitted).toEqual([{ type: 'secondStepFailed', message }]);
        expect(selectError(snapshot)).toBe(message);
        expect(selectCode(snapshot)).toBe('');
        // A wrong code lets the user try again; a ticket that is over starts the sign-in over.
        expect(s.matches('editing')).toBe(OVER.includes(message));
        expect(s.matches({ secondStep: 'entering' })).toBe(!OVER.includes(message));
        break;
      }
      case 'USE_RECOVERY_CODE':
      case 'USE_AUTHENTICATOR':
        expect(selectCodeKind(snapshot)).toBe(
          event.type === 'USE_RECOVERY_CODE' ? 'recovery' : 'totp',
        );
        expect(selectCode(snapshot)).toBe('');
        expect(emitted).toEqual([]);
        break;
      case 'CANCEL':
        expect(s.matches('editing')).toBe(true);
        expect(c.secondStep).toBeNull();
        expect(filled(c)).toBe(true);
        expect(emitted).toEqual([]);
        break;
      case 'SUBMIT':
        // A new attempt hides the previous failure.
        if (selectIsBusy(snapshot)) expect(selectError(snapshot)).toBeNull();
        expect(emitted).toEqual([]);
        break;
      default:
        expect(emitted).toEqual([]);
    }
    if (s.matches('submitting')) {
      expect(filled(c)).toBe(true);
      // The request carries trimmed names and the password exactly as typed.
      expect(fakes.lastInput('login')).toEqual({
        userName: c.userName.trim(),
        email: c.email.trim(),
        password: c.password,
      });
    }
    if (s.matches({ secondStep: 'verifying' })) {
      expect(fakes.lastInput('verifySecondStep')).toEqual({ ticket: TICKET, code: '123456' });
    }
    // The second step is reached only through a right password: the fields stay filled.
    if (s.matches('secondStep')) expect(filled(c)).toBe(true);
    if (s.matches('signedIn')) expect(s.status).toBe('done');
    // A submit with a blank field never sends a request, nor a blank code.
    for (const call of fakes.callsOf('login')) {
      expect(filled(call.input as SignInContext)).toBe(true);
    }
    for (const call of fakes.callsOf('verifySecondStep')) {
      expect((call.input as { code: string }).code).not.toBe('');
    }
  },
};
