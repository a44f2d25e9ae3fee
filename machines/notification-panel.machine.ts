/**
 * The bell's panel (issue 23): the list of notifications under the bell (a page on phones),
 * unread first. Opening it marks what it shows as seen. An actor of this machine lives while the
 * panel is shown: it starts loading when the panel opens and stops when it closes. The badge's
 * count is unread-count.machine.ts, which runs on every signed-in page; this one (and the
 * panel's code) loads only when the panel is first wanted.
 *
 * Events:  LOAD_MORE (its bottom came into view) · RETRY (after a failed load) · MARK_ALL (the
 *          panel's "Mark all as read") · COUNTED { unreadCount } (the badge's machine fetched a
 *          count: unread ones may have arrived)
 * Actors:  fetchNotifications — input { page, limit }, output NotificationList;
 *          markRead — input { ids }, output the new unread count; markAllRead — output nothing
 * Emitted: countChanged { unreadCount } — a call returned the unread count (the badge shows it)
 *
 * Choices where the spec is silent (also in docs/notifications.md):
 * - "Seen" is "read": each page the panel loads marks its unread entries read at once; they keep
 *   their unread look until the panel is opened again, so the reader sees what was new.
 * - A notification arriving while the panel is open reloads its first page (the count says one
 *   arrived; the list is short and newest first), which marks it seen too.
 * - A failed mark keeps the entries unread (the next opening tries again); a failed further page
 *   leaves the list as it is, LOAD_MORE tries again.
 */
import { assign, emit, fromPromise, setup, type DoneActorEvent, type SnapshotFrom } from 'xstate';
import { PAGE_SIZE } from '../contract/limits.js';
import type { Notification, NotificationList } from '../contract/notifications.js';
import { errorMessage } from './validation.js';

export interface NotificationPanelContext {
  items: Notification[];
  /** Pages loaded so far. */
  page: number;
  hasMore: boolean;
  /** Unread entries of the page loaded last: the ones to mark seen. */
  toMark: string[];
  error: string | null;
}

export type NotificationPanelEvent =
  /** The panel's bottom came into view. */
  | { type: 'LOAD_MORE' }
  /** The panel's Retry after its first page failed. */
  | { type: 'RETRY' }
  /** "Mark all as read". */
  | { type: 'MARK_ALL' }
  /** The badge's machine fetched the unread count (the notifications changed). */
  | { type: 'COUNTED'; unreadCount: number };

export type NotificationPanelEmitted = { type: 'countChanged'; unreadCount: number };

export const LOAD_FAILED = 'Could not load notifications.';

const unreadIds = (list: NotificationList) =>
  list.notifications.filter((n) => !n.read).map((n) => n._id);

type PageEvent = { event: DoneActorEvent<NotificationList> };
const pageActions = [
  { type: 'appendPage' as const, params: ({ event }: PageEvent) => event.output },
  { type: 'tellCount' as const, params: ({ event }: PageEvent) => event.output.unreadCount },
];
/** A page arrived (the first or a further one): shown and its count told; marked seen if unread. */
const pageArrived = [
  {
    guard: { type: 'pageHasUnread' as const, params: ({ event }: PageEvent) => event.output },
    target: 'markingSeen',
    actions: pageActions,
  },
  { target: 'ready', actions: pageActions },
];

export const notificationPanelMachine = setup({
  types: {
    context: {} as NotificationPanelContext,
    events: {} as NotificationPanelEvent,
    emitted: {} as NotificationPanelEmitted,
  },
  actors: {
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
    unreadWhileShown: ({ context }, unreadCount: number) => unreadCount > 0 && context.page > 0,
  },
  actions: {
    clearList: assign({ items: [], page: 0, hasMore: false, toMark: [], error: null }),
    appendPage: assign(({ context }, list: NotificationList) => {
      const held = new Set(context.items.map((n) => n._id));
      return {
        items: [...context.items, ...list.notifications.filter((n) => !held.has(n._id))],
        page: context.page + 1,
        hasMore: list.hasMore,
        toMark: unreadIds(list),
        error: null,
      };
    }),
    clearToMark: assign({ toMark: [] }),
    rememberError: assign((_, error: string) => ({ error })),
    tellCount: emit((_, unreadCount: number) => ({ type: 'countChanged' as const, unreadCount })),
  },
}).createMachine({
  id: 'notificationPanel',
  context: { items: [], page: 0, hasMore: false, toMark: [], error: null },
  initial: 'loading',
  on: {
    COUNTED: {
      guard: { type: 'unreadWhileShown', params: ({ event }) => event.unreadCount },
      target: '.loading',
      reenter: true,
    },
  },
  states: {
    loading: {
      entry: 'clearList',
      invoke: {
        id: 'fetchNotifications',
        src: 'fetchNotifications',
        input: () => ({ page: 1, limit: PAGE_SIZE.notifications }),
        onDone: pageArrived,
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
        onDone: pageArrived,
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
          actions: { type: 'tellCount', params: ({ event }) => event.output },
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
        onDone: { target: 'ready', actions: ['clearToMark', { type: 'tellCount', params: 0 }] },
        onError: 'ready',
      },
    },
    failed: { on: { RETRY: 'loading' } },
  },
});

export type NotificationPanelSnapshot = SnapshotFrom<typeof notificationPanelMachine>;

export const selectItems = (s: NotificationPanelSnapshot) => s.context.items;
/** The first page is loading (the panel shows a spinner). */
export const selectIsLoading = (s: NotificationPanelSnapshot) => s.matches('loading');
export const selectIsLoadingMore = (s: NotificationPanelSnapshot) => s.matches('loadingMore');
export const selectHasMore = (s: NotificationPanelSnapshot) => s.context.hasMore;
export const selectHasFailed = (s: NotificationPanelSnapshot) => s.matches('failed');
export const selectError = (s: NotificationPanelSnapshot) => s.context.error;
export const selectIsEmpty = (s: NotificationPanelSnapshot) =>
  s.matches('ready') && s.context.items.length === 0;
export const selectIsMarkingAll = (s: NotificationPanelSnapshot) => s.matches('markingAll');
