import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  CONFIRM_FAILED,
  confirmEmailMachine,
  selectConfirmError,
  selectConfirmedEmail,
  selectIsConfirming,
  type ConfirmEmailSnapshot,
} from '../../machines/confirm-email.machine.js';
import type { Model } from '../support/model.js';
import { apiError } from './fixtures.js';

const BAD_LINK = 'token: This confirmation link is not valid';

const TOKEN = 'a-token';

export const model: Model<typeof confirmEmailMachine> = {
  name: 'confirm email page',
  machine: confirmEmailMachine,
  meaning: {
    opening: '"Confirming…": the page reads the token from its link',
    confirming: 'one request with the token; "Confirming…"',
    confirmed: 'the confirmed address is shown; the session hears of it',
    failed: 'why the link did not work, and what to do',
  },
  promiseActors: ['confirmEmail'],
  events: {
    OPEN: [
      { type: 'OPEN', token: TOKEN },
      { type: 'OPEN', token: '' },
    ],
    'xstate.done.actor.confirmEmail': [
      { type: 'xstate.done.actor.confirmEmail', output: { email: 'new@example.com' } },
    ],
    'xstate.error.actor.confirmEmail': [
      { type: 'xstate.error.actor.confirmEmail', error: apiError(BAD_LINK) },
      { type: 'xstate.error.actor.confirmEmail', error: {} },
    ],
  },
  assert: (snapshot: AnyMachineSnapshot, fakes, step) => {
    const s = snapshot as ConfirmEmailSnapshot;
    expect(selectIsConfirming(s)).toBe(s.matches('opening') || s.matches('confirming'));
    if (s.matches('confirming')) expect(fakes.lastInput('confirmEmail')).toEqual({ token: TOKEN });
    if (s.matches('confirmed')) {
      expect(selectConfirmedEmail(s)).toBe('new@example.com');
      expect(step.emitted).toEqual([{ type: 'confirmed', email: 'new@example.com' }]);
    }
    if (s.matches('failed')) {
      expect(['This confirmation link is not valid', CONFIRM_FAILED]).toContain(
        selectConfirmError(s),
      );
      if (step.event.type === 'OPEN') expect(selectConfirmError(s)).toBe(CONFIRM_FAILED);
    }
  },
};
