/**
 * Forgot password (issue 32): the page that asks for the account's email address and has a reset
 * link mailed. The answer is the same whether or not an account uses the address (the server
 * never says), so `sent` shows one text for both.
 *
 * States: editing —SUBMIT [address well formed]→ sending → sent | editing (error);
 *         sent —EDIT→ editing (another address, or the same again).
 *
 * Events:
 *   FIELD_CHANGED {value}  typing the address; its problem goes away
 *   SUBMIT                 Send link: the address must keep the contract's email rule, else the
 *                          reason shows in `error` and nothing is sent
 *   EDIT                   "Use another address" after sending
 * Actor (provided by src/): requestPasswordReset ({email} → void).
 * Selectors: selectEmail, selectError, selectIsSending, selectIsSent.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { TEXT_RULES } from '../contract/field-rules.js';
import { textProblem } from './text-check.js';
import { errorMessage } from './validation.js';

export interface ForgotPasswordContext {
  email: string;
  error: string | null;
}

export type ForgotPasswordEvent =
  /** Typing the address. */
  | { type: 'FIELD_CHANGED'; value: string }
  /** Send link. */
  | { type: 'SUBMIT' }
  /** Back to the form after sending. */
  | { type: 'EDIT' };

export const FORGOT_PASSWORD_FAILED = 'Could not send the link. Try again.';

/** What is wrong with the typed address (trimmed, as sent); null when nothing. */
const addressProblem = (email: string) => textProblem('email', TEXT_RULES.email, email.trim());

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
  },
  actors: {
    requestPasswordReset: fromPromise<void, { email: string }>(() => {
      throw new Error('requestPasswordReset actor not provided');
    }),
  },
  guards: {
    addressFine: ({ context }) => addressProblem(context.email) === null,
  },
  actions: {
    setEmail: assign(({ event }) => ({
      email: event.type === 'FIELD_CHANGED' ? event.value : '',
      error: null,
    })),
    refuseAddress: assign({ error: ({ context }) => addressProblem(context.email) }),
  },
}).createMachine({
  id: 'forgotPassword',
  context: { email: '', error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        FIELD_CHANGED: { actions: 'setEmail' },
        SUBMIT: [{ guard: 'addressFine', target: 'sending' }, { actions: 'refuseAddress' }],
      },
    },
    sending: {
      invoke: {
        id: 'requestPasswordReset',
        src: 'requestPasswordReset',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: 'sent',
        onError: {
          target: 'editing',
          actions: assign({
            error: ({ event }) => errorMessage(event.error, FORGOT_PASSWORD_FAILED),
          }),
        },
      },
    },
    sent: {
      on: { EDIT: 'editing' },
    },
  },
});

export type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;

export const selectEmail = (s: ForgotPasswordSnapshot) => s.context.email;
export const selectError = (s: ForgotPasswordSnapshot) => s.context.error;
export const selectIsSending = (s: ForgotPasswordSnapshot) => s.matches('sending');
export const selectIsSent = (s: ForgotPasswordSnapshot) => s.matches('sent');
