/**
 * The header's bell (spec "Layout": a notification bell icon; issue 23 gives it its job). Signed
 * out, it leads to the sign-in page. Signed in, it is signed-in-bell.tsx (the count, the panel),
 * a lazy chunk shown once the live actors run; until then the same icon, disabled for that
 * moment (a press could not open anything yet).
 */
import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { useBell, useLiveConnection } from '../live';
import { useCurrentUser } from '../session';
import { IconButton } from '../ui/icon-button';
import { BellIcon } from '../ui/icons';

const SignedInBell = lazy(() => import('./signed-in-bell'));

export function NotificationBell() {
  const user = useCurrentUser();
  const bell = useBell();
  const live = useLiveConnection();
  const [, navigate] = useLocation();
  const waiting = user ? (
    <IconButton label="Notifications" disabled>
      <BellIcon />
    </IconButton>
  ) : (
    <IconButton label="Notifications" onClick={() => navigate('/login')}>
      <BellIcon />
    </IconButton>
  );
  if (!bell || !live) return waiting;
  return (
    <Suspense fallback={waiting}>
      <SignedInBell bell={bell} live={live} />
    </Suspense>
  );
}
