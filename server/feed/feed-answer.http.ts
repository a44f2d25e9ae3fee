/**
 * The feed's answer as `GET /videos` sends it (the envelope, serialized), through the context's
 * feed cache (server/context.ts). The API route and the HTML of `/` (server/pages/first-screen-html.ts) share
 * it, so the page a visitor's HTML carries is the API's own answer, and the two share one query
 * per cache period.
 */
import type { FeedContext } from './feed-context.js';
import { ok } from '../http/envelope.js';
import type { MediaUrls } from '../media/media-urls.js';
import { listFeed, type FeedFilters } from './video-feed.js';

export function feedAnswer(
  ctx: FeedContext,
  filters: FeedFilters,
  urls: MediaUrls,
): Promise<string> {
  // Media URLs depend on the origin the caller used, so it is part of the key.
  const key = JSON.stringify([urls.origin, filters]);
  return ctx.feedCache.get(key, async () =>
    JSON.stringify(
      ok(await listFeed(ctx, filters, urls, ctx.config.searchCountCap), 'Videos fetched'),
    ),
  );
}
