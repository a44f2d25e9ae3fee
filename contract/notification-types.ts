/**
 * What a notification can be about (issue 23); also the keys of the per-type settings. Free of
 * TypeBox: the SPA imports it (contract/notifications.ts holds the schemas).
 */
export const NOTIFICATION_TYPES = [
  'newVideo',
  'newSubscriber',
  'comment',
  'likeMilestone',
  'videoReady',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
