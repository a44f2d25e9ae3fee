/**
 * The sign-in form (sign-in page and sign-in popup): three fields, submit only when none is blank
 * after trimming, a login request, then success, back to editing with the failure, or (issue 32)
 * the second step when the account has two-step sign-in on.
 *
 * States: editing → submitting (tag 'busy') → signedIn (final) | editing (with `error`)
 *                                           | secondStep.entering —SUBMIT→ secondStep.verifying
 *         secondStep.verifying → signedIn | secondStep.entering (wrong code, `error`)
 *                              | editing (the ticket is over: too many wrong codes or expired)
 *         secondStep —CANCEL→ editing; secondStep.entering —SECOND_STEP_DONE→ signedIn
 *
 * Events:
 *   FIELD_CHANGED {field, value}  typing in userName, email or password
 *   SUBMIT                        Sign in (ignored while a field is blank after trimming); in the
 *                                 second step, Verify (ignored while the code is blank)
 *   CODE_CHANGED {value}          typing the authenticator or recovery code
 *   USE_RECOVERY_CODE             "Use a recovery code" instead of the authenticator
 *   USE_AUTHENTICATOR             back to the authenticator code
 *   SECOND_STEP_DONE {user}       another way finished the second step (a passkey: the passkey
 *                                 view runs its own ceremony with the ticket and sends this)
 *   CANCEL                        back to the three fields (the ticket is dropped)
 * Emitted:
 *   signedIn {user}               → view sends SIGNED_IN {user} to the session, toasts
 *                                   MESSAGES.loginSucceeded and navigates to / (or closes the popup)
 *   signInFailed {message}        → view toasts MESSAGES.loginFailed (message: the server's text)
 *   secondStepFailed {message}    a wrong code, or the sign-in is over (the view shows `error`
 *                                 beside the field and toasts nothing: one message per outcome)
 * Actors (provided by src/): login (Credentials → LoginAnswer: the user, or the second step),
 * verifySecondStep ({ticket, code} → User).
 * Selectors: selectCanSubmit, selectIsBusy, selectError, selectSecondStep, selectCode,
 * selectCodeKind, selectCanVerify.
 *
 * Choices where the spec is silent: when the ticket is over the form keeps the typed fields, so
 * signing in again is one click; a wrong code empties the code field (the next one is new).
 */
import { assertEvent, assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  SECOND_STEP_MESSAGES,
  type LoginAnswer,
  type SecondStepRequired,
} from '../contract/second-step.js';
import type { User } from '../contract/shapes.js';
import { MESSAGES } from './messages.js';
import { allFilled, errorMessage } from './validation.js';

export interface Credentials {
  userName: string;
  email: string;
  password: string;
}

export type SignInField = keyof Credentials;

export type SecondStep = SecondStepRequired['secondStep'];
export type CodeKind = 'totp' | 'recovery';

export interface SignInContext extends Credentials {
  /** The failure message of the last attempt, for the form to show; null when none. */
  error: string | null;
  /** The second step still to take: its ticket and the account's methods; null before it. */
  secondStep: SecondStep | null;
  code: string;
  codeKind: CodeKind;
}

export interface SecondStepInput {
  ticket: string;
  code: string;
}

export type SignInEvent =
  /** The user typed into one of the fields. */
  | { type: 'FIELD_CHANGED'; field: SignInField; value: string }
  /** The user pressed Sign in (or Verify in the second step). */
  | { type: 'SUBMIT' }
  /** The user typed the second step's code. */
  | { type: 'CODE_CHANGED'; value: string }
  /** "Use a recovery code". */
  | { type: 'USE_RECOVERY_CODE' }
  /** "Use your authenticator app". */
  | { type: 'USE_AUTHENTICATOR' }
  /** Another method (a passkey) finished the second step with this user. */
  | { type: 'SECOND_STEP_DONE'; user: User }
  /** Back to the three fields. */
  | { type: 'CANCEL' };

export type SignInEmitted =
  /** Login succeeded: the view hands the user to the session and navigates to /. */
  | { type: 'signedIn'; user: User }
  /** Login failed: the view shows the spec's toast. */
  | { type: 'signInFailed'; message: string }
  /** The second step was refused: the view toasts why. */
  | { type: 'secondStepFailed'; message: string };

