/**
 * The sign-in form (sign-in page and sign-in popup): three fields, submit only when none is blank
 * after trimming, a login request, then success or back to editing with the failure.
 *
 * States: editing → submitting (tag 'busy') → signedIn (final) | editing (with `error`).
 *
 * Events:
 *   FIELD_CHANGED {field, value}  typing in userName, email or password
 *   SUBMIT                        Sign in (ignored while a field is blank after trimming)
 * Emitted:
 *   signedIn {user}               → view sends SIGNED_IN {user} to the session, toasts
 *                                   MESSAGES.loginSucceeded and navigates to / (or closes the popup)
 *   signInFailed {message}        → view toasts MESSAGES.loginFailed (message: the server's text)
 * Actor (provided by src/): login (Credentials → User).
 * Selectors: selectCanSubmit, selectIsBusy, selectError.
 */
import { assertEvent, assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { User } from '../contract/shapes.js';
import { MESSAGES } from './messages.js';
import { allFilled, errorMessage } from './validation.js';

export interface Credentials {
  userName: string;
  email: string;
  password: string;
}

export type SignInField = keyof Credentials;

export interface SignInContext extends Credentials {
  /** The failure message of the last attempt, for the form to show; null when none. */
  error: string | null;
}

export type SignInEvent =
  /** The user typed into one of the fields. */
  | { type: 'FIELD_CHANGED'; field: SignInField; value: string }
  /** The user pressed Sign in (ignored while a field is blank). */
  | { type: 'SUBMIT' };

export type SignInEmitted =
  /** Login succeeded: the view hands the user to the session and navigates to /. */
  | { type: 'signedIn'; user: User }
  /** Login failed: the view shows the spec's toast. */
  | { type: 'signInFailed'; message: string };

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    emitted: {} as SignInEmitted,
  },
  actors: {
    login: fromPromise<User, Credentials>(() => {
      throw new Error('login actor not provided');
    }),
  },
  guards: {
    allFieldsFilled: ({ context }) => allFieldsFilled(context),
  },
  actions: {
    setField: assign(({ event }) => {
      assertEvent(event, 'FIELD_CHANGED');
      return { [event.field]: event.value };
    }),
    clearError: assign({ error: null }),
    rememberError: assign({ error: (_, message: string) => message }),
    announceSignedIn: emit((_, user: User) => ({ type: 'signedIn' as const, user })),
    announceFailure: emit((_, message: string) => ({ type: 'signInFailed' as const, message })),
  },
}).createMachine({
  id: 'signIn',
  context: { userName: '', email: '', password: '', error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        FIELD_CHANGED: { actions: 'setField' },
        SUBMIT: { guard: 'allFieldsFilled', target: 'submitting' },
      },
    },
    submitting: {
      tags: 'busy',
      entry: 'clearError',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({
          userName: context.userName.trim(),
          email: context.email.trim(),
          password: context.password,
        }),
        onDone: {
          target: 'signedIn',
          actions: { type: 'announceSignedIn', params: ({ event }) => event.output },
        },
        onError: {
          target: 'editing',
          actions: [
            { type: 'rememberError', params: ({ event }) => failureMessage(event.error) },
            { type: 'announceFailure', params: ({ event }) => failureMessage(event.error) },
          ],
        },
      },
    },
    signedIn: { type: 'final' },
  },
});

function failureMessage(error: unknown): string {
  return errorMessage(error, MESSAGES.loginFailed);
}

/** Sign-in and popup rule: every field non-blank after trimming. */
function allFieldsFilled(c: Credentials): boolean {
  return allFilled([c.userName, c.email, c.password]);
}

type SignInSnapshot = SnapshotFrom<typeof signInMachine>;

/** Selectors the views use. */
export const selectCanSubmit = (s: SignInSnapshot) =>
  s.matches('editing') && allFieldsFilled(s.context);
export const selectIsBusy = (s: SignInSnapshot) => s.hasTag('busy');
export const selectError = (s: SignInSnapshot) => s.context.error;
