/**
 * How a broad search reads its candidates (feed/search-density.ts): the choice follows the
 * planner's statistics of the search document, and every way gives the same pages.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { videos } from '../../server/db/schema.js';
import {
  candidatePaths,
  readsThroughSearchIndex,
  SearchStatistics,
  type LexemeStats,
} from '../../server/feed/search-density.js';
import { countSearch } from '../../server/feed/search-total.js';
import { relevantSearch, searchQueries, type SourcePath } from '../../server/feed/video-search.js';
import { createUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';

const stats = (videos: number, shares: Record<string, number>): LexemeStats => ({
  shares: new Map(Object.entries(shares)),
  otherShare: 0.001,
  videos,
  published: videos,
});

describe('readsThroughSearchIndex', () => {
  const catalogue = stats(100_000, { music: 0.25, guitar: 0.021, riff: 0.021 });

  it('walks the feed index for a common word and reads a less common one through the index', () => {
    expect(readsThroughSearchIndex(catalogue, ['music'], 200)).toBe(false);
    expect(readsThroughSearchIndex(catalogue, ['guitar', 'riff'], 200)).toBe(true);
    expect(readsThroughSearchIndex(catalogue, ['capacitor'], 200)).toBe(true);
  });

  it('adds the shares of the words, any of which is a match', () => {
    const many = stats(100_000, { a: 0.05, b: 0.05, c: 0.05 });
    expect(readsThroughSearchIndex(many, ['a'], 200)).toBe(true);
    expect(readsThroughSearchIndex(many, ['a', 'b', 'c'], 200)).toBe(false);
  });

  it('walks for the same share in a ten times larger catalogue, and reads deep pages through the index', () => {
    const large = stats(1_000_000, { guitar: 0.021, riff: 0.021 });
    expect(readsThroughSearchIndex(large, ['guitar', 'riff'], 200)).toBe(false);
    expect(readsThroughSearchIndex(large, ['guitar', 'riff'], 2_000)).toBe(true);
  });

  it('leaves the choice to the planner without statistics or lexemes', () => {
    expect(readsThroughSearchIndex(undefined, ['music'], 200)).toBeUndefined();
    expect(readsThroughSearchIndex(catalogue, [], 200)).toBeUndefined();
    expect(readsThroughSearchIndex(catalogue, null, 200)).toBeUndefined();
  });
});

describe('search density on a database', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t, 'density_owner');
    const base = Date.UTC(2025, 0, 1);
    // 260 videos, four in five about drums: more than one rank window (200) of matches.
    const rows = Array.from({ length: 260 }, (_, i) => ({
      id: `density${String(i).padStart(9, '0')}`,
      ownerId: owner.id,
      title: i % 5 ? `Drums lesson ${i}` : `Cooking pasta ${i}`,
      description: i % 6 === 0 ? 'drums drums groove' : 'an evening at home',
      tags: i % 5 ? ['drums'] : ['food'],
      duration: 5,
      videoKey: `videos/d${i}.mp4`,
      thumbnailKey: `thumbnails/d${i}.webp`,
      createdAt: new Date(base + i * 60_000),
    }));
    await t.ctx.db.insert(videos).values(rows);
    await t.ctx.db.execute(sql`analyze videos`);
  });
  afterAll(() => t.close());

  it("reads the lexemes' shares and the catalogue's size from the planner's statistics", async () => {
    const read = await t.ctx.searchStats.current();
    expect(read?.videos).toBeGreaterThanOrEqual(260);
    expect(read?.shares.get('drum')).toBeCloseTo(0.8, 1);
    expect(read?.shares.get('pasta')).toBeCloseTo(0.2, 1);
  });

  it('gives the same pages whichever way the candidates are read, each match once', async () => {
    const search = searchQueries('drums groove');
    const where = and(eq(videos.isPublished, true), sql`${videos.searchVector} @@ ${search.any}`);
    const scope = { where, search, narrowed: false, cap: 1_000, offset: 0, limit: 12 };
    const { compiled, total } = await countSearch(t.ctx.db, scope);
    expect(compiled).toEqual({
      lexemes: ['drum', 'groov'],
      any: "'drum' | 'groov'",
      all: "'drum' & 'groov'",
    });
    expect(total).toBe(217); // 208 about drums, 9 more grooves
    const paths: SourcePath[] = ['index', 'walk', 'planner'];
    const pagesOf = async (any: SourcePath, all: SourcePath) => {
      const ids: string[] = [];
      for (let offset = 0; offset < 240; offset += 12) {
        const base = eq(videos.isPublished, true);
        const plan = { kind: 'candidates', paths: { any, all, title: all }, base } as const;
        const rows = await relevantSearch(t.ctx.db, where, search, offset, 12, plan);
        ids.push(...rows.map((r) => r.id));
      }
      return ids;
    };
    const first = await pagesOf('index', 'index');
    expect(first).toHaveLength(217);
    expect(new Set(first).size).toBe(217);
    for (const any of paths) {
      for (const all of paths) expect(await pagesOf(any, all)).toEqual(first);
    }
    // Every match ranked: the candidates (at least 200) hold the same first pages.
    const every = await relevantSearch(t.ctx.db, where, search, 0, 48, { kind: 'every' });
    expect(every.map((r) => r.id)).toEqual(first.slice(0, 48));
    // Videos holding both words first.
    expect(every[0]?.description).toBe('drums drums groove');
  });

  it('reads the candidates as the statistics say, titles by their own', () => {
    const catalogue: LexemeStats = {
      ...stats(100_000, { music: 0.25, capacitor: 0.0005 }),
      title: { shares: new Map([['music', 0.0001]]), otherShare: 0.0001 },
    };
    expect(candidatePaths(catalogue, ['music'])).toEqual({
      any: 'walk',
      all: 'walk',
      title: 'index',
    });
    expect(candidatePaths(catalogue, ['capacitor'])).toEqual({
      any: 'index',
      all: 'index',
      title: 'index',
    });
    expect(candidatePaths(catalogue, ['music', 'capacitor'])).toMatchObject({
      any: 'walk',
      all: 'index',
    });
    expect(candidatePaths(stats(100_000, { music: 0.25 }), ['music'])).toMatchObject({
      title: 'planner',
    });
    expect(candidatePaths(undefined, ['music'])).toEqual({
      any: 'planner',
      all: 'planner',
      title: 'planner',
    });
  });

  // Last: it adds videos the tests above do not expect.
  it('refreshes the statistics in the background once they are ten minutes old', async () => {
    const statistics = new SearchStatistics(t.ctx.db);
    const start = Date.now();
    const first = await statistics.current(start);
    expect(first?.shares.get('pasta')).toBeCloseTo(0.2, 1);
    const owner = await createUser(t, 'density_refresh');
    await t.ctx.db.insert(videos).values(
      Array.from({ length: 260 }, (_, i) => ({
        id: `density_more${String(i).padStart(9, '0')}`,
        ownerId: owner.id,
        title: `Cooking pasta again ${i}`,
        description: 'an evening at home',
        tags: ['food'],
        duration: 5,
        videoKey: `videos/m${i}.mp4`,
        thumbnailKey: `thumbnails/m${i}.webp`,
      })),
    );
    await t.ctx.db.execute(sql`analyze videos`);
    expect(await statistics.current(start + 60_000)).toBe(first);
    // Ten minutes on: answered at once with what it has, and read again meanwhile.
    expect(await statistics.current(start + 11 * 60_000)).toBe(first);
    await vi.waitFor(async () =>
      expect((await statistics.current())?.shares.get('pasta')).toBeCloseTo(0.6, 1),
    );
  });
});
