/**
 * Settings → Personal Information (spec §2 "Settings", §5, §8): full name and email, both
 * required, saved with update-Account-Details; Cancel asks for confirmation before it throws the
 * edits away. Input: { fullName, email } of the current user (re-create the actor when the
 * signed-in user changes).
 *
 * States: editing → saving → editing; editing —CANCEL→ confirmingCancel —CONFIRM|DISMISS→ editing.
 *
 * Events:
 *   FIELD_CHANGED {field, value}  typing in fullName or email; that field's problem goes away
 *   SUBMIT                        Save: both fields non-blank, else `error` = MESSAGES.bothFieldsRequired
 *                                 and emitted `invalid` (the spec shows it as a toast); then the
 *                                 contract's rules (an email like name@example.com), else each
 *                                 problem beside its field and the first one emitted as `invalid`
 *   CANCEL                        Cancel: asks MESSAGES.cancelConfirm
 *   CONFIRM                       yes, cancel: fields go back to the last saved values
 *   DISMISS                       no, keep editing: nothing changes
 * Emitted:
 *   invalid {message}             → view toasts message (a validation text of the spec)
 *   saved {user}                  → view sends USER_UPDATED {user} to the session and toasts
 *                                   MESSAGES.personalInfoSaved
 *   saveFailed {reason}           → view toasts MESSAGES.personalInfoFailed (reason: the server's);
 *                                   the server's refusal of a field ("An account with this email
 *                                   already exists") shows beside it, any other in `error`
 * Actor (provided by src/): updateAccountDetails ({fullName, email} → User).
 * Selectors: selectFields, selectError, selectFieldErrors, selectIsSaving,
 * selectIsConfirmingCancel, selectIsDirty.
 */
import { and, assertEvent, assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { TEXT_RULES } from '../contract/field-rules.js';
import type { User } from '../contract/shapes.js';
import { MESSAGES } from './messages.js';
import {
  confirmingCancelState,
  failedSaveActions,
  firstProblem,
  refusalOf,
  ruleErrors,
  withoutField,
  type FieldErrors,
  type SettingsFormEvent,
} from './settings-form.js';
import { allFilled } from './validation.js';

export interface AccountDetails {
  fullName: string;
  email: string;
}

export type PersonalInfoField = keyof AccountDetails;

export interface PersonalInfoContext extends AccountDetails {
  /** The last saved values: what Cancel restores. */
  initial: AccountDetails;
  /** The validation text of the last refused submit, or a failure that names no field. */
  error: string | null;
  fieldErrors: FieldErrors<PersonalInfoField>;
}

/** CONFIRM (after Cancel) restores the last saved values. */
export type PersonalInfoEvent = SettingsFormEvent<PersonalInfoField>;

export type PersonalInfoEmitted =
  | { type: 'invalid'; message: string }
  | { type: 'saved'; user: User }
  | { type: 'saveFailed'; reason: string };

const FIELDS: readonly PersonalInfoField[] = ['fullName', 'email'];

function bothFilled(c: AccountDetails): boolean {
  return allFilled([c.fullName, c.email]);
}

/** What is sent: trimmed (the server also lower-cases the email). */
const prepared = (c: AccountDetails): AccountDetails => ({
  fullName: c.fullName.trim(),
  email: c.email.trim(),
});

/** The contract's rules broken by what would be sent. */
const brokenRules = (c: AccountDetails) =>
  ruleErrors(prepared(c), { fullName: TEXT_RULES.fullName, email: TEXT_RULES.email });

export const personalInfoMachine = setup({
  types: {
    input: {} as AccountDetails,
    context: {} as PersonalInfoContext,
    events: {} as PersonalInfoEvent,
    emitted: {} as PersonalInfoEmitted,
  },
  actors: {
    updateAccountDetails: fromPromise<User, AccountDetails>(() => {
      throw new Error('updateAccountDetails actor not provided');
    }),
  },
  guards: {
    bothFilled: ({ context }) => bothFilled(context),
    rulesKept: ({ context }) => Object.keys(brokenRules(context)).length === 0,
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
    refuse: assign({ error: MESSAGES.bothFieldsRequired }),
    announceInvalid: emit({ type: 'invalid' as const, message: MESSAGES.bothFieldsRequired }),
    refuseRules: assign({ fieldErrors: ({ context }) => brokenRules(context) }),
    announceBrokenRule: emit(({ context }) => ({
      type: 'invalid' as const,
      message: firstProblem(brokenRules(context), FIELDS),
    })),
    rememberRefusal: assign((_, error: unknown) =>
      refusalOf(error, FIELDS, MESSAGES.personalInfoFailed),
    ),
    // The saved user is the new baseline (the server may normalise what was typed).
    acceptSaved: assign((_, user: User) => ({
      fullName: user.fullName,
      email: user.email,
      initial: { fullName: user.fullName, email: user.email },
      error: null,
      fieldErrors: {},
    })),
    restoreInitial: assign(({ context }) => ({ ...context.initial, error: null, fieldErrors: {} })),
    announceSaved: emit((_, user: User) => ({ type: 'saved' as const, user })),
    announceFailed: emit((_, reason: string) => ({ type: 'saveFailed' as const, reason })),
  },
}).createMachine({
  id: 'personalInfo',
  context: ({ input }) => ({
    fullName: input.fullName,
    email: input.email,
    initial: { fullName: input.fullName, email: input.email },
    error: null,
    fieldErrors: {},
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        FIELD_CHANGED: { actions: 'setField' },
        SUBMIT: [
          { guard: and(['bothFilled', 'rulesKept']), target: 'saving' },
          { guard: 'bothFilled', actions: ['refuseRules', 'announceBrokenRule'] },
          { actions: ['refuse', 'announceInvalid'] },
        ],
        CANCEL: 'confirmingCancel',
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'updateAccountDetails',
        src: 'updateAccountDetails',
        input: ({ context }) => prepared(context),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'acceptSaved', params: ({ event }) => event.output },
            { type: 'announceSaved', params: ({ event }) => event.output },
          ],
        },
        // The typed values stay so the user can correct them and try again.
        onError: {
          target: 'editing',
          actions: failedSaveActions(MESSAGES.personalInfoFailed),
        },
      },
    },
    confirmingCancel: confirmingCancelState('restoreInitial'),
  },
});

type PersonalInfoSnapshot = SnapshotFrom<typeof personalInfoMachine>;

/** Selectors the views use. */
export const selectFields = (s: PersonalInfoSnapshot): AccountDetails => ({
  fullName: s.context.fullName,
  email: s.context.email,
});
export {
  selectError,
  selectFieldErrors,
  selectIsConfirmingCancel,
  selectIsSaving,
} from './settings-form.js';
/** True when a field differs from the last saved value. */
export const selectIsDirty = (s: PersonalInfoSnapshot) =>
  s.context.fullName !== s.context.initial.fullName || s.context.email !== s.context.initial.email;
