/**
 * The bell panel's calls (issue 23; docs/notifications.md): the list, read marks and per-type
 * settings, as the promise actors of the panel's machines. The badge's count is unread-count.ts.
 */
import { fromPromise } from 'xstate';
import type {
  NotificationList,
  NotificationSettings,
  NotificationSettingsPatch,
  UnreadCount,
} from '../../contract/notifications';
import { request } from './client';

export const notificationPanelActors = {
  fetchNotifications: fromPromise<NotificationList, { page: number; limit: number }>(
    ({ input, signal }) =>
      request<NotificationList>({
        method: 'GET',
        url: '/notifications',
        params: { page: input.page, limit: input.limit },
        signal,
      }),
  ),
  markRead: fromPromise<number, { ids: string[] }>(async ({ input }) => {
    const data = await request<UnreadCount>({
      method: 'POST',
      url: '/notifications/mark-read',
      data: { ids: input.ids },
    });
    return data.unreadCount;
  }),
  markAllRead: fromPromise<void>(async () => {
    await request<UnreadCount>({ method: 'POST', url: '/notifications/mark-all-read' });
  }),
};

export const notificationSettingsActors = {
  fetchSettings: fromPromise<NotificationSettings>(({ signal }) =>
    request<NotificationSettings>({ method: 'GET', url: '/notifications/settings', signal }),
  ),
  saveSettings: fromPromise<NotificationSettings, { patch: NotificationSettingsPatch }>(
    ({ input }) =>
      request<NotificationSettings>({
        method: 'PATCH',
        url: '/notifications/settings',
        data: input.patch,
      }),
  ),
};

export type NotificationActors = typeof notificationPanelActors & typeof notificationSettingsActors;
