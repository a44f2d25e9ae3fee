/**
 * One passkey ceremony (issue 32): adding a passkey in Settings, or signing in with one (on the
 * sign-in page and popup, or as the second step with the ticket login answered). Same shape for
 * both; the view provides the three actors of its kind.
 *
 * States: idle → gettingOptions → waitingForAuthenticator → verifying → succeeded
 *         (and cancelled when the person closes the browser's passkey prompt, failed on any
 *         error). START from idle, succeeded, cancelled or failed begins a new ceremony.
 *
 * Input:   { kind: 'add' | 'signIn', secondStepTicket?: string }
 * Events:  START (the button)
 * Actors:  getOptions ({ secondStepTicket }) → { ticket, options } (server)
 *          askAuthenticator (options) → the authenticator's answer, or null when cancelled
 *          verify ({ ticket, answer, secondStepTicket }) → the result (the new passkey; the user)
 * Emitted: succeeded { result } · failed { message } (the server's sentence, else the kind's)
 * Selectors: selectIsBusy, selectError, selectIsWaitingForAuthenticator.
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { PASSKEY_TEXTS } from './passkey-messages.js';
import { errorMessage } from './validation.js';

export type CeremonyKind = 'add' | 'signIn';

export interface CeremonyInput {
  kind: CeremonyKind;
  secondStepTicket?: string;
}

export interface CeremonyOptions {
  ticket: string;
  options: unknown;
}

export interface VerifyInput {
  ticket: string;
  answer: unknown;
  secondStepTicket?: string;
}

export interface CeremonyContext {
  kind: CeremonyKind;
  secondStepTicket: string | undefined;
  ceremony: CeremonyOptions | null;
  answer: unknown;
  error: string | null;
}

export type CeremonyEmitted =
  { type: 'succeeded'; result: unknown } | { type: 'failed'; message: string };

const FALLBACK: Record<CeremonyKind, string> = {
  add: PASSKEY_TEXTS.addFailed,
  signIn: PASSKEY_TEXTS.signInFailed,
};

export const passkeyCeremonyMachine = setup({
  types: {
    input: {} as CeremonyInput,
    context: {} as CeremonyContext,
    events: {} as { type: 'START' },
    emitted: {} as CeremonyEmitted,
  },
  actors: {
    getOptions: fromPromise<CeremonyOptions, { secondStepTicket?: string }>(() => {
      throw new Error('getOptions actor not provided');
    }),
    askAuthenticator: fromPromise<unknown, unknown>(() => {
      throw new Error('askAuthenticator actor not provided');
    }),
    verify: fromPromise<unknown, VerifyInput>(() => {
      throw new Error('verify actor not provided');
    }),
  },
  actions: {
    clear: assign({ ceremony: null, answer: null, error: null }),
    fail: assign({
      error: ({ context }, error: unknown) => errorMessage(error, FALLBACK[context.kind]),
    }),
    announceFailure: emit(({ context }) => ({
      type: 'failed' as const,
      message: context.error ?? FALLBACK[context.kind],
    })),
    announceSuccess: emit((_, result: unknown) => ({ type: 'succeeded' as const, result })),
  },
}).createMachine({
  id: 'passkeyCeremony',
  context: ({ input }) => ({
    kind: input.kind,
    secondStepTicket: input.secondStepTicket,
    ceremony: null,
    answer: null,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: { on: { START: 'gettingOptions' } },
    gettingOptions: {
      tags: 'busy',
      entry: 'clear',
      invoke: {
        id: 'getOptions',
        src: 'getOptions',
        input: ({ context }) => ({ secondStepTicket: context.secondStepTicket }),
        onDone: {
          target: 'waitingForAuthenticator',
          actions: assign({ ceremony: ({ event }) => event.output }),
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'fail', params: ({ event }: { event: { error: unknown } }) => event.error },
            'announceFailure',
          ],
        },
      },
    },
    waitingForAuthenticator: {
      tags: 'busy',
      invoke: {
        id: 'askAuthenticator',
        src: 'askAuthenticator',
        input: ({ context }: { context: CeremonyContext }) => context.ceremony?.options,
        onDone: [
          {
            guard: ({ event }) => event.output === null,
            target: 'cancelled',
          },
          {
            target: 'verifying',
            actions: assign({ answer: ({ event }) => event.output }),
          },
        ],
        onError: {
          target: 'failed',
          actions: [
            { type: 'fail', params: ({ event }: { event: { error: unknown } }) => event.error },
            'announceFailure',
          ],
        },
      },
    },
    verifying: {
      tags: 'busy',
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context }) => ({
          ticket: context.ceremony?.ticket ?? '',
          answer: context.answer,
          secondStepTicket: context.secondStepTicket,
        }),
        onDone: {
          target: 'succeeded',
          actions: {
            type: 'announceSuccess',
            params: ({ event }: { event: { output: unknown } }) => event.output,
          },
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'fail', params: ({ event }: { event: { error: unknown } }) => event.error },
            'announceFailure',
          ],
        },
      },
    },
    succeeded: { on: { START: 'gettingOptions' } },
    cancelled: { on: { START: 'gettingOptions' } },
    failed: { on: { START: 'gettingOptions' } },
  },
});

type CeremonySnapshot = SnapshotFrom<typeof passkeyCeremonyMachine>;

export const selectIsBusy = (s: CeremonySnapshot) => s.hasTag('busy');
export const selectIsWaitingForAuthenticator = (s: CeremonySnapshot) =>
  s.matches('waitingForAuthenticator');
/** The last failure, shown under the button until the next START. */
export const selectError = (s: CeremonySnapshot) => (s.matches('failed') ? s.context.error : null);
