/**
 * Contract of the notifications calls (issue 23), an addition to API.md under /notifications:
 * the bell's list, its unread count, read marks and per-type settings.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ClosedBody, DateString, Id, LiteralUnion, PageQuery } from './common.js';
import { MARK_READ_MAX_IDS, PAGE_SIZE } from './limits.js';
import { ImageSizes, Owner } from './shapes.js';

import { NOTIFICATION_TYPES, type NotificationType } from './notification-types.js';

export { NOTIFICATION_TYPES, type NotificationType };

export const NotificationVideo = Type.Object({
  _id: Id,
  title: Type.String(),
  thumbnail: Type.String(),
  thumbnailSizes: ImageSizes,
});

/** Made by the database (server/notifications/notification-writes.ts): 16 random bytes in base64url. */
export const NOTIFICATION_ID_LENGTH = 22;
export const NotificationId = Type.String({
  minLength: NOTIFICATION_ID_LENGTH,
  maxLength: NOTIFICATION_ID_LENGTH,
  pattern: `^[A-Za-z0-9_-]{${NOTIFICATION_ID_LENGTH}}$`,
});

export const Notification = Type.Object({
  _id: NotificationId,
  type: LiteralUnion(NOTIFICATION_TYPES),
  read: Type.Boolean(),
  createdAt: DateString,
  /** Who did it: the uploader, the new subscriber, the commenter; null for milestones and jobs. */
  actor: Type.Union([Owner, Type.Null()]),
  /** The video it is about (new video, comment, milestone, processing); null for a subscriber. */
  video: Type.Union([NotificationVideo, Type.Null()]),
  /** The comment's id and its first characters (comment notifications). */
  comment: Type.Union([Type.Object({ _id: Id, excerpt: Type.String() }), Type.Null()]),
  /** The like count reached (likeMilestone). */
  milestone: Type.Union([Type.Integer(), Type.Null()]),
  /** How processing ended (videoReady): 'ready', or 'failed' (it still plays as uploaded). */
  outcome: Type.Union([Type.Literal('ready'), Type.Literal('failed'), Type.Null()]),
});
export type Notification = Static<typeof Notification>;

export const NotificationsQuery = Type.Intersect([
  PageQuery(PAGE_SIZE.notifications),
  Type.Object({
    /** unread: only those not read yet; all (default): unread first, then the rest, newest first. */
    filter: Type.Union([Type.Literal('all'), Type.Literal('unread')], { default: 'all' }),
  }),
]);
export type NotificationsQuery = Static<typeof NotificationsQuery>;

export const NotificationList = Type.Object({
  notifications: Type.Array(Notification),
  /** Whether a further page exists (no total: a channel's list can be long). */
  hasMore: Type.Boolean(),
  /** Unread ones, capped at UNREAD_COUNT_CAP. */
  unreadCount: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
});
export type NotificationList = Static<typeof NotificationList>;

export const UnreadCount = Type.Object({ unreadCount: Type.Integer() });
export type UnreadCount = Static<typeof UnreadCount>;

export const MarkReadBody = ClosedBody(
  Type.Object({
    ids: Type.Array(NotificationId, { minItems: 1, maxItems: MARK_READ_MAX_IDS }),
  }),
);
export type MarkReadBody = Static<typeof MarkReadBody>;

/** Each type on (true) or off; PATCH takes any subset. */
export const NotificationSettings = Type.Object(
  Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, Type.Boolean()])) as Record<
    NotificationType,
    ReturnType<typeof Type.Boolean>
  >,
);
export type NotificationSettings = Static<typeof NotificationSettings>;

export const NotificationSettingsPatch = ClosedBody(
  Type.Partial(NotificationSettings, {
    minProperties: 1,
  }),
);
export type NotificationSettingsPatch = Static<typeof NotificationSettingsPatch>;

/** GET /events (contract/live-events.ts): the video whose watch page is open, if any. */
export const LiveEventsQuery = Type.Object({
  video: Type.Optional(Id),
});
export type LiveEventsQuery = Static<typeof LiveEventsQuery>;
