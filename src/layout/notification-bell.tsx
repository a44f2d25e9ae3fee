/**
 * The header's bell (spec "Layout": a notification bell icon; issue 23 gives it its job). Signed
 * in, it shows the unread count as a badge (and says it to screen readers) and opens the panel
 * under it; on phones it leads to the /notifications page instead. Signed out, it leads to the
 * sign-in page. The panel's code is a lazy chunk: most visits never open it.
 */
import { lazy, Suspense, useRef } from 'react';
import { useLocation } from 'wouter';
import styled from 'styled-components';
import { useSelector } from '@xstate/react';
import {
  badgeText,
  selectIsOpen,
  selectUnreadCount,
} from '../../machines/notification-panel.machine';
import { useBell, useLiveConnection, type BellRef, type LiveRef } from '../live';
import { selectLiveStatus } from '../../machines/live-connection.machine';
import { useMediaQuery } from '../use-media-query';
import { IconButton } from '../ui/icon-button';
import { BellIcon } from '../ui/icons';
import { useDismiss } from '../ui/menu';
import { theme } from '../theme';

const NotificationPopover = lazy(() => import('./notification-popover'));

const Wrap = styled.div`
  position: relative;
`;
const Badge = styled.span`
  position: absolute;
  top: 2px;
  right: 0;
  min-width: 18px;
  height: 18px;
  padding: 0 5px;
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme }) => theme.colors.danger};
  color: #fff;
  font-size: 11px;
  font-weight: 700;
  line-height: 18px;
  text-align: center;
  pointer-events: none;
`;
/** Read out when the count changes, without moving focus. */
const Announcer = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

export function NotificationBell() {
  const bell = useBell();
  const live = useLiveConnection();
  const [, navigate] = useLocation();
  if (!bell || !live) {
    return (
      <IconButton label="Notifications" onClick={() => navigate('/login')}>
        <BellIcon />
      </IconButton>
    );
  }
  return <SignedInBell bell={bell} live={live} />;
}

function SignedInBell({ bell, live }: { bell: BellRef; live: LiveRef }) {
  const count = useSelector(bell, selectUnreadCount);
  // Not shown: the bell works the same while reconnecting. For tests and for a look in devtools.
  const status = useSelector(live, selectLiveStatus);
  const open = useSelector(bell, selectIsOpen);
  const phone = useMediaQuery(theme.phoneQuery);
  const [, navigate] = useLocation();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useDismiss(open && !phone, wrap, (reason) => {
    bell.send({ type: 'CLOSE' });
    if (reason === 'escape') button.current?.focus();
  });
  const badge = badgeText(count);
  const label = badge ? `Notifications, ${badge} unread` : 'Notifications';
  const press = () => {
    if (phone) navigate('/notifications');
    else bell.send({ type: open ? 'CLOSE' : 'OPEN' });
  };
  return (
    <Wrap ref={wrap} data-live={status}>
      <IconButton
        ref={button}
        label={label}
        aria-haspopup={phone ? undefined : 'dialog'}
        aria-expanded={phone ? undefined : open}
        onClick={press}
      >
        <BellIcon />
      </IconButton>
      {badge && <Badge aria-hidden="true">{badge}</Badge>}
      <Announcer role="status">{badge ? `${badge} unread notifications` : ''}</Announcer>
      {open && !phone && (
        <Suspense fallback={null}>
          <NotificationPopover bell={bell} onClose={() => bell.send({ type: 'CLOSE' })} />
        </Suspense>
      )}
    </Wrap>
  );
}
