/**
 * The search vocabulary (search_words, migration 0015): the words of published videos' titles and
 * tags and of channel names, counted, kept by triggers; nothing of an unpublished video. Each
 * word also counts the published videos alone (`videos`, migration 0024), which bound a search's
 * total from below (feed/search-total.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../server/db/schema.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

describe('search vocabulary', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, 'vocab_owner');
  });
  afterAll(() => t.close());

  /** Each word's `n` (videos and channels), or with `column` 'videos' its published videos. */
  async function countsOf(column: 'n' | 'videos', words: string[]) {
    const result = await t.ctx.db.execute(
      sql`select word, ${sql.identifier(column)} as n from search_words where word in ${words} order by word`,
    );
    return Object.fromEntries(
      (result as { rows: { word: string; n: number }[] }).rows.map((r) => [r.word, r.n]),
    );
  }
  const counts = (...words: string[]) => countsOf('n', words);
  const videoCounts = (...words: string[]) => countsOf('videos', words);

  it('counts the words of published titles and tags, once per video', async () => {
    await insertVideo(t, owner, {
      title: 'Sourdough sourdough loaf',
      tags: ['baking', 'sourdough'],
    });
    await insertVideo(t, owner, { title: 'Quick sourdough', tags: ['baking'] });
    expect(await counts('sourdough', 'baking', 'loaf', 'quick')).toEqual({
      baking: 2,
      loaf: 1,
      quick: 1,
      sourdough: 2,
    });
  });

  it('leaves out unpublished videos, and follows publishing, edits and deletes', async () => {
    const id = await insertVideo(t, owner, { title: 'Zanzibarian spices', isPublished: false });
    expect(await counts('zanzibarian')).toEqual({});
    await t.ctx.db.update(videos).set({ isPublished: true }).where(eq(videos.id, id));
    expect(await counts('zanzibarian', 'spices')).toEqual({ spices: 1, zanzibarian: 1 });
    await t.ctx.db.update(videos).set({ title: 'Zanzibarian teas' }).where(eq(videos.id, id));
    expect(await counts('zanzibarian', 'spices', 'teas')).toEqual({ teas: 1, zanzibarian: 1 });
    await t.ctx.db.update(videos).set({ views: 5 }).where(eq(videos.id, id));
    expect(await counts('zanzibarian')).toEqual({ zanzibarian: 1 });
    await t.ctx.db.update(videos).set({ isPublished: false }).where(eq(videos.id, id));
    expect(await counts('zanzibarian', 'teas')).toEqual({});
    await t.ctx.db.update(videos).set({ isPublished: true }).where(eq(videos.id, id));
    await t.ctx.db.delete(videos).where(eq(videos.id, id));
    expect(await counts('zanzibarian', 'teas')).toEqual({});
  });

  it('counts the published videos of each word apart from the channels of that name', async () => {
    await createUser(t, 'marmots');
    const id = await insertVideo(t, owner, { title: 'Marmots at dawn', tags: ['marmots'] });
    await insertVideo(t, owner, { title: 'Alpine marmots', isPublished: false });
    expect(await counts('marmots')).toEqual({ marmots: 2 });
    expect(await videoCounts('marmots', 'dawn', 'alpine')).toEqual({ dawn: 1, marmots: 1 });
    await t.ctx.db.update(videos).set({ title: 'Ibex at dawn' }).where(eq(videos.id, id));
    expect(await videoCounts('marmots', 'ibex')).toEqual({ ibex: 1, marmots: 1 }); // still a tag
    await t.ctx.db.update(videos).set({ tags: [] }).where(eq(videos.id, id));
    expect(await videoCounts('marmots', 'ibex')).toEqual({ ibex: 1, marmots: 0 });
    await t.ctx.db.delete(videos).where(eq(videos.id, id));
    expect(await videoCounts('ibex', 'dawn')).toEqual({});
  });

  it('holds channel names', async () => {
    await createUser(t, 'quokkachannel');
    expect(await counts('quokkachannel')).toEqual({ quokkachannel: 1 });
  });
});
