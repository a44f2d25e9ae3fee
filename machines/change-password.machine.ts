/**
 * Settings → Change Password (spec §2 "Settings", §5, §8): old, new and confirmation, all
 * required, new must equal confirmation; Cancel asks for confirmation before clearing.
 *
 * States: editing → saving → editing; editing —CANCEL→ confirmingCancel —CONFIRM|DISMISS→ editing.
 *
 * Events:
 *   FIELD_CHANGED {field, value}  typing in oldPassword, newPassword or confirmPassword
 *   SUBMIT                        Save: all three non-blank, else `error` = MESSAGES.allFieldsRequired;
 *                                 new === confirmation, else `error` = MESSAGES.newPasswordMismatch;
 *                                 a refusal is also emitted as `invalid` (the spec toasts it)
 *   CANCEL                        Cancel: asks MESSAGES.cancelConfirm
 *   CONFIRM                       yes, cancel: the three fields are cleared
 *   DISMISS                       no, keep editing
 * Emitted:
 *   invalid {message}             → view toasts message
 *   saved                         → view toasts MESSAGES.passwordChanged (the fields are already cleared)
 *   saveFailed {reason}           → view toasts MESSAGES.passwordChangeFailed (fields kept)
 * Actor (provided by src/): changePassword ({oldPassword, newPassword} → void).
 * Selectors: selectFields, selectError, selectShowsMismatch (inline MESSAGES.passwordsDontMatch),
 * selectIsSaving, selectIsConfirmingCancel.
 */
import { and, assertEvent, assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { MESSAGES } from './messages.js';
import { confirmingCancelState, type SettingsFormEvent } from './settings-form.js';
import { allFilled, errorMessage } from './validation.js';

export interface PasswordFields {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordField = keyof PasswordFields;

export interface ChangePasswordContext extends PasswordFields {
  /** The validation text of the last refused submit; null when none. */
  error: string | null;
}

export interface ChangePasswordInput {
  oldPassword: string;
  newPassword: string;
}

/** CONFIRM (after Cancel) clears the three fields. */
export type ChangePasswordEvent = SettingsFormEvent<PasswordField>;

export type ChangePasswordEmitted =
  { type: 'invalid'; message: string } | { type: 'saved' } | { type: 'saveFailed'; reason: string };

const emptyFields: PasswordFields = { oldPassword: '', newPassword: '', confirmPassword: '' };

function allThreeFilled(c: PasswordFields): boolean {
  return allFilled([c.oldPassword, c.newPassword, c.confirmPassword]);
}

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    emitted: {} as ChangePasswordEmitted,
  },
  actors: {
    changePassword: fromPromise<void, ChangePasswordInput>(() => {
      throw new Error('changePassword actor not provided');
    }),
  },
  guards: {
    allThreeFilled: ({ context }) => allThreeFilled(context),
    confirmationMatches: ({ context }) => context.newPassword === context.confirmPassword,
  },
  actions: {
    setField: assign(({ event }) => {
      assertEvent(event, 'FIELD_CHANGED');
      return { [event.field]: event.value, error: null };
    }),
    clearFields: assign({ ...emptyFields, error: null }),
    refuse: assign({ error: (_, message: string) => message }),
    announceInvalid: emit((_, message: string) => ({ type: 'invalid' as const, message })),
    announceSaved: emit({ type: 'saved' as const }),
    announceFailed: emit((_, reason: string) => ({ type: 'saveFailed' as const, reason })),
  },
}).createMachine({
  id: 'changePassword',
  context: { ...emptyFields, error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        FIELD_CHANGED: { actions: 'setField' },
        SUBMIT: [
          { guard: and(['allThreeFilled', 'confirmationMatches']), target: 'saving' },
          {
            guard: 'allThreeFilled',
            actions: [
              { type: 'refuse', params: MESSAGES.newPasswordMismatch },
              { type: 'announceInvalid', params: MESSAGES.newPasswordMismatch },
            ],
          },
          {
            actions: [
              { type: 'refuse', params: MESSAGES.allFieldsRequired },
              { type: 'announceInvalid', params: MESSAGES.allFieldsRequired },
            ],
          },
        ],
        CANCEL: 'confirmingCancel',
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        // Passwords are sent exactly as typed.
        input: ({ context }) => ({
          oldPassword: context.oldPassword,
          newPassword: context.newPassword,
        }),
        onDone: { target: 'editing', actions: ['clearFields', 'announceSaved'] },
        onError: {
          target: 'editing',
          actions: {
            type: 'announceFailed',
            params: ({ event }) => errorMessage(event.error, MESSAGES.passwordChangeFailed),
          },
        },
      },
    },
    confirmingCancel: confirmingCancelState('clearFields'),
  },
});

type ChangePasswordSnapshot = SnapshotFrom<typeof changePasswordMachine>;

/** Selectors the views use. */
export const selectFields = (s: ChangePasswordSnapshot): PasswordFields => ({
  oldPassword: s.context.oldPassword,
  newPassword: s.context.newPassword,
  confirmPassword: s.context.confirmPassword,
});
/** The inline 'Passwords don't match': a confirmation is typed and differs from the new one. */
export const selectShowsMismatch = (s: ChangePasswordSnapshot) =>
  s.context.confirmPassword !== '' && s.context.confirmPassword !== s.context.newPassword;
export { selectError, selectIsConfirmingCancel, selectIsSaving } from './settings-form.js';
