import { expect } from 'vitest';
import {
  selectIsChecking,
  selectIsSignedIn,
  selectIsSigningOut,
  selectUser,
  sessionMachine,
  type SessionContext,
} from '../../machines/session.machine.js';
import type { User } from '../../contract/shapes.js';
import type { Model } from '../support/model.js';
import { apiError, aUser, aUserUpdated } from './fixtures.js';

type Snapshot = ReturnType<typeof sessionMachine.transition>;

export const model: Model<typeof sessionMachine> = {
  name: 'session',
  machine: sessionMachine,
  // What each state means to a tester: what `assert` checks there (shown by `npm run paths`).
  meaning: {
    checking: 'the session asked for once; nobody signed in yet',
    signedIn: 'a user is stored and shown as signed in',
    signingOut: 'one logout request; still signed in meanwhile',
    signedOut: 'no user stored',
  },
  promiseActors: ['resumeSession', 'logout'],
  events: {
    SIGNED_IN: [{ type: 'SIGNED_IN', user: aUser }],
    USER_UPDATED: [{ type: 'USER_UPDATED', user: aUserUpdated }],
    // A signed-in user, or a visitor (null): two payloads, two transitions.
    'xstate.done.actor.resumeSession': [
      { type: 'xstate.done.actor.resumeSession', output: aUser },
      { type: 'xstate.done.actor.resumeSession', output: null },
    ],
    'xstate.error.actor.resumeSession': [
      { type: 'xstate.error.actor.resumeSession', error: apiError('Network error') },
    ],
    'xstate.done.actor.logout': [{ type: 'xstate.done.actor.logout', output: undefined }],
    'xstate.error.actor.logout': [
      { type: 'xstate.error.actor.logout', error: apiError('Network error') },
    ],
  },
  assert: (snapshot, fakes, { event, previous, emitted }) => {
    const s = snapshot as Snapshot;
    const user = selectUser(s);
    const before = (previous?.context as SessionContext | undefined)?.user ?? null;

    // The session is asked for exactly once, at start, and never again (issue 11: one request).
    expect(fakes.callsOf('resumeSession')).toHaveLength(1);
    expect(selectIsChecking(s)).toBe(s.matches('checking'));
    expect(selectIsSigningOut(s)).toBe(s.matches('signingOut'));

    if (s.matches('checking')) {
      expect(user).toBeNull();
      expect(selectIsSignedIn(s)).toBe(false);
    }
    if (s.matches('signedIn') || s.matches('signingOut')) {
      expect(selectIsSignedIn(s)).toBe(true);
      expect(user).not.toBeNull();
    }
    if (s.matches('signedOut')) {
      expect(selectIsSignedIn(s)).toBe(false);
      expect(user).toBeNull();
    }
    if (s.matches('signingOut')) {
      // One logout request per LOGOUT press, with no payload.
      expect(fakes.lastInput('logout')).toBeUndefined();
      expect(user).toEqual(before);
    }

    // What each event must have done to the stored user and which toast events it raised.
    switch (event.type) {
      case 'xstate.done.actor.resumeSession':
        // The server's answer decides: its user signed in, null signed out.
        expect(user).toEqual(event.output as User | null);
        expect(s.matches('signedIn')).toBe(event.output !== null);
        expect(emitted).toEqual([]);
        break;
      case 'xstate.error.actor.resumeSession':
        expect(emitted).toEqual([]);
        break;
      case 'SIGNED_IN':
      case 'USER_UPDATED':
        // Replaces whatever was stored (a USER_UPDATED while signed out is ignored).
        if (s.matches('signedIn')) expect(user).toEqual(event.user as User);
        else expect(user).toBeNull();
        expect(emitted).toEqual([]);
        break;
      case 'LOGOUT':
        expect(emitted).toEqual([]);
        break;
      case 'xstate.done.actor.logout':
        expect(emitted).toEqual([{ type: 'loggedOut' }]);
        break;
      case 'xstate.error.actor.logout':
        // 'Failed to logout': still signed in with the same user.
        expect(s.matches('signedIn')).toBe(true);
        expect(user).toEqual(before);
        expect(emitted).toEqual([{ type: 'logoutFailed', reason: 'Network error' }]);
        break;
      case 'SESSION_EXPIRED':
        expect(emitted).toEqual(
          previous?.matches('signingOut') ? [{ type: 'loggedOut' }] : [{ type: 'sessionExpired' }],
        );
        break;
    }
  },
};
