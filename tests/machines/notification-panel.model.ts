import { expect } from 'vitest';
import {
  LOAD_FAILED,
  notificationPanelMachine,
  selectHasFailed,
  selectIsEmpty,
  selectIsLoading,
  type NotificationPanelSnapshot,
} from '../../machines/notification-panel.machine.js';
import type { Model } from '../support/model.js';
import { notification, page } from './notification-fixtures.js';

/** A first page with two unread entries and more to come; a last page, all read. */
const withUnread = page(
  [notification('n1', false), notification('n2', false), notification('n3', true)],
  {
    hasMore: true,
    unreadCount: 2,
  },
);
const allRead = page([notification('n4', true)], { hasMore: false, unreadCount: 0 });

export const model: Model<typeof notificationPanelMachine> = {
  name: 'notification bell: the panel',
  machine: notificationPanelMachine,
  meaning: {
    loading: 'spinner: the first page (unread first) is being fetched; nothing of a list is held',
    loadingMore: 'the list shows, with a spinner under it for the next page',
    markingSeen: 'the list shows; its page’s unread entries are being marked read',
    ready: 'the list shows (or "No notifications yet")',
    markingAll: 'the list shows; "Mark all as read" is busy',
    failed: 'the panel says the list could not be loaded and offers Retry',
  },
  promiseActors: ['fetchNotifications', 'markRead', 'markAllRead'],
  serialize: (snapshot) => {
    const { context, value } = snapshot as NotificationPanelSnapshot;
    return JSON.stringify({
      value: value as unknown,
      page: Math.min(context.page, 2),
      hasMore: context.hasMore,
      toMark: context.toMark.length > 0,
    });
  },
  events: {
    'xstate.done.actor.fetchNotifications': [
      { type: 'xstate.done.actor.fetchNotifications', output: withUnread },
      { type: 'xstate.done.actor.fetchNotifications', output: allRead },
    ],
    'xstate.error.actor.fetchNotifications': [
      { type: 'xstate.error.actor.fetchNotifications', error: new Error('') },
    ],
    'xstate.done.actor.markRead': [{ type: 'xstate.done.actor.markRead', output: 0 }],
    'xstate.error.actor.markRead': [
      { type: 'xstate.error.actor.markRead', error: new Error('Network down') },
    ],
    'xstate.done.actor.markAllRead': [{ type: 'xstate.done.actor.markAllRead', output: undefined }],
    'xstate.error.actor.markAllRead': [
      { type: 'xstate.error.actor.markAllRead', error: new Error('Network down') },
    ],
    // The badge's machine fetched a count: none unread, or some arrived.
    COUNTED: [
      { type: 'COUNTED', unreadCount: 0 },
      { type: 'COUNTED', unreadCount: 2 },
    ],
  },
  assert: (snapshot, fakes, step) => {
    const s = snapshot as NotificationPanelSnapshot;
    const { context } = s;
    const { event } = step;
    const before = step.previous as NotificationPanelSnapshot | undefined;

    if (selectIsLoading(s)) {
      expect(context.items).toEqual([]);
      expect(context.page).toBe(0);
      expect(s.children.fetchNotifications).toBeDefined();
      expect(fakes.lastInput('fetchNotifications')).toEqual({ page: 1, limit: 20 });
    }
    if (s.matches('loadingMore')) {
      expect(context.hasMore).toBe(true);
      expect(fakes.lastInput('fetchNotifications')).toEqual({ page: context.page + 1, limit: 20 });
    }
    if (s.matches('markingSeen')) {
      // Exactly the unread entries of the page just loaded.
      expect(fakes.lastInput('markRead')).toEqual({ ids: ['n1', 'n2'] });
      expect(context.toMark).toEqual(['n1', 'n2']);
    }
    if (s.matches('ready')) {
      expect(context.page).toBeGreaterThan(0);
      expect(selectIsEmpty(s)).toBe(context.items.length === 0);
    }
    if (s.matches('markingAll')) expect(s.children.markAllRead).toBeDefined();
    expect(selectHasFailed(s)).toBe(s.matches('failed'));
    if (selectHasFailed(s)) expect(context.error).toBe(LOAD_FAILED);
    // Entries are listed once each, whatever pages repeat.
    const ids = context.items.map((n) => n._id);
    expect(new Set(ids).size).toBe(ids.length);

    // The counts its calls return go to the badge, and nothing else does.
    const tellers: Record<string, () => number> = {
      'xstate.done.actor.fetchNotifications': () => (event.output as typeof withUnread).unreadCount,
      'xstate.done.actor.markRead': () => event.output as number,
      'xstate.done.actor.markAllRead': () => 0,
    };
    const told = tellers[event.type]?.();
    expect(step.emitted).toEqual(
      told === undefined ? [] : [{ type: 'countChanged', unreadCount: told }],
    );
    // A fetched count reloads a loaded list when it says unread ones exist; else nothing moves.
    if (event.type === 'COUNTED' && before) {
      const reload = (event.unreadCount as number) > 0 && before.context.page > 0;
      if (reload) expect(selectIsLoading(s)).toBe(true);
      else expect(s.value).toEqual(before.value);
    }
  },
};
