/**
 * The bell's unread count (issue 23): the badge in the header, kept current by the live
 * connection. It runs on every signed-in page from the start; the panel that lists the
 * notifications (notification-panel.machine.ts) is a machine of its own, loaded when it is
 * first wanted, and tells this one the counts its own calls return.
 *
 * Events:  REFRESH (the live connection says the notifications changed, or that it is live
 *          again) · COUNTED { unreadCount } (a newer count from the panel's calls)
 * Actors:  fetchUnreadCount — output number
 * Emitted: counted { unreadCount } — a fetched count (an open panel reloads when unread ones
 *          arrived while it shows its list)
 *
 * Choices where the spec is silent (also in docs/notifications.md):
 * - A failed count keeps the last one shown; the next change or reconnection asks again.
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { UNREAD_COUNT_CAP } from '../contract/limits.js';

export interface UnreadCountContext {
  unreadCount: number;
}

export type UnreadCountEvent =
  /** The notifications changed on the server (or may have): re-read the count. */
  | { type: 'REFRESH' }
  /** The panel's calls (its list, its read marks) returned this count. */
  | { type: 'COUNTED'; unreadCount: number };

export type UnreadCountEmitted = { type: 'counted'; unreadCount: number };

export const unreadCountMachine = setup({
  types: {
    context: {} as UnreadCountContext,
    events: {} as UnreadCountEvent,
    emitted: {} as UnreadCountEmitted,
  },
  actors: {
    fetchUnreadCount: fromPromise<number>(() => {
      throw new Error('fetchUnreadCount actor not provided');
    }),
  },
  actions: {
    setCount: assign((_, unreadCount: number) => ({ unreadCount })),
    announce: emit((_, unreadCount: number) => ({ type: 'counted' as const, unreadCount })),
  },
}).createMachine({
  id: 'unreadCount',
  context: { unreadCount: 0 },
  initial: 'fetching',
  on: {
    COUNTED: { actions: { type: 'setCount', params: ({ event }) => event.unreadCount } },
  },
  states: {
    fetching: {
      // A newer change while asking: ask again (the answer on its way may predate it).
      on: { REFRESH: { target: 'fetching', reenter: true } },
      invoke: {
        id: 'fetchUnreadCount',
        src: 'fetchUnreadCount',
        onDone: {
          target: 'idle',
          actions: [
            { type: 'setCount', params: ({ event }) => event.output },
            { type: 'announce', params: ({ event }) => event.output },
          ],
        },
        onError: 'idle',
      },
    },
    idle: { on: { REFRESH: 'fetching' } },
  },
});

export type UnreadCountSnapshot = SnapshotFrom<typeof unreadCountMachine>;

/** The badge's text: nothing at 0, "99+" at the server's cap. */
export const badgeText = (count: number): string | null =>
  count <= 0 ? null : count >= UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP - 1}+` : String(count);

export const selectUnreadCount = (s: UnreadCountSnapshot) => s.context.unreadCount;
export const selectBadge = (s: UnreadCountSnapshot) => badgeText(s.context.unreadCount);
