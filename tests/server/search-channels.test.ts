/**
 * GET /search/channels (issue 31): the channels a query names, exact names first, then prefixes
 * and close names, then by subscribers; with subscribers, published videos and whether the caller
 * subscribes (false for a visitor).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_RESULTS_MAX, type ChannelResult } from '../../contract/search.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

describe('channel search', () => {
  let t: TestApp;
  let potter: TestUser;
  let viewer: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    potter = await createUser(t, 'clay.potter', 'Rosa Potter');
    const pottery = await createUser(t, 'potterybarn', 'Pottery Barn Studio');
    const drafts = await createUser(t, 'potter.drafts', 'Only Drafts');
    await createUser(t, 'gardener', 'Green Thumb');
    viewer = await createUser(t, 'channel_viewer');
    for (let i = 0; i < 3; i++) await insertVideo(t, potter, { title: `Wheel throwing ${i}` });
    await insertVideo(t, potter, { title: 'Private glaze test', isPublished: false });
    await insertVideo(t, pottery, { title: 'Barn tour' });
    await insertVideo(t, drafts, { title: 'Not yet', isPublished: false });
    // More subscribers than the exact match: the exact name still comes first.
    for (let i = 0; i < 2; i++) {
      const fan = await createUser(t, `pottery_fan${i}`);
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/subscriptions/c/${pottery.id}`,
        headers: fan.headers,
      });
    }
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/subscriptions/c/${potter.id}`,
      headers: viewer.headers,
    });
  });
  afterAll(() => t.close());

  async function channels(query: string, user?: TestUser): Promise<ChannelResult[]> {
    const res = await t.app.inject({
      url: `/api/v1/search/channels?query=${encodeURIComponent(query)}`,
      ...(user ? { headers: user.headers } : {}),
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: { channels: ChannelResult[] } }>().data.channels;
  }

  it('puts the channel a query names exactly first, by user name or full name', async () => {
    const byFullName = await channels('rosa potter');
    expect(byFullName[0]).toMatchObject({
      _id: potter.id,
      userName: 'clay.potter',
      fullName: 'Rosa Potter',
      subscriberCount: 1,
      videoCount: 3,
      isSubscribed: false,
    });
    expect(byFullName[0]?.avatar).toMatch(/^http/);
    expect((await channels('Clay.Potter'))[0]?._id).toBe(potter.id);
  });

  it("a search naming a channel exactly lists that channel's published videos, no one else's", async () => {
    const titles = async (query: string) => {
      const res = await t.app.inject({
        url: `/api/v1/videos?query=${encodeURIComponent(query)}`,
      });
      expect(res.statusCode).toBe(200);
      return res
        .json<{ data: { videos: { title: string }[] } }>()
        .data.videos.map((v) => v.title)
        .sort();
    };
    const potters = ['Wheel throwing 0', 'Wheel throwing 1', 'Wheel throwing 2'];
    expect(await titles('Rosa Potter')).toEqual(potters);
    expect(await titles('clay.potter')).toEqual(potters);
    // A word of the name is not the name: "potter" names no channel exactly.
    expect(await titles('potter')).toEqual([]);
  });

  it('names a channel whatever its accents and case, typed with or without them', async () => {
    const accented = await createUser(t, 'zoe.lukasz', 'Zoë Łukasz-Ørsted');
    await insertVideo(t, accented, { title: 'Loom warping' });
    for (const query of ['Zoë Łukasz-Ørsted', 'zoe lukasz-orsted', 'ZOE LUKASZ-ORSTED']) {
      const res = await t.app.inject({ url: `/api/v1/videos?query=${encodeURIComponent(query)}` });
      const found = res.json<{ data: { videos: { title: string }[] } }>().data.videos;
      expect(found.map((v) => v.title)).toEqual(['Loom warping']);
    }
    // A name one letter longer or shorter is another name.
    const near = await t.app.inject({ url: '/api/v1/videos?query=zoe%20lukasz-orste' });
    expect(near.json<{ data: { videos: unknown[] } }>().data.videos).toEqual([]);
  });

  it('folds every character to one, which lets a name of another length be skipped unfolded', async () => {
    // named-channels.ts compares lengths before folding: search_fold must keep them.
    const result = await t.ctx.db.execute(sql`
      with f as (select (regexp_matches(prosrc, '''([^'']*)''', 'g'))[1] as list
        from pg_proc where proname = 'search_fold')
      select (select list from f limit 1) as from,
        search_fold((select list from f limit 1) || 'ABCxyz İı ẞß') as folded`);
    const [row] = (result as { rows: { from: string; folded: string }[] }).rows;
    expect(row?.from.length).toBeGreaterThan(200);
    expect([...(row?.folded ?? '')]).toHaveLength([...`${row?.from}ABCxyz İı ẞß`].length);
  });

  it('then names that start like the query, more subscribed first, at most three', async () => {
    const found = await channels('potter');
    // "Rosa Potter": a word of the full name starts like the query.
    expect(found.slice(0, 2).map((c) => c.userName)).toEqual(['potterybarn', 'clay.potter']);
    expect(found).toHaveLength(CHANNEL_RESULTS_MAX);
  });

  it('finds a channel with only unpublished videos, counting none of them', async () => {
    const [drafts] = await channels('potter.drafts');
    expect(drafts).toMatchObject({ userName: 'potter.drafts', videoCount: 0, subscriberCount: 0 });
  });

  it("says whether a signed-in caller subscribes; a visitor's answer says no", async () => {
    expect((await channels('clay.potter', viewer))[0]).toMatchObject({ isSubscribed: true });
    expect((await channels('clay.potter'))[0]).toMatchObject({ isSubscribed: false });
    expect((await channels('potterybarn', viewer))[0]).toMatchObject({ isSubscribed: false });
  });

  it('finds a close misspelling and nothing for an unrelated query', async () => {
    expect((await channels('gardner'))[0]?.userName).toBe('gardener');
    expect(await channels('quantum chromodynamics')).toEqual([]);
  });

  it('refuses a missing or too long query in the envelope', async () => {
    for (const url of [
      '/api/v1/search/channels',
      `/api/v1/search/channels?query=${'a'.repeat(201)}`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, data: null });
    }
  });
});
