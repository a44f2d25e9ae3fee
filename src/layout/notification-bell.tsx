/**
 * The header's bell (spec "Layout": a notification bell icon; issue 23 gives it its job). Signed
 * out, it leads to the sign-in page. Signed in, it is signed-in-bell.tsx (the count, the panel),
 * a lazy chunk shown once the live actors run; until then the same icon, disabled for that
 * moment (a press could not open anything yet). The layout (phone or not) is read here, in the
 * shell, whose other parts use it too: in the lazy chunk it would be a file of its own.
 */
import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { useBell, useLiveConnection } from '../live';
import { useCurrentUser } from '../session';
import { theme } from '../theme';
import { useMediaQuery } from '../use-media-query';
import { IconButton } from '../ui/icon-button';
import { BellIcon } from '../ui/icons';

const SignedInBell = lazy(() => import('./signed-in-bell'));

export function NotificationBell() {
  const user = useCurrentUser();
  const bell = useBell();
  const live = useLiveConnection();
  const phone = useMediaQuery(theme.phoneQuery);
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
      <SignedInBell bell={bell} live={live} phone={phone} />
    </Suspense>
  );
}
