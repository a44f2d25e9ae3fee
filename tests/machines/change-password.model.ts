import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  changePasswordMachine,
  selectError,
  selectFields,
  selectIsConfirmingCancel,
  selectIsSaving,
  selectShowsMismatch,
  type PasswordFields,
} from '../../machines/change-password.machine.js';
import type { Model } from '../support/model.js';
import { apiError } from './fixtures.js';

type Snapshot = ReturnType<typeof changePasswordMachine.transition>;

const empty: PasswordFields = { oldPassword: '', newPassword: '', confirmPassword: '' };
const isBlank = (v: string) => v.trim() === '';

export const model: Model<typeof changePasswordMachine> = {
  name: 'change password form',
  machine: changePasswordMachine,
  // What each state means to a tester: what `assert` checks there (shown by `npm run paths`).
  meaning: {
    editing:
      'fields show what was typed; Save refused with a reason while a field is blank or the confirmation differs',
    saving: 'busy; exactly the old and new password sent, confirmation not sent',
    confirmingCancel: 'asks whether to throw the edits away; fields unchanged',
  },
  promiseActors: ['changePassword'],
  events: {
    FIELD_CHANGED: [
      { type: 'FIELD_CHANGED', field: 'oldPassword', value: 'old secret' },
      { type: 'FIELD_CHANGED', field: 'newPassword', value: ' new secret ' },
      { type: 'FIELD_CHANGED', field: 'confirmPassword', value: ' new secret ' },
      { type: 'FIELD_CHANGED', field: 'confirmPassword', value: 'new secret' },
    ],
    'xstate.done.actor.changePassword': [
      { type: 'xstate.done.actor.changePassword', output: undefined },
    ],
    'xstate.error.actor.changePassword': [
      { type: 'xstate.error.actor.changePassword', error: apiError('Old password is incorrect') },
    ],
  },
  // For the chart: which fields are filled, and whether the confirmation equals the new one.
  serialize: (snapshot: AnyMachineSnapshot) => {
    const c = (snapshot as Snapshot).context;
    return JSON.stringify([
      snapshot.value,
      isBlank(c.oldPassword),
      isBlank(c.newPassword),
      isBlank(c.confirmPassword),
      c.newPassword === c.confirmPassword,
    ]);
  },
  assert: (snapshot, fakes, { event, previous, emitted }) => {
    const s = snapshot as Snapshot;
    const before = previous as Snapshot | undefined;
    const fields = selectFields(s);

    expect(selectIsSaving(s)).toBe(s.matches('saving'));
    expect(selectIsConfirmingCancel(s)).toBe(s.matches('confirmingCancel'));
    // The inline 'Passwords don't match' shows only once a confirmation is typed and differs.
    expect(selectShowsMismatch(s)).toBe(
      fields.confirmPassword !== '' && fields.confirmPassword !== fields.newPassword,
    );

    switch (event.type) {
      case 'xstate.init':
        expect(fields).toEqual(empty);
        expect(selectError(s)).toBeNull();
        break;
      case 'FIELD_CHANGED':
        expect(fields[event.field as keyof PasswordFields]).toBe(event.value);
        expect(selectError(s)).toBeNull();
        break;
      case 'SUBMIT': {
        const prior = selectFields(before!);
        const complete = [prior.oldPassword, prior.newPassword, prior.confirmPassword].every(
          (v) => !isBlank(v),
        );
        const expectedError = !complete
          ? 'All fields are required'
          : prior.newPassword !== prior.confirmPassword
            ? "New password and confirmation don't match"
            : null;
        if (expectedError === null) {
          expect(s.matches('saving')).toBe(true);
          // Passwords go exactly as typed; the confirmation is not sent.
          expect(fakes.lastInput('changePassword')).toEqual({
            oldPassword: prior.oldPassword,
            newPassword: prior.newPassword,
          });
          expect(emitted).toEqual([]);
        } else {
          expect(s.matches('editing')).toBe(true);
          expect(selectError(s)).toBe(expectedError);
          expect(emitted).toEqual([{ type: 'invalid', message: expectedError }]);
          expect(fields).toEqual(prior);
        }
        break;
      }
      case 'xstate.done.actor.changePassword':
        // Success clears the form.
        expect(fields).toEqual(empty);
        expect(emitted).toEqual([{ type: 'saved' }]);
        break;
      case 'xstate.error.actor.changePassword':
        expect(fields).toEqual(selectFields(before!));
        expect(emitted).toEqual([{ type: 'saveFailed', reason: 'Old password is incorrect' }]);
        break;
      case 'CANCEL':
      case 'DISMISS':
        expect(fields).toEqual(selectFields(before!));
        break;
      case 'CONFIRM':
        expect(fields).toEqual(empty);
        expect(selectError(s)).toBeNull();
        break;
    }
    if (event.type !== 'SUBMIT' && !event.type.startsWith('xstate.')) {
      expect(emitted).toEqual([]);
    }
    // Never a request that the form should have refused.
    for (const call of fakes.callsOf('changePassword')) {
      const input = call.input as { oldPassword: string; newPassword: string };
      expect(isBlank(input.oldPassword) || isBlank(input.newPassword)).toBe(false);
    }
  },
};