/** The refusals after which the ticket is gone and signing in starts over. */
const TICKET_OVER: readonly string[] = [
  SECOND_STEP_MESSAGES.expired,
  SECOND_STEP_MESSAGES.tooManyAttempts,
];

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    emitted: {} as SignInEmitted,
  },
  actors: {
    login: fromPromise<LoginAnswer, Credentials>(() => {
      throw new Error('login actor not provided');
    }),
    verifySecondStep: fromPromise<User, SecondStepInput>(() => {
      throw new Error('verifySecondStep actor not provided');
    }),
  },
  guards: {
    allFieldsFilled: ({ context }) => allFieldsFilled(context),
    codeFilled: ({ context }) => context.code.trim() !== '',
    asksSecondStep: (_, answer: LoginAnswer) => 'secondStep' in answer,
    /** On verifySecondStep's error: the ticket is gone (the event is the actor's error event). */
    ticketOver: ({ event }) =>
      TICKET_OVER.includes(secondStepMessage((event as { error?: unknown }).error)),
  },
  actions: {
    setField: assign(({ event }) => {
      assertEvent(event, 'FIELD_CHANGED');
      return { [event.field]: event.value };
    }),
    setCode: assign(({ event }) => {
      assertEvent(event, 'CODE_CHANGED');
      return { code: event.value };
    }),
    useCodeKind: assign((_, codeKind: CodeKind) => ({ codeKind, code: '', error: null })),
    clearError: assign({ error: null }),
    rememberError: assign({ error: (_, message: string) => message }),
    startSecondStep: assign((_, answer: LoginAnswer) => ({
      secondStep: 'secondStep' in answer ? answer.secondStep : null,
      code: '',
      codeKind: 'totp' as const,
    })),
    forgetSecondStep: assign({ secondStep: null, code: '' }),
    clearCode: assign({ code: '' }),
    announceSignedIn: emit((_, user: User) => ({ type: 'signedIn' as const, user })),
    announceDoneElsewhere: emit(({ event }) => {
      assertEvent(event, 'SECOND_STEP_DONE');
      return { type: 'signedIn' as const, user: event.user };
    }),
    announceFailure: emit((_, message: string) => ({ type: 'signInFailed' as const, message })),
    announceSecondStepFailure: emit((_, message: string) => ({
      type: 'secondStepFailed' as const,
      message,
    })),
  },
}).createMachine({
  id: 'signIn',
  context: {
    userName: '',
    email: '',
    password: '',
    error: null,
    secondStep: null,
    code: '',
    codeKind: 'totp',
  },
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
        onDone: [
          {
            guard: { type: 'asksSecondStep', params: ({ event }) => event.output },
            target: 'secondStep',
            actions: { type: 'startSecondStep', params: ({ event }) => event.output },
          },
          {
            target: 'signedIn',
            actions: {
              type: 'announceSignedIn',
              params: ({ event }) => userOf(event.output),
            },
          },
        ],
        onError: {
          target: 'editing',
          actions: [
            { type: 'rememberError', params: ({ event }) => failureMessage(event.error) },
            { type: 'announceFailure', params: ({ event }) => failureMessage(event.error) },
          ],
        },
      },
    },
    secondStep: {
      initial: 'entering',
      on: { CANCEL: { target: 'editing', actions: ['forgetSecondStep', 'clearError'] } },
      states: {
        entering: {
          on: {
            CODE_CHANGED: { actions: 'setCode' },
            USE_RECOVERY_CODE: { actions: { type: 'useCodeKind', params: 'recovery' } },
            USE_AUTHENTICATOR: { actions: { type: 'useCodeKind', params: 'totp' } },
            SUBMIT: { guard: 'codeFilled', target: 'verifying' },
            SECOND_STEP_DONE: { target: '#signIn.signedIn', actions: 'announceDoneElsewhere' },
          },
        },
        verifying: {
          tags: 'busy',
          entry: 'clearError',
          invoke: {
            id: 'verifySecondStep',
            src: 'verifySecondStep',
            input: ({ context }) => ({
              ticket: context.secondStep?.ticket ?? '',
              code: context.code.trim(),
            }),
            onDone: {
              target: '#signIn.signedIn',
              actions: { type: 'announceSignedIn', params: ({ event }) => event.output },
            },
            onError: [
              {
                guard: 'ticketOver',
                target: '#signIn.editing',
                actions: [
                  'forgetSecondStep',
                  { type: 'rememberError', params: ({ event }) => secondStepMessage(event.error) },
                  {
                    type: 'announceSecondStepFailure',
                    params: ({ event }) => secondStepMessage(event.error),
                  },
                ],
              },
              {
                target: 'entering',
                actions: [
                  'clearCode',
                  { type: 'rememberError', params: ({ event }) => secondStepMessage(event.error) },
                  {
                    type: 'announceSecondStepFailure',
                    params: ({ event }) => secondStepMessage(event.error),
                  },
                ],
              },
            ],
          },
        },
      },
    },
    signedIn: { type: 'final' },
  },
});

/** The user of a login answer that asked for no second step (the guard above tells them apart). */
function userOf(answer: LoginAnswer): User {
  if (!('user' in answer)) throw new Error('login asked for the second step');
  return answer.user;
}

function failureMessage(error: unknown): string {
  return errorMessage(error, MESSAGES.loginFailed);
}

function secondStepMessage(error: unknown): string {
  return errorMessage(error, SECOND_STEP_MESSAGES.wrongCode);
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
/** The second step to show (its methods), or null while the three fields show. */
export const selectSecondStep = (s: SignInSnapshot) =>
  s.matches('secondStep') ? s.context.secondStep : null;
export const selectCode = (s: SignInSnapshot) => s.context.code;
export const selectCodeKind = (s: SignInSnapshot) => s.context.codeKind;
export const selectCanVerify = (s: SignInSnapshot) =>
  s.matches({ secondStep: 'entering' }) && s.context.code.trim() !== '';
