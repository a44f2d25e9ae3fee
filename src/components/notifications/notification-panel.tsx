/**
 * The bell's panel content (the popover under the bell, and the /notifications page on phones):
 * the list, unread first, with "Mark all as read", and the per-type settings one press away.
 * Reads the bell's actor (src/live.tsx); opening it is the bell's OPEN (the list then loads and
 * marks what it shows as seen).
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import styled from 'styled-components';
import {
  selectError,
  selectHasFailed,
  selectHasMore,
  selectIsEmpty,
  selectIsLoading,
  selectIsLoadingMore,
  selectIsMarkingAll,
  selectItems,
  selectUnreadCount,
} from '../../../machines/notification-panel.machine';
import type { BellRef } from '../../live';
import { Button } from '../../ui/button';
import { IconButton } from '../../ui/icon-button';
import { ArrowLeftIcon, SettingsIcon } from '../../ui/icons';
import { ListEmpty, ListError } from '../../ui/list-states';
import { Spinner } from '../../ui/spinner';
import { useSentinel } from '../../ui/use-sentinel';
import { NotificationEntry } from './notification-entry';
import { NotificationSettingsList } from './notification-settings';

const Header = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 8px 8px 8px 16px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h2 {
    flex: 1;
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.md};
  }
`;
const List = styled.ul`
  margin: 0;
  padding: 6px 6px 6px 0;
  list-style: none;
`;
const Footer = styled.div`
  display: grid;
  place-items: center;
  min-height: 40px;
`;

export function NotificationPanel({ bell, onNavigate }: { bell: BellRef; onNavigate: () => void }) {
  const [showSettings, setShowSettings] = useState(false);
  return (
    <>
      <Header>
        {showSettings && (
          <IconButton label="Back to notifications" onClick={() => setShowSettings(false)}>
            <ArrowLeftIcon />
          </IconButton>
        )}
        <h2 id="notifications-heading">
          {showSettings ? 'Notification settings' : 'Notifications'}
        </h2>
        {!showSettings && <MarkAllButton bell={bell} />}
        {!showSettings && (
          <IconButton label="Notification settings" onClick={() => setShowSettings(true)}>
            <SettingsIcon />
          </IconButton>
        )}
      </Header>
      {showSettings ? (
        <NotificationSettingsList />
      ) : (
        <NotificationList bell={bell} onNavigate={onNavigate} />
      )}
    </>
  );
}

function MarkAllButton({ bell }: { bell: BellRef }) {
  const unread = useSelector(bell, selectUnreadCount);
  const busy = useSelector(bell, selectIsMarkingAll);
  if (unread === 0) return null;
  return (
    <Button variant="ghost" onClick={() => bell.send({ type: 'MARK_ALL' })} loading={busy}>
      Mark all as read
    </Button>
  );
}

function NotificationList({ bell, onNavigate }: { bell: BellRef; onNavigate: () => void }) {
  const items = useSelector(bell, selectItems);
  const loading = useSelector(bell, selectIsLoading);
  const loadingMore = useSelector(bell, selectIsLoadingMore);
  const hasMore = useSelector(bell, selectHasMore);
  const empty = useSelector(bell, selectIsEmpty);
  const failed = useSelector(bell, selectHasFailed);
  const error = useSelector(bell, selectError);
  const marker = useSentinel<HTMLDivElement>(() => bell.send({ type: 'LOAD_MORE' }), {
    resetKey: `${items.length}:${loadingMore ? 'l' : 'i'}`,
  });

  if (failed) {
    return (
      <ListError
        text={error ?? 'Could not load notifications.'}
        onRetry={() => bell.send({ type: 'RETRY' })}
      />
    );
  }
  if (loading) {
    return (
      <Footer>
        <Spinner size={28} label="Loading notifications" />
      </Footer>
    );
  }
  if (empty) return <ListEmpty>No notifications yet</ListEmpty>;
  return (
    <>
      <List aria-labelledby="notifications-heading">
        {items.map((n) => (
          <NotificationEntry key={n._id} notification={n} onOpen={onNavigate} />
        ))}
      </List>
      {hasMore && <Footer ref={marker}>{loadingMore && <Spinner label="Loading more" />}</Footer>}
    </>
  );
}
