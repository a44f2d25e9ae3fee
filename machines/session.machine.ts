/**
 * The session (auth) of the whole app: who is signed in. One app-wide actor
 * (`createActorContext` in src/session.tsx).
 *
 * States: checking (asks the server once at start: the user, or null for a visitor; the server
 * refreshes an expired access token within that one call) → signedIn | signedOut;
 * when the page's HTML already said who is signed in (issue 35), the actor starts from
 * `startingSnapshot` in signedIn or signedOut instead, and asks nothing;
 * signedIn —LOGOUT→ signingOut → signedOut (success) | signedIn (failure).
 *
 * Events:
 *   SIGNED_IN {user}      sign-in form or signup wizard logged a user in
 *   USER_UPDATED {user}   account details, avatar or cover changed: replaces the stored user
 *   LOGOUT                the user pressed Logout
 *   SESSION_EXPIRED       an API call got a final 401 (refresh failed): the session is gone
 * Emitted:
 *   loggedOut             logout succeeded → view toasts SESSION_MESSAGES.logoutSucceeded
 *   logoutFailed {reason} logout failed, still signed in → view toasts SESSION_MESSAGES.logoutFailed
 *   sessionExpired        the session ended without a logout (views may say so; guarded
 *                         routes show the sign-in popup by themselves)
 * Actors (provided by src/): resumeSession (void → User | null), logout (void → void).
 * Selectors: selectUser, selectIsSignedIn, selectIsChecking, selectIsSigningOut.
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { User } from '../contract/shapes.js';
import { SESSION_MESSAGES } from './session-messages.js';
import { errorMessage } from './validation.js';

export interface SessionContext {
  /** The signed-in user; null while checking and when signed out. */
  user: User | null;
}

export type SessionEvent =
  /** A form logged a user in. */
  | { type: 'SIGNED_IN'; user: User }
  /** The stored user changed on the server (details, avatar, cover). */
  | { type: 'USER_UPDATED'; user: User }
  /** The user asked to log out. */
  | { type: 'LOGOUT' }
  /** An API call was refused with a final 401: the server no longer knows this session. */
  | { type: 'SESSION_EXPIRED' };

export type SessionEmitted =
  { type: 'loggedOut' } | { type: 'logoutFailed'; reason: string } | { type: 'sessionExpired' };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
  },
  actors: {
    resumeSession: fromPromise<User | null, void>(() => {
      throw new Error('resumeSession actor not provided');
    }),
    logout: fromPromise<void, void>(() => {
      throw new Error('logout actor not provided');
    }),
  },
  guards: {
    resumedUser: (_, user: User | null) => user !== null,
  },
  actions: {
    storeUser: assign({ user: (_, user: User) => user }),
    clearUser: assign({ user: null }),
    announceLoggedOut: emit({ type: 'loggedOut' as const }),
    announceLogoutFailed: emit((_, reason: string) => ({ type: 'logoutFailed' as const, reason })),
    announceExpired: emit({ type: 'sessionExpired' as const }),
  },
}).createMachine({
  id: 'session',
  context: { user: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'resumeSession',
        src: 'resumeSession',
        onDone: [
          {
            guard: { type: 'resumedUser', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: { type: 'storeUser', params: ({ event }) => event.output! },
          },
          // A visitor, or a session the server no longer knows: the app continues signed out.
          { target: 'signedOut', actions: 'clearUser' },
        ],
        // A network failure: signed out too; the next guarded call asks again.
        onError: { target: 'signedOut', actions: 'clearUser' },
      },
      on: {
        // A sign-in that finishes before the check wins; the check's late answer is dropped.
        SIGNED_IN: {
          target: 'signedIn',
          actions: { type: 'storeUser', params: ({ event }) => event.user },
        },
      },
    },
    signedIn: {
      on: {
        SIGNED_IN: { actions: { type: 'storeUser', params: ({ event }) => event.user } },
        USER_UPDATED: { actions: { type: 'storeUser', params: ({ event }) => event.user } },
        LOGOUT: 'signingOut',
        SESSION_EXPIRED: { target: 'signedOut', actions: ['clearUser', 'announceExpired'] },
      },
    },
    signingOut: {
      tags: 'busy',
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'signedOut', actions: ['clearUser', 'announceLoggedOut'] },
        // Spec §8: 'Failed to logout' and the user stays signed in.
        onError: {
          target: 'signedIn',
          actions: {
            type: 'announceLogoutFailed',
            params: ({ event }) => errorMessage(event.error, SESSION_MESSAGES.logoutFailed),
          },
        },
      },
      on: {
        // A 401 on logout means the server already forgot the session: that is signed out too.
        SESSION_EXPIRED: { target: 'signedOut', actions: ['clearUser', 'announceLoggedOut'] },
      },
    },
    signedOut: {
      on: {
        SIGNED_IN: {
          target: 'signedIn',
          actions: { type: 'storeUser', params: ({ event }) => event.user },
        },
      },
    },
  },
});

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/**
 * Where the session starts when the page's HTML carried the answer the check would get (issue 35,
 * server/pages/page-session.ts): signedIn with its user, or signedOut; no request. Pass it as the
 * actor's `snapshot`. Both are the chart's own states, reached as the check's answer reaches them,
 * so every path from there is one the model already walks. `logic` is the machine as provided.
 */
export function startingSnapshot(logic: typeof sessionMachine, user: User | null): SessionSnapshot {
  return logic.resolveState({ value: user ? 'signedIn' : 'signedOut', context: { user } });
}

/** Selectors the views use. */
export const selectUser = (s: SessionSnapshot) => s.context.user;
/** True while a user is stored (also during a logout still in flight). */
export const selectIsSignedIn = (s: SessionSnapshot) =>
  s.matches('signedIn') || s.matches('signingOut');
/** Views render nothing guarded (no sign-in popup, no redirect) until this is false. */
export const selectIsChecking = (s: SessionSnapshot) => s.matches('checking');
export const selectIsSigningOut = (s: SessionSnapshot) => s.hasTag('busy');
