/**
 * The bell (issue 23; an addition to API.md, documented in docs/notifications.md and OpenAPI):
 * the caller's notifications, unread count, read marks and per-type settings. All signed-in.
 */
import { Envelope } from '../../contract/common.js';
import {
  MarkReadBody,
  NotificationList,
  NotificationSettings,
  NotificationSettingsPatch,
  NotificationsQuery,
  UnreadCount,
} from '../../contract/notifications.js';
import { callerId } from '../auth/plugin.js';
import { ok } from '../http/envelope.js';
import { multipartFieldsToBody } from '../http/multipart.js';
import type { App, RouteOptions } from '../http/app-types.js';
import {
  listNotifications,
  markAllRead,
  markRead,
  notificationSettings,
  unreadCount,
  updateNotificationSettings,
} from './notifications.js';
import { errorResponses, mediaUrlsOf } from '../http/route-helpers.js';

const tags = ['notifications'];
const security = [{ cookieAuth: [] }];

export default async function notificationsRoutes(app: App, { ctx }: RouteOptions) {
  app.get(
    '/',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: "The caller's notifications: unread first, then the rest, newest first",
        querystring: NotificationsQuery,
        response: { 200: Envelope(NotificationList), ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      ok(
        await listNotifications(
          ctx.db,
          callerId(request),
          request.query,
          mediaUrlsOf(request, ctx),
        ),
        'Notifications fetched',
      ),
  );

  app.get(
    '/unread-count',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'How many notifications the caller has not read (at most 100)',
        response: { 200: Envelope(UnreadCount), ...errorResponses(401) },
      },
    },
    async (request) =>
      ok({ unreadCount: await unreadCount(ctx.db, callerId(request)) }, 'Unread count'),
  );

  app.post(
    '/mark-read',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Marks some of the caller’s notifications read (ids of others are ignored)',
        body: MarkReadBody,
        response: { 200: Envelope(UnreadCount), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const userId = callerId(request);
      const unread = await markRead(ctx, userId, request.body.ids);
      return ok({ unreadCount: unread }, 'Notifications marked read');
    },
  );

  app.post(
    '/mark-all-read',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Marks every notification of the caller read',
        response: { 200: Envelope(UnreadCount), ...errorResponses(401) },
      },
    },
    async (request) => {
      await markAllRead(ctx, callerId(request));
      return ok({ unreadCount: 0 }, 'All notifications marked read');
    },
  );

  app.get(
    '/settings',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Which notification types the caller receives',
        response: { 200: Envelope(NotificationSettings), ...errorResponses(401) },
      },
    },
    async (request) =>
      ok(await notificationSettings(ctx.db, callerId(request)), 'Notification settings'),
  );

  app.patch(
    '/settings',
    {
      onRequest: app.requireAuth,
      // API.md: a JSON call may also come as form fields (read from text, http/form-bodies.ts).
      preValidation: multipartFieldsToBody,
      schema: {
        tags,
        security,
        summary: 'Switches notification types on (true) or off (false); others stay as they are',
        consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
        body: NotificationSettingsPatch,
        response: { 200: Envelope(NotificationSettings), ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      ok(
        await updateNotificationSettings(ctx.db, callerId(request), request.body),
        'Notification settings updated',
      ),
  );
}
