/**
 * The notifications domain's door: the only file of server/notifications/ that other domains,
 * pages and the shell import (docs/architecture.md, Layers). The bell's notifications, written in
 * the transaction of what caused them, listed, read and set.
 */
export {
  isLikeMilestone,
  notificationWrite,
  notifyOne,
  notifyProcessingEnded,
  notifySubscribersOfVideo,
} from './notification-writes.js';
export type { OneNotification } from './notification-writes.js';
export { default as notificationsRoutes } from './notifications.routes.js';
