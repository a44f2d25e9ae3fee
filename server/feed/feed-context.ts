import type { ServerContext } from '../context.js';
import type { FeedCache } from './feed-cache.js';
import type { SearchLog } from './search-log.js';
import type { SearchStatistics } from './search-density.js';

/** What feed and search need beyond the infrastructure. */
export interface FeedContext extends ServerContext {
  /** The planner's statistics of `db`'s search document (search-density.ts). */
  searchStats: SearchStatistics;
  /**
   * Public feed pages as `GET /videos` sends them (serialized envelopes), for FEED_CACHE_MS;
   * writes on any replica clear it (feed-changes.ts).
   */
  feedCache: FeedCache<string>;
  /**
   * Suggestions as `GET /search/suggestions` sends them (serialized envelopes), per typed text,
   * for SUGGESTIONS_CACHE_MS; cleared with the feed cache.
   */
  suggestionsCache: FeedCache<string>;
  /** Searches that found videos, written in batches for the suggestions (search-log.ts). */
  searchLog: SearchLog;
}
