/** Notifications as the API lists them, for the bell's machine and view tests. */
import type { Notification, NotificationList } from '../../contract/notifications.js';

export function notification(id: string, read: boolean, overrides: Partial<Notification> = {}) {
  const entry: Notification = {
    _id: id,
    type: 'newSubscriber',
    read,
    createdAt: '2026-11-26T12:00:00.000Z',
    actor: {
      _id: `u-${id}`,
      userName: `fan_${id}`,
      fullName: `Fan ${id}`,
      avatar: 'http://x/a.webp',
    },
    video: null,
    comment: null,
    milestone: null,
    outcome: null,
    ...overrides,
  };
  return entry;
}

export function page(
  entries: Notification[],
  { hasMore = false, unreadCount = 0, page = 1 } = {},
): NotificationList {
  return { notifications: entries, hasMore, unreadCount, page, limit: 20 };
}
