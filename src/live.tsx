/**
 * The signed-in user's live parts, app-wide: the live connection (one SSE stream per tab,
 * machines/live-connection.machine.ts) and the bell (machines/notification-panel.machine.ts).
 * Both start when a user is signed in and stop when they sign out (a new user gets new ones).
 * The connection's news reaches the bell here; the watch page's comments listen themselves
 * (`useLiveEvents`). The browser's online and offline events go to the connection.
 */
import { useActorRef } from '@xstate/react';
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { ActorRefFrom } from 'xstate';
import { liveConnectionMachine } from '../machines/live-connection.machine';
import { notificationPanelMachine } from '../machines/notification-panel.machine';
import { useActors } from './actors';
import { useCurrentUser } from './session';
import { useEmitted } from './use-emitted';

export type LiveRef = ActorRefFrom<typeof liveConnectionMachine>;
export type BellRef = ActorRefFrom<typeof notificationPanelMachine>;

interface LiveActors {
  live: LiveRef;
  bell: BellRef;
}

const LiveContext = createContext<LiveActors | null>(null);

/**
 * The actors live in a sibling of the page, not around it: signing in must not remount the page
 * (its own actors would start over).
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const [actors, setActors] = useState<LiveActors | null>(null);
  return (
    <LiveContext.Provider value={user ? actors : null}>
      {user && <SignedInLive key={user._id} onStart={setActors} />}
      {children}
    </LiveContext.Provider>
  );
}

function SignedInLive({ onStart }: { onStart: (actors: LiveActors | null) => void }) {
  const actors = useActors();
  const liveLogic = useMemo(
    () =>
      liveConnectionMachine.provide({
        actors: { authorize: actors.authorize, stream: actors.stream },
      }),
    [actors],
  );
  const bellLogic = useMemo(
    () =>
      notificationPanelMachine.provide({
        actors: {
          fetchUnreadCount: actors.fetchUnreadCount,
          fetchNotifications: actors.fetchNotifications,
          markRead: actors.markRead,
          markAllRead: actors.markAllRead,
        },
      }),
    [actors],
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

/** The bell's actor; null when signed out. */
export function useBell(): BellRef | null {
  return useContext(LiveContext)?.bell ?? null;
}

/** The live connection's actor; null when signed out. */
export function useLiveConnection(): LiveRef | null {
  return useContext(LiveContext)?.live ?? null;
}

/**
 * The watch page's part of the live connection: the stream watches `videoId` while the caller
 * is mounted, and `onComment` hears of each comment added to it (by anyone, the reader too).
 */
export function useLiveComments(videoId: string, onComment: (commentId: string | null) => void) {
  const live = useLiveConnection();
  const latest = useRef(onComment);
  useEffect(() => {
    latest.current = onComment;
  });
  useEffect(() => {
    if (!live) return;
    live.send({ type: 'WATCH', videoId });
    const subscriptions = [
      live.on('commentAdded', (e) => {
        if (e.videoId === videoId) latest.current(e.commentId);
      }),
      live.on('commentsStale', (e) => {
        if (e.videoId === videoId) latest.current(null);
      }),
    ];
    return () => {
      subscriptions.forEach((s) => s.unsubscribe());
      live.send({ type: 'WATCH', videoId: null });
    };
  }, [live, videoId]);
}
