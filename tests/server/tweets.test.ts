/**
 * Tweets: post, list, edit, delete; the 1…280 limit after trimming; only the author may change
 * one (403 and the row unchanged); likes through /likes/toggle/t with the like state in lists.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids.js';
import { likes, tweets } from '../../server/db/schema.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';

const UNKNOWN = 'AAAAAAAAAAAAAAAA';
// Asymmetric matchers are typed `any`; held as `unknown` they stay type-safe.
const aString: unknown = expect.any(String);
const mediaUrl: unknown = expect.stringMatching(/^http:\/\/localhost:80\/media\//);

interface TweetJson {
  _id: string;
  content: string;
  createdAt: string;
  updatedAt: string;
  owner: { _id: string; userName: string; fullName: string; avatar: string };
  likeCount: number;
  likedByUser: boolean;
}

describe('tweets', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  const post = (user: TestUser | null, content: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/tweets',
      headers: user?.headers ?? {},
      payload: { content },
    });
  const edit = (user: TestUser, id: string, content: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/tweets/${id}`,
      headers: user.headers,
      payload: { content },
    });
  const remove = (user: TestUser, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/tweets/${id}`, headers: user.headers });
  const list = (user: TestUser, userId: string, query = '') =>
    t.app.inject({ url: `/api/v1/tweets/user/${userId}${query}`, headers: user.headers });
  const like = (user: TestUser, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/likes/toggle/t/${id}`, headers: user.headers });
  async function row(id: string) {
    const [found] = await t.ctx.db.select().from(tweets).where(eq(tweets.id, id));
    return found;
  }
  async function insertTweet(owner: TestUser, content: string, createdAt: Date) {
    const id = newId();
    await t.ctx.db
      .insert(tweets)
      .values({ id, ownerId: owner.id, content, createdAt, updatedAt: createdAt });
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
  });
  afterAll(() => t.close());

  it('posts a trimmed tweet with its author and like state', async () => {
    const res = await post(alice, '  Fresh bread today  ');
    expect(res.statusCode).toBe(201);
    const body = res.json<{ data: TweetJson; statusCode: number; success: boolean }>();
    expect(body).toMatchObject({ statusCode: 201, success: true });
    expect(body.data).toEqual({
      _id: aString,
      content: 'Fresh bread today',
      createdAt: aString,
      updatedAt: aString,
      owner: {
        _id: alice.id,
        userName: 'alice',
        fullName: 'Full alice',
        avatar: mediaUrl,
        avatarSizes: [], // an account from before sizes existed
      },
      likeCount: 0,
      likedByUser: false,
    });
  });

  it('takes 280 characters and refuses 281, blank and missing content', async () => {
    expect((await post(alice, 'x'.repeat(280))).statusCode).toBe(201);
    // Surrounding spaces do not count.
    expect((await post(alice, `  ${'x'.repeat(280)}  `)).statusCode).toBe(201);
    const long = await post(alice, 'x'.repeat(281));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ success: false, data: null });
    expect(long.json<{ message: string }>().message).toMatch(/^content: /);
    expect((await post(alice, '   ')).json()).toMatchObject({
      statusCode: 400,
      message: 'content: Tweet is required',
    });
    expect((await post(alice, undefined)).statusCode).toBe(400);
  });

  it('documents the X-Total-Count header of the list in OpenAPI', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, { get?: { responses: Record<string, { headers?: object }> } }>;
    }>();
    const list = doc.paths['/api/v1/tweets/user/{userId}']?.get?.responses['200'];
    expect(list?.headers).toHaveProperty('X-Total-Count');
  });

  it('answers 401 without a session, before reading the body', async () => {
    expect((await post(null, 'hello')).statusCode).toBe(401);
    // onRequest: a stranger's invalid body is not even validated.
    expect((await post(null, 'x'.repeat(281))).statusCode).toBe(401);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: `/api/v1/tweets/${UNKNOWN}` });
      expect(res.statusCode, method).toBe(401);
    }
    expect((await t.app.inject({ url: `/api/v1/tweets/user/${alice.id}` })).statusCode).toBe(401);
  });

  it("lists a user's tweets newest first with the total, paged", async () => {
    const carol = await createUser(t);
    const base = Date.now() - 10_000;
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await insertTweet(carol, `t${i}`, new Date(base + i)));
    const res = await list(alice, carol.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.json<{ data: TweetJson[] }>().data.map((x) => x.content)).toEqual([
      't2',
      't1',
      't0',
    ]);
    const page2 = await list(alice, carol.id, '?limit=2&page=2');
    expect(page2.json<{ data: TweetJson[] }>().data.map((x) => x._id)).toEqual([ids[0]]);
    expect((await list(alice, carol.id, '?limit=0')).statusCode).toBe(400);
    expect((await list(alice, UNKNOWN)).statusCode).toBe(404);
    expect((await list(alice, (await createUser(t)).id)).json()).toMatchObject({ data: [] });
  });

  it('edits an own tweet and refuses anyone else with 403, leaving the row unchanged', async () => {
    const id = (await post(alice, 'First draft')).json<{ data: TweetJson }>().data._id;
    const before = await row(id);
    const stranger = await edit(bob, id, 'Hijacked');
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ success: false, data: null });
    expect(await row(id)).toEqual(before);
    const res = await edit(alice, id, ' Second draft ');
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: TweetJson }>().data;
    expect(data.content).toBe('Second draft');
    expect(Date.parse(data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(data.createdAt));
    expect((await edit(alice, id, 'x'.repeat(281))).statusCode).toBe(400);
    expect((await edit(alice, id, '')).statusCode).toBe(400);
    expect((await row(id))!.content).toBe('Second draft');
    expect((await edit(alice, UNKNOWN, 'x')).statusCode).toBe(404);
  });

  it('deletes an own tweet with its likes; 403 for anyone else, 404 afterwards', async () => {
    const id = (await post(alice, 'Short-lived')).json<{ data: TweetJson }>().data._id;
    await like(bob, id);
    const stranger = await remove(bob, id);
    expect(stranger.statusCode).toBe(403);
    expect(await row(id)).toBeDefined();
    const res = await remove(alice, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: {}, success: true });
    expect(await row(id)).toBeUndefined();
    const leftover = await t.ctx.db
      .select()
      .from(likes)
      .where(and(eq(likes.targetType, 'tweet'), eq(likes.targetId, id)));
    expect(leftover).toEqual([]);
    expect((await remove(alice, id)).statusCode).toBe(404);
    expect((await like(bob, id)).statusCode).toBe(404);
  });

  it('toggles likes on tweets, with likeCount and likedByUser in the list', async () => {
    const dave = await createUser(t);
    const id = (await post(dave, 'Like me')).json<{ data: TweetJson }>().data._id;
    const on = await like(bob, id);
    expect(on.statusCode).toBe(200);
    expect(on.json<{ data: unknown }>().data).toEqual({ liked: true, likeCount: 1 });
    expect((await like(alice, id)).json<{ data: unknown }>().data).toEqual({
      liked: true,
      likeCount: 2,
    });
    const forBob = (await list(bob, dave.id)).json<{ data: TweetJson[] }>().data[0]!;
    expect(forBob).toMatchObject({ likeCount: 2, likedByUser: true });
    const forDave = (await list(dave, dave.id)).json<{ data: TweetJson[] }>().data[0]!;
    expect(forDave).toMatchObject({ likeCount: 2, likedByUser: false });
    expect((await like(bob, id)).json<{ data: unknown }>().data).toEqual({
      liked: false,
      likeCount: 1,
    });
    expect((await row(id))!.likesCount).toBe(1);
  });
});
