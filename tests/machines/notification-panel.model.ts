import { expect } from 'vitest';
import {
  badgeText,
  LOAD_FAILED,
  notificationPanelMachine,
  selectBadge,
  selectHasFailed,
  selectIsEmpty,
  selectIsLoading,
  selectIsOpen,
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
  name: 'notification bell and panel',
  machine: notificationPanelMachine,
  meaning: {
    count: 'the badge shows the last unread count known (nothing at 0, "99+" at the cap)',
    'count.fetching': 'one GET /notifications/unread-count runs',
    'count.idle': 'no count request runs',
    panel: 'the bell’s panel (or the /notifications page)',
    'panel.closed': 'no panel; nothing of a list is held',
    'panel.open': 'the panel is shown',
    'panel.open.loading': 'spinner: the first page (unread first) is being fetched',
    'panel.open.loadingMore': 'the list shows, with a spinner under it for the next page',
    'panel.open.markingSeen': 'the list shows; its page’s unread entries are being marked read',
    'panel.open.ready': 'the list shows (or "No notifications yet")',
    'panel.open.markingAll': 'the list shows; "Mark all as read" is busy',
    'panel.open.failed': 'the panel says the list could not be loaded and offers Retry',
  },
  promiseActors: ['fetchUnreadCount', 'fetchNotifications', 'markRead', 'markAllRead'],
  serialize: (snapshot) => {
    const { context, value } = snapshot as NotificationPanelSnapshot;
    return JSON.stringify({
      value: value as unknown,
      unread: context.unreadCount > 0,
      page: Math.min(context.page, 2),
      hasMore: context.hasMore,
      toMark: context.toMark.length > 0,
    });
  },
  events: {
    'xstate.done.actor.fetchUnreadCount': [
      { type: 'xstate.done.actor.fetchUnreadCount', output: 0 },
      { type: 'xstate.done.actor.fetchUnreadCount', output: 3 },
    ],
    'xstate.error.actor.fetchUnreadCount': [
      { type: 'xstate.error.actor.fetchUnreadCount', error: new Error('Network down') },
    ],
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
  },
  assert: (snapshot, fakes, step) => {
    const s = snapshot as NotificationPanelSnapshot;
    const { context } = s;
    expect(selectBadge(s)).toBe(badgeText(context.unreadCount));
    expect(s.children.fetchUnreadCount !== undefined).toBe(s.matches({ count: 'fetching' }));
    expect(selectIsOpen(s)).toBe(s.matches({ panel: 'open' }));
    // Re-reading the count leaves the panel exactly as it was.
    if (step.event.type === 'REFRESH') {
      const before = step.previous as NotificationPanelSnapshot;
      expect((s.value as { panel: unknown }).panel).toEqual(
        (before.value as { panel: unknown }).panel,
      );
    }

    if (s.matches({ panel: 'closed' }) || selectIsLoading(s)) {
      expect(context.items).toEqual([]);
      expect(context.page).toBe(0);
    }
    if (selectIsLoading(s)) {
      expect(s.children.fetchNotifications).toBeDefined();
      expect(fakes.lastInput('fetchNotifications')).toEqual({ page: 1, limit: 20 });
    }
    if (s.matches({ panel: { open: 'loadingMore' } })) {
      expect(context.hasMore).toBe(true);
      expect(fakes.lastInput('fetchNotifications')).toEqual({ page: context.page + 1, limit: 20 });
    }
    if (s.matches({ panel: { open: 'markingSeen' } })) {
      // Exactly the unread entries of the page just loaded.
      expect(fakes.lastInput('markRead')).toEqual({ ids: ['n1', 'n2'] });
      expect(context.toMark).toEqual(['n1', 'n2']);
    }
    if (s.matches({ panel: { open: 'ready' } })) {
      expect(context.page).toBeGreaterThan(0);
      expect(selectIsEmpty(s)).toBe(context.items.length === 0);
      if (step.event.type === 'xstate.done.actor.markAllRead') expect(context.unreadCount).toBe(0);
    }
    if (s.matches({ panel: { open: 'markingAll' } })) {
      expect(s.children.markAllRead).toBeDefined();
    }
    expect(selectHasFailed(s)).toBe(s.matches({ panel: { open: 'failed' } }));
    if (selectHasFailed(s)) expect(context.error).toBe(LOAD_FAILED);
    // Entries are listed once each, whatever pages repeat.
    const ids = context.items.map((n) => n._id);
    expect(new Set(ids).size).toBe(ids.length);
  },
};
