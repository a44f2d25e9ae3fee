/**
 * Access rules of the route table (spec §2, §6). While the session is still being checked,
 * guarded and public-only routes show a spinner: neither the popup nor a redirect flashes.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { useAuthStatus, useCurrentUser } from '../session';
import { PageSpinner } from '../ui/spinner';

// The popup (with the form and the motion code) loads only when a guard needs it.
const SignInPopup = lazy(() => import('../components/sign-in/sign-in-popup'));

/** Signed-in only: a signed-out visitor gets the sign-in popup in place of the page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useAuthStatus();
  const [, navigate] = useLocation();
  if (status === 'checking') return <PageSpinner />;
  if (status === 'signedOut')
    return (
      <Suspense fallback={<PageSpinner />}>
        {/* Closing goes to / (spec §2); signing in shows the page asked for. */}
        <SignInPopup onClose={() => navigate('/')} />
      </Suspense>
    );
  return <>{children}</>;
}

/** /login and /signup: a signed-in user is sent home. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const status = useAuthStatus();
  if (status === 'checking') return <PageSpinner />;
  if (status === 'signedIn') return <Redirect to="/" replace />;
  return <>{children}</>;
}

/** /tweets and /collections: the signed-in user's own channel tab (`tab` is its path segment). */
export function OwnChannelRedirect({ tab }: { tab: string }) {
  const user = useCurrentUser();
  if (!user) return <PageSpinner />;
  return <Redirect to={`/Channel/${user.userName}/${tab}`} replace />;
}
