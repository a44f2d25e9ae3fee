/**
 * FeedCache on its own (server/feed/feed-cache.ts): what the feed route relies on when 50
 * viewers open the home page together. The route-level test (feed-cache.test.ts) shows that
 * video writes clear it; here: single flight, TTL, a failed load not kept, the size bound.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { FeedCache } from '../../server/feed/feed-cache.js';

/** A load whose answer the test gives when it wants, counting how often it was started. */
function controlledLoad() {
  let calls = 0;
  const pending: { resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  const load = () => {
    calls += 1;
    return new Promise<string>((resolve, reject) => pending.push({ resolve, reject }));
  };
  return { load, calls: () => calls, settle: (i: number) => pending[i]! };
}

describe('FeedCache', () => {
  let now = 1;
  const clock = { now: () => now };
  beforeEach(() => {
    now = 1;
  });

  it('runs one load for callers that ask for the same key at once', async () => {
    const cache = new FeedCache<string>(1000);
    const { load, calls, settle } = controlledLoad();
    const answers = Promise.all([cache.get('home', load), cache.get('home', load)]);
    expect(calls()).toBe(1);
    settle(0).resolve('page 1');
    expect(await answers).toEqual(['page 1', 'page 1']);
    // Another key is its own entry.
    void cache.get('tag:music', load);
    expect(calls()).toBe(2);
  });

  it('serves the answer for the TTL, then loads again', async () => {
    const cache = new FeedCache<string>(1000, { clock });
    let n = 0;
    const load = () => Promise.resolve(`answer ${++n}`);
    expect(await cache.get('home', load)).toBe('answer 1');
    now += 900;
    expect(await cache.get('home', load)).toBe('answer 1');
    now += 200;
    expect(await cache.get('home', load)).toBe('answer 2');
  });

  it('does not keep a failed load: the next caller loads again', async () => {
    const cache = new FeedCache<string>(60_000);
    const { load, calls, settle } = controlledLoad();
    const first = cache.get('home', load);
    const sharing = cache.get('home', load);
    settle(0).reject(new Error('database down'));
    // Callers already waiting share the failure …
    await expect(first).rejects.toThrow('database down');
    await expect(sharing).rejects.toThrow('database down');
    // … but it is not served to the next one.
    const retry = cache.get('home', load);
    expect(calls()).toBe(2);
    settle(1).resolve('page 1');
    expect(await retry).toBe('page 1');
  });

  it('keeps at most maxEntries keys, dropping the least recently used', async () => {
    const cache = new FeedCache<string>(60_000, { maxEntries: 2 });
    let loads = 0;
    const load = (key: string) => () => Promise.resolve(`${key} ${++loads}`);
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    await cache.get('a', load('a')); // a is used again: b is now the oldest
    await cache.get('c', load('c'));
    expect(loads).toBe(3);
    expect(await cache.get('a', load('a'))).toBe('a 1');
    expect(await cache.get('b', load('b'))).toBe('b 4');
  });

  it('forgets everything on clear(), and an answer still loading is not kept after it', async () => {
    const cache = new FeedCache<string>(60_000);
    const { load, calls, settle } = controlledLoad();
    const before = cache.get('home', load);
    cache.clear();
    settle(0).resolve('written before the clear');
    // The caller who asked before the clear gets its answer …
    expect(await before).toBe('written before the clear');
    // … and a caller after it reads anew.
    const after = cache.get('home', load);
    expect(calls()).toBe(2);
    settle(1).resolve('fresh');
    expect(await after).toBe('fresh');
  });

  it('is off with a TTL of 0: every call loads', async () => {
    const cache = new FeedCache<string>(0);
    let n = 0;
    const load = () => Promise.resolve(`answer ${++n}`);
    await cache.get('home', load);
    expect(await cache.get('home', load)).toBe('answer 2');
  });
});
