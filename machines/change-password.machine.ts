/**
 * Settings → Change Password (spec §2 "Settings", §5, §8): old, new and confirmation, all
 * required, new must equal confirmation; Cancel asks for confirmation before clearing.
 *
 * States: editing → saving → editing; editing —CANCEL→ confirmingCancel —CONFIRM|DISMISS→ editing.
 *
 * Events:
 *   FIELD_CHANGED {field, value}  typing in oldPassword, newPassword or confirmPassword; that
 *                                 field's problem goes away
 *   SUBMIT                        Save: all three non-blank, else `error` = MESSAGES.allFieldsRequired;
 *                                 new === confirmation, else `error` = MESSAGES.newPasswordMismatch;
 *                                 a refusal is also emitted as `invalid` (the spec toasts it). Then
 *                                 (issue 22) the new password must keep the contract's rules and
 *                                 differ from the current one, else the reason shows beside it
 *                                 and is emitted as `invalid`
 *   SIGN_OUT_OTHERS_CHANGED {value}  the "Sign out of all other devices" checkbox (issue 32;
 *                                 ticked at first and after each save: sent as signOutOthers)
 *   CANCEL                        Cancel: asks MESSAGES.cancelConfirm
 *   CONFIRM                       yes, cancel: the three fields are cleared
 *   DISMISS                       no, keep editing
 * Emitted:
 *   invalid {message}             → view toasts message
 *   saved                         → view toasts MESSAGES.passwordChanged (the fields are already cleared)
 *   saveFailed {reason}           → view toasts MESSAGES.passwordChangeFailed (fields kept); the
 *                                   server's refusal of a field ("The current password is not
 *                                   correct") shows beside it, any other in `error`
 * Actor (provided by src/): changePassword ({oldPassword, newPassword, signOutOthers} → void).
 * Selectors: selectSignOutOthers, selectFields, selectError, selectFieldErrors, selectShowsMismatch (inline
 * MESSAGES.passwordsDontMatch), selectIsSaving, selectIsConfirmingCancel.
 */
import { and, assertEvent, assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { FIELD_SENTENCES } from '../contract/field-messages.js';
import { TEXT_RULES } from '../contract/field-rules.js';
import { MESSAGES } from './messages.js';
import {
  confirmingCancelState,
  failedSaveActions,
  refusalOf,
  ruleErrors,
  withoutField,
  type FieldErrors,
  type SettingsFormEvent,
} from './settings-form.js';
import { allFilled } from './validation.js';

export interface PasswordFields {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordField = keyof PasswordFields;

export interface ChangePasswordContext extends PasswordFields {
  /** The validation text of the last refused submit, or a failure that names no field. */
  error: string | null;
  fieldErrors: FieldErrors<PasswordField>;
  /** Whether the other devices are signed out with the change (issue 32). */
  signOutOthers: boolean;
}

export interface ChangePasswordInput {
  oldPassword: string;
  newPassword: string;
  signOutOthers: boolean;
}

/** CONFIRM (after Cancel) clears the three fields. */
export type ChangePasswordEvent =
  | SettingsFormEvent<PasswordField>
  /** The "Sign out of all other devices" checkbox was ticked or unticked. */
  | { type: 'SIGN_OUT_OTHERS_CHANGED'; value: boolean };

export type ChangePasswordEmitted =
  { type: 'invalid'; message: string } | { type: 'saved' } | { type: 'saveFailed'; reason: string };

const emptyFields: PasswordFields = { oldPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS: readonly PasswordField[] = ['oldPassword', 'newPassword', 'confirmPassword'];

function allThreeFilled(c: PasswordFields): boolean {
  return allFilled([c.oldPassword, c.newPassword, c.confirmPassword]);
}

/** What is wrong with the new password itself (sent exactly as typed); null when nothing. */
function newPasswordProblem(c: PasswordFields): string | null {
  const broken = ruleErrors({ newPassword: c.newPassword }, { newPassword: TEXT_RULES.password });
  if (broken.newPassword !== undefined) return broken.newPassword;
  // The server refuses it too; said here before anything is sent.
  return c.newPassword === c.oldPassword ? FIELD_SENTENCES.samePassword : null;
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
    newPasswordFine: ({ context }) => newPasswordProblem(context) === null,
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'FIELD_CHANGED');
      return {
        [event.field]: event.value,
        error: null,
        fieldErrors: withoutField(context.fieldErrors, event.field),
      };
    }),
    clearFields: assign({ ...emptyFields, error: null, fieldErrors: {}, signOutOthers: true }),
    setSignOutOthers: assign(({ event }) => {
      assertEvent(event, 'SIGN_OUT_OTHERS_CHANGED');
      return { signOutOthers: event.value };
    }),
    refuse: assign({ error: (_, message: string) => message }),
    refuseNewPassword: assign({
      fieldErrors: ({ context }) => ({ newPassword: newPasswordProblem(context) ?? '' }),
    }),
    announceNewPasswordProblem: emit(({ context }) => ({
      type: 'invalid' as const,
      message: newPasswordProblem(context) ?? '',
    })),
    rememberRefusal: assign((_, error: unknown) =>
      refusalOf(error, FIELDS, MESSAGES.passwordChangeFailed),
    ),
    announceInvalid: emit((_, message: string) => ({ type: 'invalid' as const, message })),
    announceSaved: emit({ type: 'saved' as const }),
    announceFailed: emit((_, reason: string) => ({ type: 'saveFailed' as const, reason })),
  },
}).createMachine({
  id: 'changePassword',
  context: { ...emptyFields, error: null, fieldErrors: {}, signOutOthers: true },
  initial: 'editing',
  states: {
    editing: {
      on: {
        FIELD_CHANGED: { actions: 'setField' },
        SIGN_OUT_OTHERS_CHANGED: { actions: 'setSignOutOthers' },
        SUBMIT: [
          {
            guard: and(['allThreeFilled', 'confirmationMatches', 'newPasswordFine']),
            target: 'saving',
          },
          {
            guard: and(['allThreeFilled', 'confirmationMatches']),
            actions: ['refuseNewPassword', 'announceNewPasswordProblem'],
          },
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
          signOutOthers: context.signOutOthers,
        }),
        onDone: { target: 'editing', actions: ['clearFields', 'announceSaved'] },
        onError: {
          target: 'editing',
          actions: failedSaveActions(MESSAGES.passwordChangeFailed),
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
export const selectSignOutOthers = (s: ChangePasswordSnapshot) => s.context.signOutOthers;
/** The inline 'Passwords don't match': a confirmation is typed and differs from the new one. */
export const selectShowsMismatch = (s: ChangePasswordSnapshot) =>
  s.context.confirmPassword !== '' && s.context.confirmPassword !== s.context.newPassword;
export {
  selectError,
  selectFieldErrors,
  selectIsConfirmingCancel,
  selectIsSaving,
} from './settings-form.js';
