/**
 * Reset password (issue 32): the page a mailed link opens (`/reset-password?token=…`). A new
 * password twice, with the spec's password rules (the contract's, as sign-up checks them) and
 * the change-password form's mismatch text; the server may still refuse the link (expired, used,
 * replaced, forged), and says so in `error`.
 *
 * States: opening —OPEN {token}→ editing, or noLink when the link holds no token;
 *         editing —SUBMIT [both filled, equal, rules kept]→ saving → done | editing (error).
 *
 * Events:
 *   OPEN {token}                  the page opened with the link's token ('' when absent)
 *   FIELD_CHANGED {field, value}  typing password or confirmPassword
 *   SUBMIT                        Set password
 * Actor (provided by src/): resetPassword ({token, password} → void).
 * Selectors: selectFields, selectError, selectIsSaving, selectIsDone, selectHasNoLink.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { TEXT_RULES } from '../contract/field-rules.js';
import { MESSAGES } from './messages.js';
import { textProblem } from './text-check.js';
import { allFilled, errorMessage } from './validation.js';

export interface ResetPasswordFields {
  password: string;
  confirmPassword: string;
}

export interface ResetPasswordContext extends ResetPasswordFields {
  token: string;
  error: string | null;
}

export type ResetPasswordEvent =
  /** The page opened with the link's token. */
  | { type: 'OPEN'; token: string }
  /** Typing one of the two fields. */
  | { type: 'FIELD_CHANGED'; field: keyof ResetPasswordFields; value: string }
  /** Set password. */
  | { type: 'SUBMIT' };

export const RESET_FAILED = 'Could not set the new password. Try again.';

/** The first problem of the two fields, in the order a person reads them; null when none. */
function problemOf(c: ResetPasswordFields): string | null {
  if (!allFilled([c.password, c.confirmPassword])) return MESSAGES.allFieldsRequired;
  const broken = textProblem('newPassword', TEXT_RULES.password, c.password);
  if (broken !== null) return broken;
  return c.password === c.confirmPassword ? null : MESSAGES.newPasswordMismatch;
}

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
  },
  actors: {
    resetPassword: fromPromise<void, { token: string; password: string }>(() => {
      throw new Error('resetPassword actor not provided');
    }),
  },
  guards: {
    hasToken: ({ event }) => event.type === 'OPEN' && event.token !== '',
    fieldsFine: ({ context }) => problemOf(context) === null,
  },
  actions: {
    setToken: assign({ token: ({ event }) => (event.type === 'OPEN' ? event.token : '') }),
    setField: assign(({ event }) =>
      event.type === 'FIELD_CHANGED' ? { [event.field]: event.value, error: null } : {},
    ),
    refuse: assign({ error: ({ context }) => problemOf(context) }),
  },
}).createMachine({
  id: 'resetPassword',
  context: { token: '', password: '', confirmPassword: '', error: null },
  initial: 'opening',
  states: {
    opening: {
      on: {
        OPEN: [{ guard: 'hasToken', target: 'editing', actions: 'setToken' }, { target: 'noLink' }],
      },
    },
    noLink: {},
    editing: {
      on: {
        FIELD_CHANGED: { actions: 'setField' },
        SUBMIT: [{ guard: 'fieldsFine', target: 'saving' }, { actions: 'refuse' }],
      },
    },
    saving: {
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({ token: context.token, password: context.password }),
        onDone: 'done',
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => errorMessage(event.error, RESET_FAILED) }),
        },
      },
    },
    done: {},
  },
});

export type ResetPasswordSnapshot = SnapshotFrom<typeof resetPasswordMachine>;

export const selectFields = (s: ResetPasswordSnapshot): ResetPasswordFields => ({
  password: s.context.password,
  confirmPassword: s.context.confirmPassword,
});
export const selectError = (s: ResetPasswordSnapshot) => s.context.error;
export const selectIsSaving = (s: ResetPasswordSnapshot) => s.matches('saving');
export const selectIsDone = (s: ResetPasswordSnapshot) => s.matches('done');
export const selectHasNoLink = (s: ResetPasswordSnapshot) => s.matches('noLink');
