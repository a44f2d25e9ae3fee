/**
 * Confirm an email address (issue 32): the page a mailed confirmation link opens
 * (`/confirm-email?token=…`) sends the token at once and says what happened; and the banner
 * that, while the signed-in account's address is unconfirmed, offers to send the link again
 * (rate-limited by the server) and can be dismissed for the session.
 *
 * confirmEmailMachine: opening —OPEN {token}→ confirming (failed when the link holds no token);
 *   confirming → confirmed {email} | failed {error}.
 *   Emitted: confirmed {email} → the view updates the session's user.
 * emailBannerMachine: shown —RESEND→ sending → sent | shown (error); any —DISMISS→ dismissed.
 *   Emitted: dismissed → the view remembers it for the browser session.
 * Actors (provided by src/): confirmEmail ({token} → {email}); resendConfirmation (() → void).
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { EmailConfirmed } from '../contract/account-mail.js';
import { errorMessage } from './validation.js';

export const CONFIRM_FAILED = 'Could not confirm the address. Try the link again.';
export const RESEND_FAILED = 'Could not send the link. Try again later.';

export const confirmEmailMachine = setup({
  types: {
    context: {} as { token: string; email: string | null; error: string | null },
    /** OPEN: the page opened with the link's token ('' when absent). */
    events: {} as { type: 'OPEN'; token: string },
    emitted: {} as { type: 'confirmed'; email: string },
  },
  actors: {
    confirmEmail: fromPromise<EmailConfirmed, { token: string }>(() => {
      throw new Error('confirmEmail actor not provided');
    }),
  },
  guards: {
    hasToken: ({ event }) => event.type === 'OPEN' && event.token !== '',
  },
  actions: {
    announce: emit(({ context }) => ({ type: 'confirmed' as const, email: context.email ?? '' })),
  },
}).createMachine({
  id: 'confirmEmail',
  context: { token: '', email: null, error: null },
  initial: 'opening',
  states: {
    opening: {
      on: {
        OPEN: [
          {
            guard: 'hasToken',
            target: 'confirming',
            actions: assign({ token: ({ event }) => event.token }),
          },
          { target: 'failed', actions: assign({ error: CONFIRM_FAILED }) },
        ],
      },
    },
    confirming: {
      invoke: {
        id: 'confirmEmail',
        src: 'confirmEmail',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'confirmed',
          actions: [assign({ email: ({ event }) => event.output.email }), 'announce'],
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => errorMessage(event.error, CONFIRM_FAILED) }),
        },
      },
    },
    confirmed: {},
    failed: {},
  },
});

export type ConfirmEmailSnapshot = SnapshotFrom<typeof confirmEmailMachine>;
export const selectConfirmedEmail = (s: ConfirmEmailSnapshot) => s.context.email;
export const selectConfirmError = (s: ConfirmEmailSnapshot) => s.context.error;
export const selectIsConfirming = (s: ConfirmEmailSnapshot) =>
  s.matches('opening') || s.matches('confirming');

export type EmailBannerEvent =
  /** "Send the link again". */
  | { type: 'RESEND' }
  /** Close the banner for this browser session. */
  | { type: 'DISMISS' };

export const emailBannerMachine = setup({
  types: {
    context: {} as { error: string | null },
    events: {} as EmailBannerEvent,
    emitted: {} as { type: 'dismissed' },
  },
  actors: {
    resendConfirmation: fromPromise<void>(() => {
      throw new Error('resendConfirmation actor not provided');
    }),
  },
  actions: {
    clearError: assign({ error: null }),
    announceDismissed: emit({ type: 'dismissed' as const }),
  },
}).createMachine({
  id: 'emailBanner',
  context: { error: null },
  initial: 'shown',
  on: { DISMISS: { target: '.dismissed', actions: 'announceDismissed' } },
  states: {
    shown: {
      on: { RESEND: { target: 'sending', actions: 'clearError' } },
    },
    sending: {
      invoke: {
        id: 'resendConfirmation',
        src: 'resendConfirmation',
        onDone: 'sent',
        onError: {
          target: 'shown',
          actions: assign({ error: ({ event }) => errorMessage(event.error, RESEND_FAILED) }),
        },
      },
    },
    sent: {},
    dismissed: { on: { DISMISS: {} } },
  },
});

export type EmailBannerSnapshot = SnapshotFrom<typeof emailBannerMachine>;
export const selectBannerError = (s: EmailBannerSnapshot) => s.context.error;
export const selectIsResending = (s: EmailBannerSnapshot) => s.matches('sending');
export const selectIsResent = (s: EmailBannerSnapshot) => s.matches('sent');
export const selectIsDismissed = (s: EmailBannerSnapshot) => s.matches('dismissed');
