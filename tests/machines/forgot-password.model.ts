import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  FORGOT_PASSWORD_FAILED,
  forgotPasswordMachine,
  selectEmail,
  selectError,
  selectIsSending,
  selectIsSent,
  type ForgotPasswordSnapshot,
} from '../../machines/forgot-password.machine.js';
import type { Model } from '../support/model.js';
import { apiError } from './fixtures.js';

const GOOD = ' Alice@Example.com ';
const BAD = 'not an address';

export const model: Model<typeof forgotPasswordMachine> = {
  name: 'forgot password form',
  machine: forgotPasswordMachine,
  meaning: {
    editing: 'the address field and Send link; a refused address or a failed send says why',
    sending: 'one request with the trimmed address; the button is busy',
    sent: 'the same "if an account uses this address" text for every address',
  },
  promiseActors: ['requestPasswordReset'],
  events: {
    FIELD_CHANGED: [
      { type: 'FIELD_CHANGED', value: GOOD },
      { type: 'FIELD_CHANGED', value: BAD },
    ],
    'xstate.error.actor.requestPasswordReset': [
      { type: 'xstate.error.actor.requestPasswordReset', error: apiError('Network down') },
      { type: 'xstate.error.actor.requestPasswordReset', error: {} },
    ],
  },
  assert: (snapshot: AnyMachineSnapshot, fakes, step) => {
    const s = snapshot as ForgotPasswordSnapshot;
    expect(selectIsSending(s)).toBe(s.matches('sending'));
    expect(selectIsSent(s)).toBe(s.matches('sent'));
    if (s.matches('sending')) {
      expect(fakes.lastInput('requestPasswordReset')).toEqual({ email: selectEmail(s).trim() });
      expect(selectEmail(s)).toBe(GOOD);
    }
    if (step.event.type === 'SUBMIT' && s.matches('editing')) {
      expect(selectError(s)).toMatch(/email/i);
    }
    if (step.event.type === 'FIELD_CHANGED') expect(selectError(s)).toBeNull();
    if (step.event.type.startsWith('xstate.error')) {
      expect(['Network down', FORGOT_PASSWORD_FAILED]).toContain(selectError(s));
    }
  },
};
