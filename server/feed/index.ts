export { feedAnswer } from './feed-answer.http.js';
export { FeedCache } from './feed-cache.js';
export { announceFeedChange, followFeedChanges } from './feed-changes.js';
export type { FeedContext } from './feed-context.js';
export { default as feedRoutes } from './feed.routes.js';
export { SearchStatistics } from './search-density.js';
export { default as subscriptionFeedRoutes } from './subscription-feed.routes.js';
