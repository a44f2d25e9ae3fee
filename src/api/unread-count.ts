/**
 * The bell's badge call (issue 23; docs/notifications.md): the unread count. Apart from the
 * panel's calls (notifications.ts): every signed-in page loads this one at once, the panel's
 * only when the panel is first wanted.
 */
import { fromPromise } from 'xstate';
import type { UnreadCount } from '../../contract/notifications';
import { request } from './client';

export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  const data = await request<UnreadCount>({
    method: 'GET',
    url: '/notifications/unread-count',
    signal,
  });
  return data.unreadCount;
}

export const unreadCountActors = {
  fetchUnreadCount: fromPromise<number>(({ signal }) => fetchUnreadCount(signal)),
};

export type UnreadCountActors = typeof unreadCountActors;
