/**
 * The feed's answer as `GET /videos` sends it (the envelope, serialized), through the context's
 * feed cache (server/context.ts). The API route and the HTML of `/` (server/pages/first-screen-html.ts) share
 * it, so the page a visitor's HTML carries is the API's own answer, and the two share one query
 * per cache period.
 */
import type { FeedContext } from './feed-context.js';
import type { VideoFeedQuery, VideoList } from '../../contract/videos.js';
import { ok } from '../http/envelope.js';
import type { MediaUrls } from '../media/media-urls.js';
import { listFeed, type FeedFilters } from './video-feed.js';

/**
 * The feed's filters for a `GET /videos` query, as the route and the HTML of `/search` both read
 * it: normalised once here, so both ask the cache with the same key.
 */
export function feedFiltersOf(q: VideoFeedQuery): FeedFilters {
  return {
    userId: q.userId || undefined,
    query: q.query?.trim() || undefined,
    tag: q.tag?.trim().toLowerCase() || undefined,
    uploaded: q.uploaded,
    duration: q.duration,
    // Only a search is corrected, so only a search's cache key holds `exact`.
    exact: q.query?.trim() ? q.exact === true : undefined,
    sortBy: q.sortBy,
    sortType: q.sortType,
    page: q.page,
    limit: q.limit,
  };
}

export function feedAnswer(
  ctx: FeedContext,
  filters: FeedFilters,
  urls: MediaUrls,
): Promise<string> {
  // Media URLs depend on the origin the caller used, so it is part of the key.
  const key = JSON.stringify([urls.origin, filters]);
  return ctx.feedCache.get(key, async () => {
    const list = await listFeed(ctx, filters, urls, ctx.config.searchCountCap);
    noteFoundSearch(ctx, filters, list);
    return JSON.stringify(ok(list, 'Videos fetched'));
  });
}

/**
 * Remembers a search that found videos, for others' suggestions (search-log.ts): only its first
 * page, counted once per cache period (a viewer refreshing a search does not make it popular),
 * queued in memory so the answer never waits for it. A corrected search counts as its correction:
 * what was typed found nothing of its own.
 */
function noteFoundSearch(ctx: FeedContext, filters: FeedFilters, list: VideoList): void {
  if (!filters.query || filters.page !== 1 || list.videos.length === 0) return;
  ctx.searchLog.record(list.spelling?.applied ? list.spelling.corrected : filters.query);
}
