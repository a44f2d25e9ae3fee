export { default as subscribedChannelsRoutes } from './subscribed-channels.routes.js';
export { default as subscriptionsRoutes } from './subscriptions.routes.js';
