import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  changePasswordMachine,
  selectError,
  selectFieldErrors,
  selectFields,
  selectIsConfirmingCancel,
  selectIsSaving,
  selectShowsMismatch,
  selectSignOutOthers,
  type PasswordFields,
} from '../../machines/change-password.machine.js';
import type { Model } from '../support/model.js';
import { apiError } from './fixtures.js';

type Snapshot = ReturnType<typeof changePasswordMachine.transition>;

const empty: PasswordFields = { oldPassword: '', newPassword: '', confirmPassword: '' };
const isBlank = (v: string) => v.trim() === '';

const OLD = 'old secret';
/** The new passwords a person tries: a good one, one too short, the current one again. */
const NEW = { good: ' new secret ', short: 'short', same: OLD };
const SAME = 'The new password must be different from the current one';
const SHORT = 'New password must be at least 8 characters';
const WRONG_OLD = 'oldPassword: The current password is not correct';
const NO_FIELD = 'Too many requests, please try again later';

/** What the form says about the new password on Save; null when nothing. */
function newPasswordProblem(c: PasswordFields): string | null {
  if (c.newPassword === NEW.short) return SHORT;
  return c.newPassword === c.oldPassword ? SAME : null;
}

export const model: Model<typeof changePasswordMachine> = {
  name: 'change password form',
  machine: changePasswordMachine,
  // What each state means to a tester: what `assert` checks there (shown by `npm run paths`).
  meaning: {
    editing:
      'fields show what was typed; Save refused with a reason while a field is blank or the confirmation differs',
    saving:
      'busy; exactly the old and new password sent, confirmation not sent; never a short or unchanged password',
    confirmingCancel: 'asks whether to throw the edits away; fields unchanged',
  },
  promiseActors: ['changePassword'],
  // The confirmation either repeats the new password or differs from it.
  events: (snapshot: AnyMachineSnapshot) => ({
    FIELD_CHANGED: [
      { type: 'FIELD_CHANGED', field: 'oldPassword', value: OLD },
      ...Object.values(NEW).map((value) => ({
        type: 'FIELD_CHANGED',
        field: 'newPassword',
        value,
      })),
      {
        type: 'FIELD_CHANGED',
        field: 'confirmPassword',
        value: (snapshot as Snapshot).context.newPassword || NEW.good,
      },
      { type: 'FIELD_CHANGED', field: 'confirmPassword', value: 'new secret' },
    ],
    SIGN_OUT_OTHERS_CHANGED: [
      { type: 'SIGN_OUT_OTHERS_CHANGED', value: false },
      { type: 'SIGN_OUT_OTHERS_CHANGED', value: true },
    ],
    'xstate.done.actor.changePassword': [
      { type: 'xstate.done.actor.changePassword', output: undefined },
    ],
    'xstate.error.actor.changePassword': [
      { type: 'xstate.error.actor.changePassword', error: apiError(WRONG_OLD) },
      { type: 'xstate.error.actor.changePassword', error: apiError(NO_FIELD) },
    ],
  }),
  // For the chart: which fields are filled, what the new password is like, whether the
  // confirmation equals it, and which problems show.
  serialize: (snapshot: AnyMachineSnapshot) => {
    const c = (snapshot as Snapshot).context;
    return JSON.stringify([
      snapshot.value,
      isBlank(c.oldPassword),
      isBlank(c.newPassword) ? 'blank' : newPasswordProblem(c),
      isBlank(c.confirmPassword),
      c.newPassword === c.confirmPassword,
      Object.keys(c.fieldErrors).sort(),
      c.error !== null,
      c.signOutOthers,
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
        // Issue 32: ticked by default, as the password change always did.
        expect(selectSignOutOthers(s)).toBe(true);
        expect(selectError(s)).toBeNull();
        expect(selectFieldErrors(s)).toEqual({});
        break;
      case 'FIELD_CHANGED':
        expect(fields[event.field as keyof PasswordFields]).toBe(event.value);
        expect(selectError(s)).toBeNull();
        // Changing a field takes its problem away; the others' stay.
        expect(selectFieldErrors(s)[event.field as keyof PasswordFields]).toBeUndefined();
        for (const [field, text] of Object.entries(selectFieldErrors(before!))) {
          if (field !== event.field) expect(selectFieldErrors(s)).toHaveProperty(field, text);
        }
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
        const besideNew = complete && expectedError === null ? newPasswordProblem(prior) : null;
        if (besideNew !== null) {
          // Refused beside the New password field, and toasted; nothing sent.
          expect(s.matches('editing')).toBe(true);
          expect(selectFieldErrors(s)).toEqual({ newPassword: besideNew });
          expect(emitted).toEqual([{ type: 'invalid', message: besideNew }]);
          expect(fields).toEqual(prior);
        } else if (expectedError === null) {
          expect(s.matches('saving')).toBe(true);
          // Passwords go exactly as typed; the confirmation is not sent.
          expect(fakes.lastInput('changePassword')).toEqual({
            oldPassword: prior.oldPassword,
            newPassword: prior.newPassword,
            signOutOthers: selectSignOutOthers(before!),
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
      case 'SIGN_OUT_OTHERS_CHANGED':
        expect(selectSignOutOthers(s)).toBe(event.value);
        expect(fields).toEqual(selectFields(before!));
        break;
      case 'xstate.done.actor.changePassword':
        // Success clears the form; the next change offers to sign out the others again.
        expect(fields).toEqual(empty);
        expect(selectSignOutOthers(s)).toBe(true);
        expect(selectFieldErrors(s)).toEqual({});
        expect(emitted).toEqual([{ type: 'saved' }]);
        break;
      case 'xstate.error.actor.changePassword': {
        expect(fields).toEqual(selectFields(before!));
        // The server's refusal of a field shows beside it, in words; any other on the form.
        const message = (event.error as Error).message;
        if (message === WRONG_OLD) {
          expect(selectFieldErrors(s)).toEqual({
            oldPassword: 'The current password is not correct',
          });
          expect(selectError(s)).toBeNull();
          expect(emitted).toEqual([
            { type: 'saveFailed', reason: 'The current password is not correct' },
          ]);
        } else {
          expect(selectFieldErrors(s)).toEqual({});
          expect(selectError(s)).toBe(NO_FIELD);
          expect(emitted).toEqual([{ type: 'saveFailed', reason: NO_FIELD }]);
        }
        break;
      }
      case 'CANCEL':
      case 'DISMISS':
        expect(fields).toEqual(selectFields(before!));
        break;
      case 'CONFIRM':
        expect(fields).toEqual(empty);
        expect(selectError(s)).toBeNull();
        expect(selectFieldErrors(s)).toEqual({});
        break;
    }
    if (event.type !== 'SUBMIT' && !event.type.startsWith('xstate.')) {
      expect(emitted).toEqual([]);
    }
    // Never a request that the form should have refused.
    for (const call of fakes.callsOf('changePassword')) {
      const input = call.input as { oldPassword: string; newPassword: string };
      expect(isBlank(input.oldPassword) || isBlank(input.newPassword)).toBe(false);
      expect(input.newPassword).not.toBe(input.oldPassword);
      expect(input.newPassword.length).toBeGreaterThanOrEqual(8);
    }
  },
};
