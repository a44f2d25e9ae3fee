/**
 * The channels domain's door: the only file of server/channels/ that other domains, pages and the
 * shell import (docs/architecture.md, Layers). Subscriptions (toggle, subscribers, subscribed
 * channels) and the channels a search names.
 */
export { default as channelSearchRoutes } from './channel-search.routes.js';
export { searchChannels } from './channel-search.js';
export { default as subscribedChannelsRoutes } from './subscribed-channels.routes.js';
export { default as subscriptionsRoutes } from './subscriptions.routes.js';
