/** Reading the bell through the API, as the SPA does, for the notification suites. */
import { expect } from 'vitest';
import type { Notification, NotificationList } from '../../contract/notifications.js';
import type { TestUser } from './auth-helpers.js';
import type { TestApp } from './helpers.js';

export async function bell(t: TestApp, user: TestUser, query = ''): Promise<NotificationList> {
  const res = await t.app.inject({ url: `/api/v1/notifications${query}`, headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: NotificationList }>().data;
}

export async function unread(t: TestApp, user: TestUser): Promise<number> {
  const res = await t.app.inject({
    url: '/api/v1/notifications/unread-count',
    headers: user.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { unreadCount: number } }>().data.unreadCount;
}

/** The user's notifications of one type. */
export async function ofType(
  t: TestApp,
  user: TestUser,
  type: Notification['type'],
): Promise<Notification[]> {
  return (await bell(t, user, '?limit=50')).notifications.filter((n) => n.type === type);
}

export function setSettings(t: TestApp, user: TestUser, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'PATCH',
    url: '/api/v1/notifications/settings',
    headers: user.headers,
    payload,
  });
}

export const subscribe = (t: TestApp, user: TestUser, channelId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/subscriptions/c/${channelId}`,
    headers: user.headers,
  });
