/**
 * The feed domain's door: the only file of server/feed/ that other domains, pages and the shell
 * import (docs/architecture.md, Layers). The feed and search (ranked full-text search, its
 * statistics and totals), the feed cache and its changes, the subscription feed, popular tags,
 * suggestions while typing and the log of searches that found something, Up next.
 */
export { feedAnswer, feedFiltersOf } from './feed-answer.http.js';
export { FeedCache } from './feed-cache.js';
export { popularTags } from './popular-tags.js';
export { announceFeedChange, followFeedChanges } from './feed-changes.js';
export type { FeedContext } from './feed-context.js';
export { default as feedRoutes } from './feed.routes.js';
export { SearchStatistics } from './search-density.js';
export { SearchLog } from './search-log.js';
export { default as suggestionsRoutes } from './suggestions.routes.js';
export { default as upNextRoutes } from './up-next.routes.js';
export { default as subscriptionFeedRoutes } from './subscription-feed.routes.js';
