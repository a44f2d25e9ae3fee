/**
 * The bell's panel content (the popover under the bell, and the /notifications page on phones):
 * the list, unread first, with "Mark all as read", and the per-type settings one press away.
 * Mounting it opens the panel: its own actor (machines/notification-panel.machine.ts) loads the
 * list and marks what it shows as seen; unmounting closes it. The counts its calls return go to
 * the badge's actor (`bell`, src/live.tsx), and the badge's fresh counts come here (unread ones
 * that arrive while the list shows reload it).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import styled from 'styled-components';
import {
  notificationPanelMachine,
  selectError,
  selectHasFailed,
  selectHasMore,
  selectIsEmpty,
  selectIsLoading,
  selectIsLoadingMore,
  selectIsMarkingAll,
  selectItems,
} from '../../../machines/notification-panel.machine';
import { selectUnreadCount } from '../../../machines/unread-count.machine';
import { usePageActors } from '../../actors';
import { notificationPanelActors } from '../../api/notifications';
import type { BellRef } from '../../live';
import { useEmitted } from '../../use-emitted';
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

type PanelRef = ActorRefFrom<typeof notificationPanelMachine>;

/** The panel's actor for as long as the panel is shown, talking counts with the badge's. */
function usePanelActor(bell: BellRef): PanelRef {
  const calls = usePageActors(notificationPanelActors);
  const logic = useMemo(() => notificationPanelMachine.provide({ actors: calls }), [calls]);
  const panel = useActorRef(logic);
  useEmitted(panel, {
    countChanged: ({ unreadCount }) => bell.send({ type: 'COUNTED', unreadCount }),
  });
  useEmitted(bell, {
    counted: ({ unreadCount }) => panel.send({ type: 'COUNTED', unreadCount }),
  });
  return panel;
}

export function NotificationPanel({ bell, onNavigate }: { bell: BellRef; onNavigate: () => void }) {
  const [showSettings, setShowSettings] = useState(false);
  const panel = usePanelActor(bell);
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
        {!showSettings && <MarkAllButton bell={bell} panel={panel} />}
        {!showSettings && (
          <IconButton label="Notification settings" onClick={() => setShowSettings(true)}>
            <SettingsIcon />
          </IconButton>
        )}
      </Header>
      {showSettings ? (
        <NotificationSettingsList />
      ) : (
        <NotificationList panel={panel} onNavigate={onNavigate} />
      )}
    </>
  );
}

function MarkAllButton({ bell, panel }: { bell: BellRef; panel: PanelRef }) {
  const unread = useSelector(bell, selectUnreadCount);
  const busy = useSelector(panel, selectIsMarkingAll);
  if (unread === 0) return null;
  return (
    <Button variant="ghost" onClick={() => panel.send({ type: 'MARK_ALL' })} loading={busy}>
      Mark all as read
    </Button>
  );
}

function NotificationList({ panel, onNavigate }: { panel: PanelRef; onNavigate: () => void }) {
  const items = useSelector(panel, selectItems);
  const loading = useSelector(panel, selectIsLoading);
  const loadingMore = useSelector(panel, selectIsLoadingMore);
  const hasMore = useSelector(panel, selectHasMore);
  const empty = useSelector(panel, selectIsEmpty);
  const failed = useSelector(panel, selectHasFailed);
  const error = useSelector(panel, selectError);
  const marker = useSentinel<HTMLDivElement>(() => panel.send({ type: 'LOAD_MORE' }), {
    resetKey: `${items.length}:${loadingMore ? 'l' : 'i'}`,
  });

  if (failed) {
    return (
      <ListError
        text={error ?? 'Could not load notifications.'}
        onRetry={() => panel.send({ type: 'RETRY' })}
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
