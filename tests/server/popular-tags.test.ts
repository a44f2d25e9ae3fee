/**
 * GET /videos/tags/popular: the tags of the most published videos, for the chips a visitor or a
 * new account sees instead of a lone 'All' (issue 22). Unpublished videos do not count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

type Answer = { data: { tags: string[] } | null; message: string; success: boolean };

describe('popular tags', () => {
  let t: TestApp;
  let alice: TestUser;

  const popular = (query = '') => t.app.inject({ url: `/api/v1/videos/tags/popular${query}` });

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
    for (let i = 0; i < 3; i++) await insertVideo(t, alice, { tags: ['music', 'live'] });
    await insertVideo(t, alice, { tags: ['cooking', 'music'] });
    await insertVideo(t, alice, { tags: ['cooking'] });
    // Hidden videos tell nothing about what visitors can watch.
    for (let i = 0; i < 5; i++)
      await insertVideo(t, alice, { tags: ['secret'], isPublished: false });
  });
  afterAll(() => t.close());

  it('lists the tags of the most published videos first, to anyone', async () => {
    const res = await popular();
    expect(res.statusCode).toBe(200);
    expect(res.json<Answer>().data).toEqual({ tags: ['music', 'live', 'cooking'] });
  });

  it('takes a limit, and refuses a bad one in the envelope', async () => {
    expect((await popular('?limit=2')).json<Answer>().data?.tags).toEqual(['music', 'live']);
    for (const bad of ['?limit=0', '?limit=31', '?limit=many']) {
      const res = await popular(bad);
      expect(res.statusCode).toBe(400);
      const body = res.json<Answer>();
      expect(body).toMatchObject({ success: false, data: null });
      expect(body.message).toMatch(/limit/i);
    }
  });
});
