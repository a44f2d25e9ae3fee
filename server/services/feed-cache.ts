/**
 * A short-lived, per-replica cache of public feed pages (home, tag, channel, search).
 *
 * One feed query costs a few milliseconds of database time, and the embedded database runs one
 * query at a time, so 50 viewers opening the home page together would queue behind each other.
 * Identical requests share one in-flight query (single flight) and its result for `ttlMs`. Writes
 * made through this replica (upload, edit, delete, publish toggle) clear it at once; anything else
 * (view counts, another replica's writes, a renamed channel) shows within `ttlMs`. Nothing here is
 * needed by another replica, so replicas stay stateless. `ttlMs` 0 turns the cache off.
 *
 * lru-cache does the keeping (TTL, least-recently-used bound, single flight through `fetch`); a
 * failed load is dropped, so the next caller loads again. This class only fixes the policy.
 */
import { LRUCache } from 'lru-cache';

/** Distinct feed pages kept (a page is a few kB to some tens of kB of JSON). */
const MAX_ENTRIES = 500;

/** What a value is loaded with: the caller's own load, handed to lru-cache's fetchMethod. */
type Load<T> = () => Promise<T>;

export class FeedCache<T extends NonNullable<unknown>> {
  private readonly cache: LRUCache<string, T, Load<T>> | undefined;

  constructor(
    ttlMs: number,
    {
      maxEntries = MAX_ENTRIES,
      clock,
    }: {
      maxEntries?: number;
      /** Where the TTL's time comes from (default performance.now); tests move it by hand. */
      clock?: { now(): number };
    } = {},
  ) {
    if (ttlMs <= 0) return;
    this.cache = new LRUCache<string, T, Load<T>>({
      max: maxEntries,
      ttl: ttlMs,
      ...(clock ? { perf: clock, ttlResolution: 0 } : {}),
      fetchMethod: (_key, _stale, { context }) => context(),
      // clear() aborts loads in flight; whoever already waits still gets that load's answer,
      // which clear() keeps out of the cache.
      ignoreFetchAbort: true,
    });
  }

  get(key: string, load: Load<T>): Promise<T> {
    if (!this.cache) return load();
    // fetchMethod never answers undefined (load() gives a T or rejects), so neither does fetch.
    return this.cache.fetch(key, { context: load }) as Promise<T>;
  }

  clear(): void {
    this.cache?.clear();
  }
}
