/**
 * GET /videos/{videoId}/up-next (issue 31): co-watched videos first, then shared tags, then the
 * same channel, then the popular ones; never the video itself, an unpublished video, or for a
 * signed-in caller a video they finished; a visitor gets a public video's list too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UP_NEXT_DEFAULT, UP_NEXT_MAX } from '../../contract/search.js';
import { newId } from '../../server/db/ids.js';
import { watchHistory } from '../../server/db/schema.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

type Answer = {
  statusCode: number;
  data: { videos: Array<{ _id: string; isPublished: boolean }> } | null;
  message: string;
  success: boolean;
};

const HOUR = 3600_000;

describe('Up next', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let fan: TestUser;
  let viewers: TestUser[];
  const v: Record<string, string> = {};
  const base = new Date('2026-06-01T12:00:00Z').getTime();

  const upNext = (videoId: string, user?: TestUser, query = '') =>
    t.app.inject({ url: `/api/v1/videos/${videoId}/up-next${query}`, headers: user?.headers });
  const idsOf = async (videoId: string, user?: TestUser, query = '') => {
    const res = await upNext(videoId, user, query);
    expect(res.statusCode).toBe(200);
    return res.json<Answer>().data!.videos.map((x) => x._id);
  };
  const watched = (user: TestUser, videoId: string, at: number, position: number | null = null) =>
    t.ctx.db.insert(watchHistory).values({
      id: newId(),
      userId: user.id,
      videoId,
      watchedAt: new Date(at),
      positionSeconds: position,
    });

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
    fan = await createUser(t, 'fan');
    viewers = [await createUser(t), await createUser(t), await createUser(t)];
    const music = { tags: ['music'] };
    v.current = await insertVideo(t, alice, { title: 'Sourdough', tags: ['bread', 'baking'] });
    v.coThree = await insertVideo(t, bob, music);
    v.coTwo = await insertVideo(t, bob, music);
    v.coOne = await insertVideo(t, bob, music);
    v.farAway = await insertVideo(t, bob, music);
    v.twoTags = await insertVideo(t, bob, { tags: ['baking', 'bread'] });
    v.oneTag = await insertVideo(t, bob, { tags: ['bread', 'misc'] });
    v.sameChannel = await insertVideo(t, alice, music);
    v.popular = await insertVideo(t, bob, { tags: ['music'], views: 100_000 });
    v.hiddenTagged = await insertVideo(t, bob, { tags: ['bread'], isPublished: false });
    v.aliceHidden = await insertVideo(t, alice, { tags: ['bread'], isPublished: false });
    for (let i = 0; i < 6; i++) await insertVideo(t, bob, music);

    // Three viewers watched the current video and, within hours, coThree; two of them coTwo;
    // one coOne; all three farAway two days later (not "near" it).
    for (const [i, viewer] of viewers.entries()) {
      const at = base + i * HOUR;
      await watched(viewer, v.current, at);
      await watched(viewer, v.coThree, at + 10 * 60_000);
      if (i < 2) await watched(viewer, v.coTwo, at - 20 * 60_000);
      if (i === 0) await watched(viewer, v.coOne, at + 30 * 60_000);
      await watched(viewer, v.farAway, at + 48 * HOUR);
      await watched(viewer, v.hiddenTagged, at + 5 * 60_000);
    }
    // The fan finished coThree (at 95 % of its 10 s) and stopped halfway through coTwo.
    await watched(fan, v.coThree, base, 9.5);
    await watched(fan, v.coTwo, base, 5);
  });
  afterAll(() => t.close());

  it('ranks co-watched videos, then shared tags, then the channel, then the popular ones', async () => {
    const ids = await idsOf(v.current!);
    expect(ids.slice(0, 6)).toEqual([
      v.coThree,
      v.coTwo,
      v.twoTags,
      v.oneTag,
      v.sameChannel,
      v.popular,
    ]);
  });

  it('counts only videos watched near this one, by at least two of its viewers', async () => {
    const ids = await idsOf(v.current!, undefined, `?limit=${UP_NEXT_MAX}`);
    // Both are listed (popular fill) but score nothing for co-watching: after the popular one.
    expect(ids.indexOf(v.coOne!)).toBeGreaterThan(ids.indexOf(v.popular!));
    expect(ids.indexOf(v.farAway!)).toBeGreaterThan(ids.indexOf(v.popular!));
  });

  it('leaves out the video itself and unpublished videos, without duplicates', async () => {
    for (const user of [undefined, alice, bob]) {
      const res = await upNext(v.current!, user);
      const list = res.json<Answer>().data!.videos;
      const ids = list.map((x) => x._id);
      expect(ids).not.toContain(v.current);
      expect(ids).not.toContain(v.hiddenTagged);
      expect(ids).not.toContain(v.aliceHidden);
      expect(list.every((x) => x.isPublished)).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('leaves out what a signed-in viewer finished, and keeps what they stopped halfway', async () => {
    const visitor = await idsOf(v.current!);
    const mine = await idsOf(v.current!, fan);
    expect(visitor).toContain(v.coThree);
    expect(mine).not.toContain(v.coThree);
    expect(mine[0]).toBe(v.coTwo);
  });

  it("does not count the caller's own history as another viewer's", async () => {
    // Viewer 2 is one of the two who watched coTwo: for them it has a single other co-viewer.
    const ids = await idsOf(v.current!, viewers[1], `?limit=${UP_NEXT_MAX}`);
    expect(ids[0]).toBe(v.coThree);
    expect(ids.indexOf(v.coTwo!)).toBeGreaterThan(ids.indexOf(v.sameChannel!));
  });

  it('answers 404 for a missing video, and for an unpublished one unless the caller owns it', async () => {
    const missing = await upNext(newId());
    expect(missing.statusCode).toBe(404);
    expect(missing.json<Answer>()).toMatchObject({ success: false, message: 'Video not found' });
    expect((await upNext(v.aliceHidden!)).statusCode).toBe(404);
    expect((await upNext(v.aliceHidden!, bob)).statusCode).toBe(404);
    const own = await idsOf(v.aliceHidden!, alice);
    expect(own).not.toContain(v.aliceHidden);
    expect(own.length).toBeGreaterThan(0);
  });

  it(`holds ${UP_NEXT_DEFAULT} videos by default, takes a limit up to ${UP_NEXT_MAX} and refuses others`, async () => {
    expect(await idsOf(v.current!)).toHaveLength(UP_NEXT_DEFAULT);
    expect(await idsOf(v.current!, undefined, '?limit=1')).toEqual([v.coThree]);
    expect(
      (await idsOf(v.current!, undefined, `?limit=${UP_NEXT_MAX}`)).length,
    ).toBeLessThanOrEqual(UP_NEXT_MAX);
    for (const bad of ['?limit=0', `?limit=${UP_NEXT_MAX + 1}`, '?limit=many', '?limit=1.5']) {
      const res = await upNext(v.current!, undefined, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json<Answer>()).toMatchObject({ success: false, data: null });
      expect(res.json<Answer>().message).toMatch(/limit/i);
    }
    const malformed = await upNext('nope');
    expect(malformed.statusCode).toBe(400);
  });
});
