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
  /** Issue 33: a reply to one's comment or reply. */
  'reply',
  /** Issue 33: an @userName of oneself in a comment or reply. */
  'mention',
  /** Issue 33: the video's creator hearted one's comment or reply. */
  'heart',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
