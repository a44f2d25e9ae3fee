/** Subscriptions: toggle with the counter, self-subscription, concurrency, both lists. */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../server/db/schema.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';

describe('subscriptions', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  const toggle = (user: TestUser, channelId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/subscriptions/c/${channelId}`,
      headers: user.headers,
    });
  async function counterAndRows(channelId: string) {
    const [user] = await t.ctx.db
      .select({ n: users.subscriberCount })
      .from(users)
      .where(eq(users.id, channelId));
    const [rows] = await t.ctx.db
      .select({ n: count() })
      .from(subscriptions)
      .where(eq(subscriptions.channelId, channelId));
    return { counter: user!.n, rows: rows!.n };
  }

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
    carol = await createUser(t, 'carol');
  });
  afterAll(() => t.close());

  it('subscribes and unsubscribes, keeping the subscriber count with the rows', async () => {
    const on = await toggle(bob, alice.id);
    expect(on.statusCode).toBe(200);
    expect(on.json<{ data: unknown }>().data).toEqual({ subscribed: true, subscriberCount: 1 });
    expect(await counterAndRows(alice.id)).toEqual({ counter: 1, rows: 1 });
    const off = await toggle(bob, alice.id);
    expect(off.json<{ data: unknown }>().data).toEqual({ subscribed: false, subscriberCount: 0 });
    expect(await counterAndRows(alice.id)).toEqual({ counter: 0, rows: 0 });
  });

  it('refuses self-subscription with the exact message', async () => {
    const res = await toggle(alice, alice.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'You cannot subscribe to your own channel',
      success: false,
      data: null,
    });
    expect(await counterAndRows(alice.id)).toEqual({ counter: 0, rows: 0 });
  });

  it('answers unknown channels with 404, malformed ids with 400, anonymous callers with 401', async () => {
    expect((await toggle(bob, 'AAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await toggle(bob, 'no%20way')).statusCode).toBe(400);
    const get = await t.app.inject({
      url: '/api/v1/subscriptions/c/AAAAAAAAAAAAAAAA',
      headers: bob.headers,
    });
    expect(get.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/subscriptions/c/${alice.id}` }))
        .statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/subscriptions' })).statusCode).toBe(401);
  });

  it('stays consistent under 20 concurrent toggles by one user', async () => {
    const channel = await createUser(t);
    const results = await Promise.all(Array.from({ length: 20 }, () => toggle(bob, channel.id)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await counterAndRows(channel.id)).toEqual({ counter: 0, rows: 0 });
  });

  it('counts 20 concurrent subscribers exactly', async () => {
    const channel = await createUser(t);
    const fans = await Promise.all(Array.from({ length: 20 }, () => createUser(t)));
    const results = await Promise.all(fans.map((fan) => toggle(fan, channel.id)));
    expect(results.every((r) => r.json<{ data: { subscribed: boolean } }>().data.subscribed)).toBe(
      true,
    );
    expect(await counterAndRows(channel.id)).toEqual({ counter: 20, rows: 20 });
  });

  it("lists a channel's subscribers with whether the caller subscribes to each", async () => {
    const channel = await createUser(t, 'channel_x');
    await toggle(bob, channel.id);
    await toggle(carol, channel.id);
    await toggle(alice, carol.id); // alice follows carol, not bob
    const res = await t.app.inject({
      url: `/api/v1/subscriptions/c/${channel.id}`,
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    const list = res.json<{ data: Record<string, unknown>[] }>().data;
    expect(list).toHaveLength(2);
    const byName: Record<string, Record<string, unknown>> = Object.fromEntries(
      list.map((s) => [String(s.userName), s]),
    );
    expect(byName.carol).toMatchObject({
      _id: carol.id,
      fullName: 'Full carol',
      isSubscribed: true,
      subscriberCount: 1,
    });
    expect(byName.bob).toMatchObject({ _id: bob.id, isSubscribed: false });
    expect(String(byName.bob!.avatar)).toMatch(/^http:\/\/localhost:80\/media\//);
    const paged = await t.app.inject({
      url: `/api/v1/subscriptions/c/${channel.id}?limit=1&page=2`,
      headers: alice.headers,
    });
    expect(paged.json<{ data: unknown[] }>().data).toHaveLength(1);
  });

  it('lists the channels the caller subscribes to', async () => {
    const fan = await createUser(t);
    await t.ctx.db
      .update(users)
      .set({ description: 'Cooking every day' })
      .where(eq(users.id, carol.id));
    await toggle(fan, carol.id);
    await toggle(fan, bob.id);
    const res = await t.app.inject({ url: '/api/v1/subscriptions', headers: fan.headers });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ data: Record<string, unknown>[] }>().data;
    expect(list.map((c) => c.userName).sort()).toEqual(['bob', 'carol']);
    expect(list.find((c) => c.userName === 'carol')).toMatchObject({
      _id: carol.id,
      fullName: 'Full carol',
      description: 'Cooking every day',
      subscribers: 2,
    });
    const none = await t.app.inject({
      url: '/api/v1/subscriptions',
      headers: (await createUser(t)).headers,
    });
    expect(none.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('lists the channels a given user subscribes to: the same rows as their own list, paged', async () => {
    const fan = await createUser(t);
    await toggle(fan, alice.id);
    await toggle(fan, bob.id);
    await toggle(fan, carol.id);
    const own = await t.app.inject({ url: '/api/v1/subscriptions', headers: fan.headers });
    const theirs = await t.app.inject({
      url: `/api/v1/subscriptions/u/${fan.id}`,
      headers: alice.headers,
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<{ data: unknown }>().data).toEqual(own.json<{ data: unknown }>().data);
    expect(theirs.headers['x-total-count']).toBe('3');
    expect(own.headers['x-total-count']).toBe('3');
    const names = theirs.json<{ data: { userName: string }[] }>().data.map((c) => c.userName);
    // Most recent subscription first.
    expect(names).toEqual(['carol', 'bob', 'alice']);
    const page2 = await t.app.inject({
      url: `/api/v1/subscriptions/u/${fan.id}?limit=2&page=2`,
      headers: alice.headers,
    });
    expect(page2.json<{ data: { userName: string }[] }>().data.map((c) => c.userName)).toEqual([
      'alice',
    ]);
    const ownPage = await t.app.inject({
      url: '/api/v1/subscriptions?limit=1',
      headers: fan.headers,
    });
    expect(ownPage.json<{ data: unknown[] }>().data).toHaveLength(1);
  });

  it('answers the given-user list with 404 for unknown users, 400 for bad paging, 401 anonymously', async () => {
    const at = (url: string, headers = alice.headers) => t.app.inject({ url, headers });
    expect((await at('/api/v1/subscriptions/u/AAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await at(`/api/v1/subscriptions/u/${bob.id}?limit=51`)).statusCode).toBe(400);
    expect((await at('/api/v1/subscriptions?page=0')).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/v1/subscriptions/u/${bob.id}` })).statusCode).toBe(401);
  });
});
