import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { MESSAGES } from '../../machines/messages.js';
import {
  personalInfoMachine,
  selectError,
  selectFieldErrors,
  selectFields,
  selectIsConfirmingCancel,
  selectIsDirty,
  selectIsSaving,
  type AccountDetails,
} from '../../machines/personal-info.machine.js';
import type { Model } from '../support/model.js';
import { apiError, aUser, aUserUpdated } from './fixtures.js';

type Snapshot = ReturnType<typeof personalInfoMachine.transition>;

const initial: AccountDetails = { fullName: aUser.fullName, email: aUser.email };
const saved: AccountDetails = { fullName: aUserUpdated.fullName, email: aUserUpdated.email };
const BAD_EMAIL = 'not-an-email';
const EMAIL_RULE = 'Enter a valid email address, like name@example.com';
const EMAIL_TAKEN = 'email: An account with this email already exists';
const NO_FIELD = 'Network error: check your connection';

export const model: Model<typeof personalInfoMachine> = {
  name: 'personal information form',
  machine: personalInfoMachine,
  // What each state means to a tester: what `assert` checks there (shown by `npm run paths`).
  meaning: {
    editing:
      'fields show what was typed; Save refused while a field is blank, or with the reason beside the email',
    saving: 'busy; trimmed full name and email sent',
    confirmingCancel: 'asks whether to throw the edits away; fields unchanged',
  },
  input: initial,
  promiseActors: ['updateAccountDetails'],
  events: {
    FIELD_CHANGED: [
      { type: 'FIELD_CHANGED', field: 'fullName', value: ` ${aUserUpdated.fullName} ` },
      { type: 'FIELD_CHANGED', field: 'email', value: aUserUpdated.email },
      { type: 'FIELD_CHANGED', field: 'fullName', value: '  ' },
      { type: 'FIELD_CHANGED', field: 'email', value: '' },
      { type: 'FIELD_CHANGED', field: 'email', value: BAD_EMAIL },
    ],
    'xstate.done.actor.updateAccountDetails': [
      // The server answers with the user as now stored.
      { type: 'xstate.done.actor.updateAccountDetails', output: aUserUpdated },
    ],
    'xstate.error.actor.updateAccountDetails': [
      { type: 'xstate.error.actor.updateAccountDetails', error: apiError(EMAIL_TAKEN) },
      { type: 'xstate.error.actor.updateAccountDetails', error: apiError(NO_FIELD) },
    ],
  },
  // For the chart a field is blank or not, and the form differs from the saved values or not.
  serialize: (snapshot: AnyMachineSnapshot) => {
    const c = (snapshot as Snapshot).context;
    return JSON.stringify([
      snapshot.value,
      c.fullName.trim() === '',
      c.email.trim() === '',
      c.fullName !== c.initial.fullName || c.email !== c.initial.email,
      c.email === BAD_EMAIL,
      Object.keys(c.fieldErrors),
      c.error !== null,
    ]);
  },
  assert: (snapshot, fakes, { event, previous, emitted }) => {
    const s = snapshot as Snapshot;
    const before = previous as Snapshot | undefined;
    const fields = selectFields(s);

    expect(selectIsSaving(s)).toBe(s.matches('saving'));
    expect(selectIsConfirmingCancel(s)).toBe(s.matches('confirmingCancel'));
    expect(selectIsDirty(s)).toBe(
      fields.fullName !== s.context.initial.fullName || fields.email !== s.context.initial.email,
    );

    switch (event.type) {
      case 'xstate.init':
        // Starts with the current user's values, nothing to save.
        expect(fields).toEqual(initial);
        expect(selectIsDirty(s)).toBe(false);
        expect(selectError(s)).toBeNull();
        expect(selectFieldErrors(s)).toEqual({});
        break;
      case 'FIELD_CHANGED':
        expect(fields[event.field as keyof AccountDetails]).toBe(event.value);
        // Typing clears a shown validation text, and the problem beside that field.
        expect(selectError(s)).toBeNull();
        expect(selectFieldErrors(s)[event.field as keyof AccountDetails]).toBeUndefined();
        break;
      case 'SUBMIT': {
        const prior = selectFields(before!);
        const complete = prior.fullName.trim() !== '' && prior.email.trim() !== '';
        if (complete && prior.email === BAD_EMAIL) {
          // Said beside the email, and toasted; nothing sent.
          expect(s.matches('editing')).toBe(true);
          expect(selectFieldErrors(s)).toEqual({ email: EMAIL_RULE });
          expect(emitted).toEqual([{ type: 'invalid', message: EMAIL_RULE }]);
        } else if (complete) {
          expect(s.matches('saving')).toBe(true);
          // Sent trimmed.
          expect(fakes.lastInput('updateAccountDetails')).toEqual({
            fullName: prior.fullName.trim(),
            email: prior.email.trim(),
          });
          expect(emitted).toEqual([]);
        } else {
          expect(s.matches('editing')).toBe(true);
          expect(selectError(s)).toBe(MESSAGES.bothFieldsRequired);
          expect(emitted).toEqual([{ type: 'invalid', message: 'Both fields are required' }]);
          expect(fields).toEqual(prior);
        }
        break;
      }
      case 'xstate.done.actor.updateAccountDetails':
        // The saved values are shown and become what Cancel goes back to.
        expect(fields).toEqual(saved);
        expect(s.context.initial).toEqual(saved);
        expect(selectIsDirty(s)).toBe(false);
        expect(emitted).toEqual([{ type: 'saved', user: aUserUpdated }]);
        break;
      case 'xstate.error.actor.updateAccountDetails': {
        // What the user typed stays for another try, with the reason beside the field it names.
        expect(fields).toEqual(selectFields(before!));
        const message = (event.error as Error).message;
        const taken = 'An account with this email already exists';
        if (message === EMAIL_TAKEN) {
          expect(selectFieldErrors(s)).toEqual({ email: taken });
          expect(selectError(s)).toBeNull();
          expect(emitted).toEqual([{ type: 'saveFailed', reason: taken }]);
        } else {
          expect(selectFieldErrors(s)).toEqual({});
          expect(selectError(s)).toBe(NO_FIELD);
          expect(emitted).toEqual([{ type: 'saveFailed', reason: NO_FIELD }]);
        }
        break;
      }
      case 'CANCEL':
      case 'DISMISS':
        // Asking (or declining) changes nothing.
        expect(fields).toEqual(selectFields(before!));
        break;
      case 'CONFIRM':
        expect(fields).toEqual({
          fullName: before!.context.initial.fullName,
          email: before!.context.initial.email,
        });
        expect(selectIsDirty(s)).toBe(false);
        expect(selectError(s)).toBeNull();
        expect(selectFieldErrors(s)).toEqual({});
        break;
    }
    if (event.type !== 'SUBMIT' && !event.type.startsWith('xstate.')) {
      expect(emitted).toEqual([]);
    }
    // Never a request with a blank field.
    for (const call of fakes.callsOf('updateAccountDetails')) {
      const input = call.input as AccountDetails;
      expect(input.fullName).not.toBe('');
      expect(input.email).not.toBe('');
      expect(input.email).not.toBe(BAD_EMAIL);
    }
  },
};
