/**
 * GET /search/suggestions (issue 31): completions while typing from others' searches that found
 * videos, published titles, tags and channel names; ranked by popularity, de-duplicated without
 * regard to case or accents; nothing unpublished and no search that found nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUGGESTIONS_MAX, SUGGEST_TEXT_MAX, type Suggestion } from '../../contract/search.js';
import { searchQueries, users, videos } from '../../server/db/schema.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo, insertVideos } from './video-helpers.js';

type Answer = { data: { suggestions: Suggestion[] } | null; message: string; success: boolean };

describe('suggestions while typing', () => {
  let t: TestApp;
  let mira: TestUser;
  let hidden: TestUser;

  const suggest = async (q: string) => {
    const res = await t.app.inject({
      url: `/api/v1/search/suggestions?q=${encodeURIComponent(q)}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json<Answer>().data!.suggestions;
  };
  const texts = async (q: string) => (await suggest(q)).map((s) => s.text);
  const search = async (query: string) => {
    const res = await t.app.inject({ url: `/api/v1/videos?query=${encodeURIComponent(query)}` });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    // No feed cache: every search below is counted (the cache counts one per period).
    t = await createTestApp({ feedCacheMs: 0 });
    mira = await createUser(t, 'mira.kitchen');
    await t.ctx.db
      .update(users)
      .set({ fullName: 'Mira Patel', subscriberCount: 40 })
      .where(eq(users.id, mira.id));
    hidden = await createUser(t, 'miranda.secret');
    await insertVideo(t, mira, {
      title: 'No-Knead Bread: The Only Recipe You Need',
      tags: ['baking', 'cooking'],
      views: 500,
    });
    await insertVideo(t, mira, { title: 'Bread rolls for beginners', tags: ['baking'], views: 20 });
    await insertVideo(t, mira, { title: 'Bread crust secrets', tags: ['bread'], views: 900 });
    await insertVideo(t, mira, { title: 'Crème brûlée at home', tags: ['dessert'], views: 5 });
    await insertVideo(t, mira, { title: 'Miracle noodles', tags: ['noodles'], views: 1 });
    // Only unpublished: none of it may ever be suggested.
    await insertVideo(t, hidden, {
      title: 'Bread of my secret diary',
      tags: ['breadsecret', 'mirage'],
      isPublished: false,
      views: 100_000,
    });
  });
  afterAll(() => t.close());

  it('completes titles, tags and channel names, each with its kind', async () => {
    expect(await suggest('bread c')).toContainEqual({ text: 'Bread crust secrets', kind: 'title' });
    expect(await suggest('bak')).toContainEqual({ text: 'baking', kind: 'tag' });
    expect(await suggest('mira p')).toEqual([{ text: 'Mira Patel', kind: 'channel' }]);
    expect(await suggest('mira.k')).toEqual([{ text: 'mira.kitchen', kind: 'channel' }]);
  });

  it("completes the last word with a title's word, the other words anywhere in it", async () => {
    // No title starts with "kne", but one has a word that does.
    expect(await texts('kne')).toEqual(['No-Knead Bread: The Only Recipe You Need']);
    expect(await suggest('recipe kne')).toEqual([
      { text: 'No-Knead Bread: The Only Recipe You Need', kind: 'title' },
    ]);
    // Never a tag glued after other words: no video is about "sourdough baking".
    expect(await texts('sourdough bak')).toEqual([]);
  });

  it('ranks the more popular first, and completions of the whole text before word completions', async () => {
    // Whole-text completions by popularity (a title of 900 views, the tag of one video, a title
    // of 20 views), then the title whose second word starts so, although it has 500 views.
    expect(await texts('bread')).toEqual([
      'Bread crust secrets',
      'bread',
      'Bread rolls for beginners',
      'No-Knead Bread: The Only Recipe You Need',
    ]);
  });

  it("suggests others' searches that found videos, once searched twice, most searched first", async () => {
    await search('bread rolls');
    await t.ctx.searchLog.flush();
    expect(await texts('bread r')).toEqual(['Bread rolls for beginners']);
    await search('Bread   Rolls');
    for (let i = 0; i < 3; i++) await search('bread crust');
    await t.ctx.searchLog.flush();
    expect(await suggest('bread')).toEqual(
      expect.arrayContaining([
        { text: 'bread crust', kind: 'query' },
        { text: 'bread rolls', kind: 'query' },
      ]),
    );
    const ranked = await texts('bread');
    expect(ranked.indexOf('bread crust')).toBeLessThan(ranked.indexOf('bread rolls'));
  });

  it('never suggests a search that found nothing, or whose words are not found together', async () => {
    for (let i = 0; i < 3; i++) {
      await search('quinoa salad');
      // Found bread videos (any word), but "phone" is in none of them: personal, never offered.
      await search('bread phone 5551234');
    }
    await t.ctx.searchLog.flush();
    expect(await texts('quin')).toEqual([]);
    expect(await texts('bread ph')).toEqual([]);
  });

  it('never suggests anything of an unpublished video or of a channel with none published', async () => {
    expect(await texts('bread of')).toEqual([]);
    expect(await texts('breadsec')).toEqual([]);
    expect(await texts('mirag')).toEqual([]);
    expect(await texts('miranda')).toEqual([]);
    expect(await texts('diary')).toEqual([]);
    // The visible channel and video starting with "mira" still come.
    expect(await texts('mira')).toEqual(['Mira Patel', 'Miracle noodles']);
  });

  it('ignores case and accents, and lists one of each text', async () => {
    for (const typed of ['creme', 'CRÈME', 'Crème b']) {
      expect(await texts(typed)).toEqual(['Crème brûlée at home']);
    }
    // The tag "bread" and the searched "bread …" differ; the tag "baking" typed in capitals.
    expect(await texts('BAKI')).toEqual(['baking']);
  });

  it('stops suggesting a searched query once no published video holds its words', async () => {
    const id = await insertVideo(t, mira, { title: 'Focaccia with rosemary', tags: ['italian'] });
    for (let i = 0; i < 2; i++) await search('focaccia rosemary');
    await t.ctx.searchLog.flush();
    expect(await texts('focaccia r')).toEqual(['focaccia rosemary']);
    await t.ctx.db.update(videos).set({ isPublished: false }).where(eq(videos.id, id));
    expect(await texts('focaccia r')).toEqual([]);
  });

  it('moves a searched text to another video when its video stops holding it', async () => {
    const first = await insertVideo(t, mira, { title: 'Ciabatta with olives', tags: [] });
    for (let i = 0; i < 2; i++) await search('ciabatta olives');
    await t.ctx.searchLog.flush();
    const holderOf = async () =>
      (
        await t.ctx.db
          .select({ videoId: searchQueries.videoId })
          .from(searchQueries)
          .where(eq(searchQueries.text, 'ciabatta olives'))
      )[0]?.videoId;
    expect(await holderOf()).toBe(first);
    const second = await insertVideo(t, mira, { title: 'Olives on ciabatta', tags: [] });
    await search('ciabatta olives');
    await t.ctx.searchLog.flush();
    // Still held by the first: it keeps it.
    expect(await holderOf()).toBe(first);
    await t.ctx.db.update(videos).set({ title: 'Plain loaf' }).where(eq(videos.id, first));
    await search('ciabatta olives');
    await t.ctx.searchLog.flush();
    expect(await holderOf()).toBe(second);
    expect(await texts('ciabatta o')).toEqual(['ciabatta olives']);
  });

  it('completes with the most viewed of the few titles that start with the text', async () => {
    // 40 titles starting "Quokka", each on its own popularity step (views ×1.4), inserted in a shuffled
    // order: the suggestions are the most viewed, most first, past the source's 16 per step.
    const order = Array.from({ length: 40 }, (_, i) => (i * 17) % 40);
    await insertVideos(
      t,
      mira,
      order.map((i) => ({ title: `Quokka ${i}`, tags: [], views: Math.round(2 ** (i / 2)) })),
    );
    const expected = Array.from({ length: SUGGESTIONS_MAX }, (_, i) => `Quokka ${39 - i}`);
    expect(await texts('quok')).toEqual(expected);
  });

  it('completes with the most viewed of many titles, read one popularity step at a time', async () => {
    // 300 titles starting "Wombat", more than the source reads in the prefix's own order (256),
    // the most viewed last in that order: they are found through the popularity steps.
    const count = 300;
    const name = (i: number) => `Wombat ${String(i).padStart(3, '0')}`;
    const order = Array.from({ length: count }, (_, i) => (i * 7) % count);
    await insertVideos(
      t,
      mira,
      order.map((i) => ({ title: name(i), tags: [], views: 1_000 * (i + 1) })),
    );
    const expected = Array.from({ length: SUGGESTIONS_MAX }, (_, i) => name(count - 1 - i));
    expect(await texts('wombat')).toEqual(expected);
  });

  it("completes a word with the most viewed titles holding the prefix's common words", async () => {
    // The vocabulary's words of "marg" held by most videos: margherita (3 titles) and margin
    // (2); the titles come most viewed first whichever word they hold; a tag is not a title.
    await insertVideos(t, mira, [
      { title: 'Pizza margherita at home', tags: [], views: 30 },
      { title: 'Neapolitan margherita', tags: [], views: 700 },
      { title: 'Margherita in ten minutes', tags: [], views: 5 },
      { title: 'Profit margins explained', tags: [], views: 300 },
      { title: 'Wide margin notes', tags: [], views: 90 },
      { title: 'Dough stretching', tags: ['margherita'], views: 5_000 },
    ]);
    expect((await suggest('marg')).filter((s) => s.kind === 'title').map((s) => s.text)).toEqual([
      'Margherita in ten minutes',
      'Neapolitan margherita',
      'Profit margins explained',
      'Wide margin notes',
      'Pizza margherita at home',
    ]);
  });

  it(`holds at most ${SUGGESTIONS_MAX}`, async () => {
    for (let i = 0; i < SUGGESTIONS_MAX + 3; i++) {
      await insertVideo(t, mira, { title: `Loaf number ${i}`, tags: ['loaf'] });
    }
    expect(await suggest('loaf')).toHaveLength(SUGGESTIONS_MAX);
  });

  it('refuses a missing, blank or too long text in the envelope, naming q', async () => {
    for (const url of [
      '/api/v1/search/suggestions',
      '/api/v1/search/suggestions?q=',
      '/api/v1/search/suggestions?q=%20%20%20',
      `/api/v1/search/suggestions?q=${'a'.repeat(SUGGEST_TEXT_MAX + 1)}`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      const body = res.json<Answer>();
      expect(body).toMatchObject({ success: false, data: null });
      expect(body.message, url).toMatch(/\bq\b/);
    }
    expect(
      (await t.app.inject({ url: `/api/v1/search/suggestions?q=${'a'.repeat(SUGGEST_TEXT_MAX)}` }))
        .statusCode,
    ).toBe(200);
  });
});
