export {
  isLikeMilestone,
  notifyOne,
  notifyProcessingEnded,
  notifySubscribersOfVideo,
} from './notification-writes.js';
export { default as notificationsRoutes } from './notifications.routes.js';
