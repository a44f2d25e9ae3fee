/**
 * The live actors of a signed-in user (src/live.tsx provides them): the live connection and the
 * bell, started here and stopped when the user signs out. The connection's news reaches the bell
 * here; the browser's online and offline events go to the connection. A lazy chunk with both
 * machines and their calls: only a signed-in user loads it.
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { liveConnectionMachine } from '../machines/live-connection.machine';
import { notificationPanelMachine } from '../machines/notification-panel.machine';
import { usePageActors } from './actors';
import { liveStreamActors } from './api/live-stream';
import { notificationActors } from './api/notifications';
import { useEmitted } from './use-emitted';

export type LiveRef = ActorRefFrom<typeof liveConnectionMachine>;
export type BellRef = ActorRefFrom<typeof notificationPanelMachine>;

export interface LiveActors {
  live: LiveRef;
  bell: BellRef;
}

export default function SignedInLive({
  onStart,
}: {
  onStart: (actors: LiveActors | null) => void;
}) {
  const liveCalls = usePageActors(liveStreamActors);
  const notificationCalls = usePageActors(notificationActors);
  const liveLogic = useMemo(
    () =>
      liveConnectionMachine.provide({
        actors: { authorize: liveCalls.authorize, stream: liveCalls.stream },
      }),
    [liveCalls],
  );
  const bellLogic = useMemo(
    () =>
      notificationPanelMachine.provide({
        actors: {
          fetchUnreadCount: notificationCalls.fetchUnreadCount,
          fetchNotifications: notificationCalls.fetchNotifications,
          markRead: notificationCalls.markRead,
          markAllRead: notificationCalls.markAllRead,
        },
      }),
    [notificationCalls],
  );
  const live = useActorRef(liveLogic, { input: { videoId: null } });
  const bell = useActorRef(bellLogic);
  const refresh = () => bell.send({ type: 'REFRESH' });
  useEmitted(live, { resync: refresh, notificationsChanged: refresh });
  useEffect(() => {
    const offline = () => live.send({ type: 'WENT_OFFLINE' });
    const online = () => live.send({ type: 'WENT_ONLINE' });
    if (!navigator.onLine) offline();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [live]);
  useEffect(() => {
    onStart({ live, bell });
    return () => onStart(null);
  }, [live, bell, onStart]);
  return null;
}
