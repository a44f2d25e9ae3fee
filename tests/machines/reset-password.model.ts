import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  RESET_FAILED,
  resetPasswordMachine,
  selectError,
  selectFields,
  selectHasNoLink,
  selectIsDone,
  selectIsSaving,
  type ResetPasswordSnapshot,
} from '../../machines/reset-password.machine.js';
import { MESSAGES } from '../../machines/messages.js';
import type { Model } from '../support/model.js';
import { apiError } from './fixtures.js';

const GOOD = 'a long new password';
const BAD_LINK = 'token: This password reset link is not valid';

const TOKEN = 'a-token';

export const model: Model<typeof resetPasswordMachine> = {
  name: 'reset password form',
  machine: resetPasswordMachine,
  meaning: {
    opening: 'nothing yet: the page reads the token from its link',
    noLink: 'the link holds no token: "ask for a new link" and no form',
    editing: 'two password fields and Set password; a refusal says why',
    saving: 'one request with the token and the password',
    done: 'the new password is set: "sign in" is offered',
  },
  promiseActors: ['resetPassword'],
  events: (snapshot) => {
    const { password } = selectFields(snapshot as ResetPasswordSnapshot);
    return {
      OPEN: [
        { type: 'OPEN', token: TOKEN },
        { type: 'OPEN', token: '' },
      ],
      FIELD_CHANGED:
        password === ''
          ? [
              { type: 'FIELD_CHANGED', field: 'password', value: GOOD },
              { type: 'FIELD_CHANGED', field: 'password', value: 'short' },
            ]
          : [
              { type: 'FIELD_CHANGED', field: 'confirmPassword', value: GOOD },
              { type: 'FIELD_CHANGED', field: 'confirmPassword', value: 'other one here' },
            ],
      'xstate.error.actor.resetPassword': [
        { type: 'xstate.error.actor.resetPassword', error: apiError(BAD_LINK) },
        { type: 'xstate.error.actor.resetPassword', error: {} },
      ],
    };
  },
  assert: (snapshot: AnyMachineSnapshot, fakes, step) => {
    const s = snapshot as ResetPasswordSnapshot;
    const f = selectFields(s);
    expect(selectHasNoLink(s)).toBe(s.matches('noLink'));
    if (!s.matches('opening') && !s.matches('noLink')) expect(s.context.token).toBe(TOKEN);
    expect(selectIsSaving(s)).toBe(s.matches('saving'));
    expect(selectIsDone(s)).toBe(s.matches('done'));
    if (s.matches('saving')) {
      expect(fakes.lastInput('resetPassword')).toEqual({ token: TOKEN, password: GOOD });
      expect(f).toEqual({ password: GOOD, confirmPassword: GOOD });
    }
    if (step.event.type === 'SUBMIT' && s.matches('editing')) {
      const expected =
        f.password === '' || f.confirmPassword === ''
          ? MESSAGES.allFieldsRequired
          : f.password === 'short'
            ? 'New password must be at least 8 characters'
            : MESSAGES.newPasswordMismatch;
      expect(selectError(s)).toBe(expected);
    }
    if (step.event.type.startsWith('xstate.error')) {
      expect(['This password reset link is not valid', RESET_FAILED]).toContain(selectError(s));
    }
  },
};
