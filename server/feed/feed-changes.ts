/**
 * Keeps every replica's feed cache (feed/feed-cache.ts) coherent with writes made anywhere: a
 * write that changes what a public feed or search page shows (an upload, an edit, a publish
 * toggle, a delete, a channel's new name or avatar) clears this replica's cache at once and
 * announces `feed.changed` on the event bus, on which every replica clears its own. The event
 * carries ids only. An announcement lost (the bus cut off, then back: `onGap`) clears everything
 * too, and the cache's FEED_CACHE_MS stays the safety net for whatever no event covers (view
 * counts, a failed publish).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { FeedChange } from '../context.js';
import type { EventBus } from '../events/event-bus.js';
import type { FeedCache } from './feed-cache.js';

export const FEED_CHANGED = 'feed.changed';

/** Clears this replica's feed cache now and announces the change to every replica. */
export async function announceFeedChange(
  ctx: { feedCache: FeedCache<string>; events: EventBus },
  change: FeedChange,
  log: FastifyBaseLogger,
): Promise<void> {
  ctx.feedCache.clear();
  try {
    await ctx.events.publish({ topic: FEED_CHANGED, ...change });
  } catch (error) {
    // The write stands; other replicas show it within FEED_CACHE_MS instead of at once.
    log.warn({ err: error }, 'feed change not announced');
  }
}

/** Clears `cache` on every announced change and after any gap in the bus. */
export function followFeedChanges(events: EventBus, cache: FeedCache<string>): () => void {
  const stopChanges = events.subscribe(FEED_CHANGED, () => cache.clear());
  const stopGaps = events.onGap(() => cache.clear());
  return () => {
    stopChanges();
    stopGaps();
  };
}
