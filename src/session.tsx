/**
 * The app-wide session actor (sessionMachine) with the real actors provided, plus the small hooks
 * views use. Toasts for logout come from the machine's emitted events; a final 401 from any API
 * call (src/api/client.ts) ends the session.
 */
import { createActorContext } from '@xstate/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { notify } from './notify';
import {
  selectIsChecking,
  selectIsSignedIn,
  selectIsSigningOut,
  selectUser,
  sessionMachine,
  startingSnapshot,
} from '../machines/session.machine';
import type { User } from '../contract/shapes';
import { SESSION_MESSAGES } from '../machines/session-messages';
import { useActors } from './actors';
import { onSessionExpired } from './api/client';
import { useEmitted } from './use-emitted';

export const SessionContext = createActorContext(sessionMachine);

/**
 * Starts the session actor; tests swap the API through <ActorsProvider>. With `initial` (who the
 * page's HTML said is signed in, src/api/first-screen.ts) it starts there and asks nothing;
 * without, it asks the server once.
 */
export function SessionProvider({
  initial,
  children,
}: {
  initial?: { user: User | null } | undefined;
  children: ReactNode;
}) {
  const actors = useActors();
  const logic = useMemo(
    () =>
      sessionMachine.provide({
        actors: { resumeSession: actors.resumeSession, logout: actors.logout },
      }),
    [actors],
  );
  // Read once, as the actor is made once: a later `initial` means nothing.
  const [options] = useState(() =>
    initial ? { snapshot: startingSnapshot(logic, initial.user) } : undefined,
  );
  return (
    <SessionContext.Provider logic={logic} options={options}>
      <SessionEffects />
      {children}
    </SessionContext.Provider>
  );
}

/** Wires the session's emitted events to toasts, and API 401s to the session. */
function SessionEffects() {
  const session = SessionContext.useActorRef();
  useEmitted(session, {
    loggedOut: () => notify.success(SESSION_MESSAGES.logoutSucceeded),
    logoutFailed: () => notify.error(SESSION_MESSAGES.logoutFailed),
  });
  useEffect(() => onSessionExpired(() => session.send({ type: 'SESSION_EXPIRED' })), [session]);
  return null;
}

export type AuthStatus = 'checking' | 'signedIn' | 'signedOut';

export function useAuthStatus(): AuthStatus {
  return SessionContext.useSelector((s) =>
    selectIsChecking(s) ? 'checking' : selectIsSignedIn(s) ? 'signedIn' : 'signedOut',
  );
}

export function useCurrentUser() {
  return SessionContext.useSelector(selectUser);
}

export function useIsSigningOut() {
  return SessionContext.useSelector(selectIsSigningOut);
}

export function useSessionRef() {
  return SessionContext.useActorRef();
}
