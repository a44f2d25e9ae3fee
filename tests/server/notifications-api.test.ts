/** The bell's API: paging unread first, the unread count, read marks, settings and refusals. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { bell, setSettings, subscribe, unread } from './notification-helpers.js';

describe('notifications API', () => {
  let t: TestApp;
  let channel: TestUser;
  let other: TestUser;
  const fans: TestUser[] = [];

  const post = (user: TestUser, url: string, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/notifications${url}`,
      headers: user.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    t = await createTestApp();
    channel = await createUser(t, 'channel');
    other = await createUser(t, 'other');
    // Five new subscribers, one after the other: five notifications, newest last.
    for (let i = 0; i < 5; i++) {
      const fan = await createUser(t, `fan${i}`);
      fans.push(fan);
      await subscribe(t, fan, channel.id);
    }
    await subscribe(t, channel, other.id);
  });
  afterAll(() => t.close());

  it('answers 401 without a session, in the envelope', async () => {
    const res = await t.app.inject({ url: '/api/v1/notifications' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, data: null, statusCode: 401 });
  });

  it('lists newest first in pages, with whether more exist', async () => {
    const first = await bell(t, channel, '?limit=2');
    expect(first.notifications.map((n) => n.actor!.userName)).toEqual(['fan4', 'fan3']);
    expect(first).toMatchObject({ hasMore: true, unreadCount: 5, page: 1, limit: 2 });
    const last = await bell(t, channel, '?limit=2&page=3');
    expect(last.notifications.map((n) => n.actor!.userName)).toEqual(['fan0']);
    expect(last.hasMore).toBe(false);
  });

  it('marks some read: only the caller’s own, and lists unread ones first', async () => {
    const { notifications } = await bell(t, channel);
    const newest = notifications[0]!._id;
    const othersId = (await bell(t, other)).notifications[0]!._id;
    const res = await post(channel, '/mark-read', { ids: [newest, othersId] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { unreadCount: 4 }, success: true });
    expect(await unread(t, other)).toBe(1);
    const all = await bell(t, channel);
    expect(all.notifications.map((n) => [n.actor!.userName, n.read])).toEqual([
      ['fan3', false],
      ['fan2', false],
      ['fan1', false],
      ['fan0', false],
      ['fan4', true],
    ]);
    const unreadOnly = await bell(t, channel, '?filter=unread');
    expect(unreadOnly.notifications).toHaveLength(4);
  });

  it('refuses a bad mark-read body and a bad filter with 400', async () => {
    expect((await post(channel, '/mark-read', { ids: [] })).statusCode).toBe(400);
    expect((await post(channel, '/mark-read', {})).statusCode).toBe(400);
    const ids = Array.from({ length: 101 }, (_, i) => `id${i}`);
    expect((await post(channel, '/mark-read', { ids })).statusCode).toBe(400);
    const res = await t.app.inject({
      url: '/api/v1/notifications?filter=some',
      headers: channel.headers,
    });
    expect(res.statusCode).toBe(400);
  });

  it('marks all read', async () => {
    const res = await post(channel, '/mark-all-read');
    expect(res.json()).toMatchObject({ data: { unreadCount: 0 } });
    expect(await unread(t, channel)).toBe(0);
    expect((await bell(t, channel, '?filter=unread')).notifications).toEqual([]);
    expect(await unread(t, other)).toBe(1);
  });

  it('keeps per-type settings, all on at first', async () => {
    const get = () =>
      t.app.inject({ url: '/api/v1/notifications/settings', headers: fans[0]!.headers });
    expect((await get()).json<{ data: unknown }>().data).toEqual({
      newVideo: true,
      newSubscriber: true,
      comment: true,
      likeMilestone: true,
      videoReady: true,
      reply: true,
      mention: true,
      heart: true,
    });
    const res = await setSettings(t, fans[0]!, { likeMilestone: false, comment: false });
    expect(res.json<{ data: unknown }>().data).toMatchObject({
      comment: false,
      likeMilestone: false,
      newVideo: true,
    });
    await setSettings(t, fans[0]!, { comment: true });
    expect((await get()).json<{ data: unknown }>().data).toMatchObject({
      comment: true,
      likeMilestone: false,
    });
    expect((await setSettings(t, fans[0]!, {})).statusCode).toBe(400);
    expect((await setSettings(t, fans[0]!, { comment: 'maybe' })).statusCode).toBe(400);
  });
});
