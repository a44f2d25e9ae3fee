/**
 * The header's bell for a signed-in user (notification-bell.tsx shows it once the live actors
 * run): the unread count as a badge (and said to screen readers), the panel under it, or on
 * phones the /notifications page. A lazy chunk: a visitor's pages do not carry it. The panel's
 * code is a lazy chunk of its own: most visits never open it.
 */
import { lazy, Suspense, useRef } from 'react';
import { useLocation } from 'wouter';
import styled from 'styled-components';
import { visuallyHidden } from '../ui/visually-hidden';
import { useSelector } from '@xstate/react';
import {
  badgeText,
  selectIsOpen,
  selectUnreadCount,
} from '../../machines/notification-panel.machine';
import type { BellRef, LiveRef } from '../live';
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
  ${visuallyHidden}
`;

export default function SignedInBell({ bell, live }: { bell: BellRef; live: LiveRef }) {
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
