/**
 * A short-lived, per-replica cache of public feed pages (home, tag, channel, search).
 *
 * One feed query costs a few milliseconds of database time, and the embedded database runs one
 * query at a time, so 50 viewers opening the home page together would queue behind each other.
 * Identical requests share one in-flight query (single flight) and its result for `ttlMs`. Writes
 * made through this replica (upload, edit, delete, publish toggle) clear it at once; anything else
 * (view counts, another replica's writes, a renamed channel) shows within `ttlMs`. Nothing here is
 * needed by another replica, so replicas stay stateless. `ttlMs` 0 turns the cache off.
 */
const MAX_ENTRIES = 500;

interface Entry<T> {
  expiresAt: number;
  value: Promise<T>;
}

export class FeedCache<T> {
  private entries = new Map<string, Entry<T>>();

  constructor(private readonly ttlMs: number) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    const value = load();
    // A failed load must not be served to the next caller.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    this.entries.delete(key);
    this.entries.set(key, { expiresAt: now + this.ttlMs, value });
    if (this.entries.size > MAX_ENTRIES) {
      // Map keeps insertion order: the first key is the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
