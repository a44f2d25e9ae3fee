/**
 * The signed-in user's live parts, app-wide: the live connection (one SSE stream per tab,
 * machines/live-connection.machine.ts) and the bell (machines/notification-panel.machine.ts).
 * Both start when a user is signed in and stop when they sign out (a new user gets new ones).
 * The connection's news reaches the bell in live-actors.tsx, a lazy chunk: a visitor's pages
 * load neither machine. The watch page's comments listen themselves (`useLiveComments`).
 */
import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { BellRef, LiveActors, LiveRef } from './live-actors';
import { useCurrentUser } from './session';

const SignedInLive = lazy(() => import('./live-actors'));

export type { BellRef, LiveRef };

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
      {user && (
        <Suspense fallback={null}>
          <SignedInLive key={user._id} onStart={setActors} />
        </Suspense>
      )}
      {children}
    </LiveContext.Provider>
  );
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
 * is mounted, and `onComment` hears of each comment added to it (by anyone, the reader too):
 * its id and, for a reply, its thread's (issue 33); `(null, null)` when some may have been missed.
 */
export function useLiveComments(
  videoId: string,
  onComment: (commentId: string | null, parentId: string | null) => void,
) {
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
        if (e.videoId === videoId) latest.current(e.commentId, e.parentId);
      }),
      live.on('commentsStale', (e) => {
        if (e.videoId === videoId) latest.current(null, null);
      }),
    ];
    return () => {
      subscriptions.forEach((s) => s.unsubscribe());
      live.send({ type: 'WATCH', videoId: null });
    };
  }, [live, videoId]);
}
