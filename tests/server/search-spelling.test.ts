/**
 * Typo tolerance (issue 31): a word matching nothing is replaced by the nearest word of published
 * titles, tags and channel names; "Showing results for" when the typed query finds nothing, "Did
 * you mean" when it finds few and the correction more; `exact=true` searches what was typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

interface ListJson {
  videos: { title: string }[];
  totalVideos: number;
  spelling?: { corrected: string; applied: boolean };
}

describe('spelling correction', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t, 'spelling_owner');
    await insertVideo(t, owner, { title: 'Sourdough bread at home', tags: ['baking'], views: 9 });
    await insertVideo(t, owner, { title: 'Rye bread', tags: ['baking'], views: 5 });
    await insertVideo(t, owner, { title: 'Bread rolls', tags: ['rolls'], views: 3 });
    await insertVideo(t, owner, { title: 'Weekend baking', tags: ['cake'] });
    await insertVideo(t, owner, { title: 'Quinceberry marmalade', isPublished: false });
    await createUser(t, 'marmaladeking');
  });
  afterAll(() => t.close());

  async function search(query: string, extra = ''): Promise<ListJson> {
    const url = `/api/v1/videos?query=${encodeURIComponent(query)}${extra}`;
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: ListJson }>().data;
  }

  it('shows the results for the corrected query when the typed one finds nothing', async () => {
    const data = await search('bred');
    expect(data.spelling).toEqual({ corrected: 'bread', applied: true });
    expect(data.totalVideos).toBe(3);
    expect(data.videos.map((v) => v.title)).toContain('Sourdough bread at home');
  });

  it('offers "Did you mean" with the typed results when they are few and the fix finds more', async () => {
    const data = await search('bred baking');
    // "baking" alone finds 3 (two tags, one title): fewer than 5. "bread baking" finds 4.
    expect(data.spelling).toEqual({ corrected: 'bread baking', applied: false });
    expect(data.totalVideos).toBe(3);
    expect(data.videos.map((v) => v.title)).not.toContain('Bread rolls');
  });

  it('searches exactly what was typed with exact=true', async () => {
    const data = await search('bred', '&exact=true');
    expect(data).toMatchObject({ videos: [], totalVideos: 0 });
    expect(data).not.toHaveProperty('spelling');
    // The cached answer of the corrected search is not served for the exact one, nor back.
    expect((await search('bred')).spelling).toEqual({ corrected: 'bread', applied: true });
  });

  it('leaves a query alone when its words match or nothing is close', async () => {
    expect(await search('bread')).not.toHaveProperty('spelling');
    expect(await search('xqzvkw')).toMatchObject({ videos: [], totalVideos: 0 });
    expect(await search('xqzvkw')).not.toHaveProperty('spelling');
  });

  it("never corrects towards an unpublished video's words", async () => {
    const data = await search('quinceberri');
    expect(data).toMatchObject({ videos: [], totalVideos: 0 });
    expect(data).not.toHaveProperty('spelling');
  });

  it('corrects within the filters', async () => {
    const data = await search('bred', '&duration=long');
    expect(data).toMatchObject({ videos: [], totalVideos: 0 });
    expect(data).not.toHaveProperty('spelling');
  });
});
