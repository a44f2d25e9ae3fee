/**
 * The header's bell for a signed-in user (notification-bell.tsx shows it once the live actors
 * run): the unread count as a badge (and said to screen readers), the panel under it, or on
 * phones the /notifications page. A lazy chunk, one with the live actors (vite.config.ts): a
 * visitor's pages do not carry it.
 *
 * The panel (its machine, list, entries and calls) is a lazy chunk of its own, as on the large
 * video sites: most visits never open it, and the count is all a page needs at first. It is
 * fetched on the first sign of intent (the pointer over the bell, or the focus on it), so that
 * by the press it has usually arrived; a press before that shows the panel when it does.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import styled from 'styled-components';
import { useSelector } from '@xstate/react';
import { badgeText, selectUnreadCount } from '../../machines/unread-count.machine';
import type { BellRef, LiveRef } from '../live';
import { selectLiveStatus } from '../../machines/live-connection.machine';
import { IconButton } from '../ui/icon-button';
import { BellIcon } from '../ui/icons';
import { useDismiss } from '../ui/menu';

const loadPopover = () => import('./notification-popover');
const NotificationPopover = lazy(loadPopover);

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

export interface SignedInBellProps {
  bell: BellRef;
  live: LiveRef;
  /** The phone layout: the bell leads to the /notifications page instead of a panel. */
  phone: boolean;
}

export default function SignedInBell({ bell, live, phone }: SignedInBellProps) {
  const count = useSelector(bell, selectUnreadCount);
  // Not shown: the bell works the same while reconnecting. For tests and for a look in devtools.
  const status = useSelector(live, selectLiveStatus);
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useDismiss(open && !phone, wrap, (reason) => {
    setOpen(false);
    if (reason === 'escape') button.current?.focus();
  });
  const badge = badgeText(count);
  const label = badge ? `Notifications, ${badge} unread` : 'Notifications';
  const press = () => {
    if (phone) navigate('/notifications');
    else setOpen(!open);
  };
  // Intent: start fetching the panel's code (a module import runs once; later calls are free).
  const prefetch = phone ? undefined : () => void loadPopover().catch(() => {});
  return (
    <Wrap ref={wrap} data-live={status}>
      <IconButton
        ref={button}
        label={label}
        aria-haspopup={phone ? undefined : 'dialog'}
        aria-expanded={phone ? undefined : open}
        onClick={press}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        <BellIcon />
      </IconButton>
      {badge && <Badge aria-hidden="true">{badge}</Badge>}
      {/* Read out when the count changes, without moving focus. */}
      <span className="visually-hidden" role="status">
        {badge ? `${badge} unread notifications` : ''}
      </span>
      {open && !phone && (
        <Suspense fallback={null}>
          <NotificationPopover bell={bell} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Wrap>
  );
}
