/**
 * The feed's answer as `GET /videos` sends it (the envelope, serialized), through one FeedCache
 * per app context. The API route and the HTML of `/` (first-screen-html.ts) share it, so the page
 * a visitor's HTML carries is the API's own answer, and the two share one query per cache period.
 */
import type { AppContext } from '../context.js';
import { FeedCache } from '../services/feed-cache.js';
import { listFeed, type FeedFilters } from '../services/video-feed.js';
import type { MediaUrls } from '../services/video-dto.js';
import { ok } from './envelope.js';

const caches = new WeakMap<AppContext, FeedCache<string>>();

/** The context's feed cache; video writes clear it (routes/videos.ts). */
export function feedCacheOf(ctx: AppContext): FeedCache<string> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new FeedCache<string>(ctx.config.feedCacheMs);
    caches.set(ctx, cache);
  }
  return cache;
}

export function feedAnswer(
  ctx: AppContext,
  filters: FeedFilters,
  urls: MediaUrls,
): Promise<string> {
  // Media URLs depend on the origin the caller used, so it is part of the key.
  const key = JSON.stringify([urls.origin, filters]);
  return feedCacheOf(ctx).get(key, async () =>
    JSON.stringify(
      ok(await listFeed(ctx, filters, urls, ctx.config.searchCountCap), 'Videos fetched'),
    ),
  );
}
