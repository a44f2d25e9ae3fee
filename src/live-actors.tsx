/**
 * The live actors of a signed-in user (src/live.tsx provides them): the live connection and the
 * bell's unread count, started here and stopped when the user signs out. The connection's news
 * reaches the count here; the browser's online and offline events go to the connection. A lazy
 * chunk with both machines and their calls: only a signed-in user loads it. The bell's panel
 * (its machine, list and calls) is not here: it loads when the panel is first wanted.
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { liveConnectionMachine } from '../machines/live-connection.machine';
import { unreadCountMachine } from '../machines/unread-count.machine';
import { usePageActors } from './actors';
import { liveStreamActors } from './api/live-stream';
import { unreadCountActors } from './api/unread-count';
import { useEmitted } from './use-emitted';

export type LiveRef = ActorRefFrom<typeof liveConnectionMachine>;
/** The bell's unread count. */
export type BellRef = ActorRefFrom<typeof unreadCountMachine>;

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
  const countCalls = usePageActors(unreadCountActors);
  const liveLogic = useMemo(
    () =>
      liveConnectionMachine.provide({
        actors: { authorize: liveCalls.authorize, stream: liveCalls.stream },
      }),
    [liveCalls],
  );
  const bellLogic = useMemo(
    () => unreadCountMachine.provide({ actors: { fetchUnreadCount: countCalls.fetchUnreadCount } }),
    [countCalls],
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
