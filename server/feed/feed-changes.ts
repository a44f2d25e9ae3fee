/**
 * Keeps every replica's public caches (feed/feed-cache.ts: the feed and search pages, and the
 * suggestions) coherent with writes made anywhere: a write that changes what a public feed or
 * search page shows (an upload, an edit, a publish toggle, a delete, a channel's new name or
 * avatar) clears this replica's caches at once and announces `feed.changed` on the event bus, on
 * which every replica clears its own. The event carries ids only. An announcement lost (the bus
 * cut off, then back: `onGap`) clears everything too, and each cache's TTL stays the safety net
 * for whatever no event covers (view counts, a failed publish, others' searches).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { FeedChange } from '../context.js';
import type { EventBus } from '../events/event-bus.js';
import type { FeedCache } from './feed-cache.js';

export const FEED_CHANGED = 'feed.changed';

/** The caches a public write clears. */
type PublicCaches = readonly FeedCache<string>[];

/** Clears this replica's public caches now and announces the change to every replica. */
export async function announceFeedChange(
  ctx: { caches: PublicCaches; events: EventBus },
  change: FeedChange,
  log: FastifyBaseLogger,
): Promise<void> {
  for (const cache of ctx.caches) cache.clear();
  try {
    await ctx.events.publish({ topic: FEED_CHANGED, ...change });
  } catch (error) {
    // The write stands; other replicas show it within FEED_CACHE_MS instead of at once.
    log.warn({ err: error }, 'feed change not announced');
  }
}

/** Clears `caches` on every announced change and after any gap in the bus. */
export function followFeedChanges(events: EventBus, caches: PublicCaches): () => void {
  const clear = () => {
    for (const cache of caches) cache.clear();
  };
  const stopChanges = events.subscribe(FEED_CHANGED, clear);
  const stopGaps = events.onGap(clear);
  return () => {
    stopChanges();
    stopGaps();
  };
}
