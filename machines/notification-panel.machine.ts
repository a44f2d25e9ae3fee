/**
 * The bell (issue 23): the unread count in the header, and the panel (a page on phones) that
 * lists the notifications, unread first. Opening it marks what it shows as seen.
 *
 * Events:  OPEN · CLOSE (the panel) · LOAD_MORE (its bottom came into view) · RETRY (after a
 *          failed load) · MARK_ALL (the panel's "Mark all as read") · REFRESH (the live
 *          connection says the notifications changed, or that it is live again)
 * Actors:  fetchUnreadCount — output number; fetchNotifications — input { page, limit }, output
 *          NotificationList; markRead — input { ids }, output the new unread count;
 *          markAllRead — output nothing
 * Emitted: none (views read the selectors below).
 *
 * Choices where the spec is silent (also in docs/notifications.md):
 * - "Seen" is "read": each page the panel loads marks its unread entries read at once; they keep
 *   their unread look until the panel is opened again, so the reader sees what was new.
 * - A notification arriving while the panel is open reloads its first page (the count says one
 *   arrived; the list is short and newest first), which marks it seen too.
 * - A failed count keeps the last one shown; a failed mark keeps the entries unread (the next
 *   opening tries again); a failed further page leaves the list as it is, LOAD_MORE tries again.
 */
import { assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import { PAGE_SIZE, UNREAD_COUNT_CAP } from '../contract/limits.js';
import type { Notification, NotificationList } from '../contract/notifications.js';
import { errorMessage } from './validation.js';

export interface NotificationPanelContext {
  unreadCount: number;
  items: Notification[];
  /** Pages loaded so far. */
  page: number;
  hasMore: boolean;
  /** Unread entries of the page loaded last: the ones to mark seen. */
  toMark: string[];
  error: string | null;
}

export type NotificationPanelEvent =
  /** The bell was pressed (or /notifications opened). */
  | { type: 'OPEN' }
  /** The panel closed (Escape, a press outside, an entry chosen, the page left). */
  | { type: 'CLOSE' }
  /** The panel's bottom came into view. */
  | { type: 'LOAD_MORE' }
  /** The panel's Retry after its first page failed. */
  | { type: 'RETRY' }
  /** "Mark all as read". */
  | { type: 'MARK_ALL' }
  /** The notifications changed on the server (or may have): re-read the count. */
  | { type: 'REFRESH' }
  /** Internal: unread ones arrived while the panel is open. */
  | { type: 'ARRIVED' };

export const LOAD_FAILED = 'Could not load notifications.';

const unreadIds = (list: NotificationList) =>
  list.notifications.filter((n) => !n.read).map((n) => n._id);

export const notificationPanelMachine = setup({
  types: {
    context: {} as NotificationPanelContext,
    events: {} as NotificationPanelEvent,
  },
  actors: {
    fetchUnreadCount: fromPromise<number>(() => {
      throw new Error('fetchUnreadCount actor not provided');
    }),
    fetchNotifications: fromPromise<NotificationList, { page: number; limit: number }>(() => {
      throw new Error('fetchNotifications actor not provided');
    }),
    markRead: fromPromise<number, { ids: string[] }>(() => {
      throw new Error('markRead actor not provided');
    }),
    markAllRead: fromPromise<void>(() => {
      throw new Error('markAllRead actor not provided');
    }),
  },
  guards: {
    hasMore: ({ context }) => context.hasMore,
    pageHasUnread: (_, list: NotificationList) => unreadIds(list).length > 0,
    /** The count says unread ones exist while the panel shows a loaded list. */
    unreadWhileShown: ({ context }) => context.unreadCount > 0 && context.page > 0,
  },
  actions: {
    setCount: assign((_, unreadCount: number) => ({ unreadCount })),
    clearList: assign({ items: [], page: 0, hasMore: false, toMark: [], error: null }),
    appendPage: assign(({ context }, list: NotificationList) => {
      const held = new Set(context.items.map((n) => n._id));
      return {
        items: [...context.items, ...list.notifications.filter((n) => !held.has(n._id))],
        page: context.page + 1,
        hasMore: list.hasMore,
        toMark: unreadIds(list),
        unreadCount: list.unreadCount,
        error: null,
      };
    }),
    markedAll: assign({ unreadCount: 0, toMark: [] }),
    rememberError: assign((_, error: string) => ({ error })),
    announceArrival: raise({ type: 'ARRIVED' as const }),
  },
}).createMachine({
  id: 'bell',
  context: { unreadCount: 0, items: [], page: 0, hasMore: false, toMark: [], error: null },
  type: 'parallel',
  states: {
    count: {
      initial: 'fetching',
      states: {
        fetching: {
          // A newer change while asking: ask again (the answer on its way may predate it). On
          // the region's own states: a re-entering transition on the region would re-enter the
          // whole parallel chart and close the panel.
          on: { REFRESH: { target: 'fetching', reenter: true } },
          invoke: {
            id: 'fetchUnreadCount',
            src: 'fetchUnreadCount',
            onDone: {
              target: 'idle',
              actions: [
                { type: 'setCount', params: ({ event }) => event.output },
                // The open panel reloads to show (and mark) them; a closed one ignores it.
                'announceArrival',
              ],
            },
            onError: 'idle',
          },
        },
        idle: { on: { REFRESH: 'fetching' } },
      },
    },
    panel: {
      initial: 'closed',
      states: {
        closed: {
          entry: 'clearList',
          on: { OPEN: 'open' },
        },
        open: {
          initial: 'loading',
          on: {
            CLOSE: 'closed',
            ARRIVED: { guard: 'unreadWhileShown', target: '.loading', reenter: true },
          },
          states: {
            loading: {
              entry: 'clearList',
              invoke: {
                id: 'fetchNotifications',
                src: 'fetchNotifications',
                input: () => ({ page: 1, limit: PAGE_SIZE.notifications }),
                onDone: [
                  {
                    guard: { type: 'pageHasUnread', params: ({ event }) => event.output },
                    target: 'markingSeen',
                    actions: { type: 'appendPage', params: ({ event }) => event.output },
                  },
                  {
                    target: 'ready',
                    actions: { type: 'appendPage', params: ({ event }) => event.output },
                  },
                ],
                onError: {
                  target: 'failed',
                  actions: {
                    type: 'rememberError',
                    params: ({ event }) => errorMessage(event.error, LOAD_FAILED),
                  },
                },
              },
            },
            loadingMore: {
              invoke: {
                id: 'fetchNotifications',
                src: 'fetchNotifications',
                input: ({ context }) => ({
                  page: context.page + 1,
                  limit: PAGE_SIZE.notifications,
                }),
                onDone: [
                  {
                    guard: { type: 'pageHasUnread', params: ({ event }) => event.output },
                    target: 'markingSeen',
                    actions: { type: 'appendPage', params: ({ event }) => event.output },
                  },
                  {
                    target: 'ready',
                    actions: { type: 'appendPage', params: ({ event }) => event.output },
                  },
                ],
                onError: 'ready',
              },
            },
            markingSeen: {
              invoke: {
                id: 'markRead',
                src: 'markRead',
                input: ({ context }) => ({ ids: context.toMark }),
                onDone: {
                  target: 'ready',
                  actions: { type: 'setCount', params: ({ event }) => event.output },
                },
                onError: 'ready',
              },
            },
            ready: {
              on: {
                LOAD_MORE: { guard: 'hasMore', target: 'loadingMore' },
                MARK_ALL: 'markingAll',
              },
            },
            markingAll: {
              invoke: {
                id: 'markAllRead',
                src: 'markAllRead',
                onDone: { target: 'ready', actions: 'markedAll' },
                onError: 'ready',
              },
            },
            failed: { on: { RETRY: 'loading' } },
          },
        },
      },
    },
  },
});

export type NotificationPanelSnapshot = SnapshotFrom<typeof notificationPanelMachine>;

/** The badge's text: nothing at 0, "99+" at the server's cap. */
export const badgeText = (count: number): string | null =>
  count <= 0 ? null : count >= UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP - 1}+` : String(count);

export const selectUnreadCount = (s: NotificationPanelSnapshot) => s.context.unreadCount;
export const selectBadge = (s: NotificationPanelSnapshot) => badgeText(s.context.unreadCount);
export const selectIsOpen = (s: NotificationPanelSnapshot) => s.matches({ panel: 'open' });
export const selectItems = (s: NotificationPanelSnapshot) => s.context.items;
/** The first page is loading (the panel shows a spinner). */
export const selectIsLoading = (s: NotificationPanelSnapshot) =>
  s.matches({ panel: { open: 'loading' } });
export const selectIsLoadingMore = (s: NotificationPanelSnapshot) =>
  s.matches({ panel: { open: 'loadingMore' } });
export const selectHasMore = (s: NotificationPanelSnapshot) => s.context.hasMore;
export const selectHasFailed = (s: NotificationPanelSnapshot) =>
  s.matches({ panel: { open: 'failed' } });
export const selectError = (s: NotificationPanelSnapshot) => s.context.error;
export const selectIsEmpty = (s: NotificationPanelSnapshot) =>
  s.matches({ panel: { open: 'ready' } }) && s.context.items.length === 0;
export const selectIsMarkingAll = (s: NotificationPanelSnapshot) =>
  s.matches({ panel: { open: 'markingAll' } });
