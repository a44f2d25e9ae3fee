/**
 * Notifications: each type written once, for the right recipients only (never for one's own
 * actions, never with the type switched off, never about a video the recipient may not see).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likes, notifications, videos } from '../../server/db/schema.js';
import {
  markFailed,
  markReady,
  createProcessing,
} from '../../server/processing/video-processing.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { bell, ofType, setSettings, subscribe, unread } from './notification-helpers.js';
import { insertVideo, upload } from './video-helpers.js';

describe('notifications are written', () => {
  let t: TestApp;
  let creator: TestUser;
  let fan: TestUser;
  let quiet: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    creator = await createUser(t, 'creator');
    fan = await createUser(t, 'fan');
    quiet = await createUser(t, 'quiet');
    stranger = await createUser(t, 'stranger');
  });
  afterAll(() => t.close());

  it('tells a channel of a new subscriber once, and the subscriber nothing', async () => {
    expect((await subscribe(t, fan, creator.id)).statusCode).toBe(200);
    const [entry, ...more] = await ofType(t, creator, 'newSubscriber');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ read: false, actor: { _id: fan.id, userName: 'fan' } });
    // Unsubscribing and subscribing again does not notify a second time.
    await subscribe(t, fan, creator.id);
    await subscribe(t, fan, creator.id);
    expect(await ofType(t, creator, 'newSubscriber')).toHaveLength(1);
    expect(await bell(t, fan)).toMatchObject({ notifications: [], unreadCount: 0 });
  });

  it('tells every subscriber with the type on of an upload, and nobody else', async () => {
    await subscribe(t, quiet, creator.id);
    expect((await setSettings(t, quiet, { newVideo: false })).statusCode).toBe(200);
    const res = await upload(t, creator);
    expect(res.statusCode).toBe(201);
    const videoId = res.json<{ data: { _id: string } }>().data._id;
    const [entry, ...more] = await ofType(t, fan, 'newVideo');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      video: { _id: videoId, title: 'My first clip' },
      actor: { _id: creator.id },
    });
    expect(entry!.video!.thumbnail).toMatch(/^http/);
    expect(await ofType(t, quiet, 'newVideo')).toEqual([]);
    expect(await ofType(t, stranger, 'newVideo')).toEqual([]);
    expect(await ofType(t, creator, 'newVideo')).toEqual([]);
  });

  it('hides entries about a video while it is unpublished, and drops them when it is deleted', async () => {
    const videoId = (await ofType(t, fan, 'newVideo'))[0]!.video!._id;
    const before = await unread(t, fan);
    const toggle = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/videos/toggle/publish/${videoId}`,
        headers: creator.headers,
      });
    expect((await toggle()).statusCode).toBe(200);
    expect(await ofType(t, fan, 'newVideo')).toEqual([]);
    expect(await unread(t, fan)).toBe(before - 1);
    const listed = JSON.stringify(await bell(t, fan, '?limit=50'));
    expect(listed).not.toContain(videoId);
    await toggle();
    expect(await ofType(t, fan, 'newVideo')).toHaveLength(1);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/videos/${videoId}`,
      headers: creator.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(await ofType(t, fan, 'newVideo')).toEqual([]);
  });

  it("tells a video's owner of a comment by someone else, with its first characters", async () => {
    const videoId = await insertVideo(t, creator);
    const comment = (user: TestUser, content: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/comments/${videoId}`,
        headers: user.headers,
        payload: { content },
      });
    expect((await comment(fan, 'Great video! '.repeat(20))).statusCode).toBe(201);
    expect((await comment(creator, 'Thanks everyone')).statusCode).toBe(201);
    const entries = await ofType(t, creator, 'comment');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: { _id: fan.id }, video: { _id: videoId } });
    expect(entries[0]!.comment!.excerpt).toHaveLength(140);
    expect(await ofType(t, fan, 'comment')).toEqual([]);
  });

  it('tells the owner once when likes reach 10, 100 …, never for their own like', async () => {
    const videoId = await insertVideo(t, creator);
    const likers = await Promise.all(Array.from({ length: 8 }, () => createUser(t)));
    await t.ctx.db
      .insert(likes)
      .values(
        likers.map((u) => ({ userId: u.id, targetType: 'video' as const, targetId: videoId })),
      );
    await t.ctx.db.update(videos).set({ likesCount: 8 }).where(eq(videos.id, videoId));
    const like = (user: TestUser) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/likes/toggle/v/${videoId}`,
        headers: user.headers,
      });
    await like(fan); // 9
    await like(creator); // 10, by the owner: no milestone
    expect(await ofType(t, creator, 'likeMilestone')).toEqual([]);
    await like(creator); // 9
    await like(stranger); // 10
    await like(stranger); // 9
    await like(stranger); // 10 again: still once
    const entries = await ofType(t, creator, 'likeMilestone');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ milestone: 10, actor: null, video: { _id: videoId } });
  });

  it('tells the owner when processing ends, ready or failed', async () => {
    const videoId = await insertVideo(t, creator, { title: 'Being converted' });
    await createProcessing(t.ctx.db, videoId);
    await markFailed(t.ctx, videoId, 'no');
    await markReady(t.ctx, videoId);
    await markReady(t.ctx, videoId);
    const entries = await ofType(t, creator, 'videoReady');
    expect(entries.map((n) => n.outcome).sort()).toEqual(['failed', 'ready']);
    expect(entries[0]).toMatchObject({ actor: null, video: { title: 'Being converted' } });
    expect(await ofType(t, fan, 'videoReady')).toEqual([]);
  });

  it('writes nothing of a type its recipient switched off', async () => {
    expect((await setSettings(t, creator, { comment: false })).statusCode).toBe(200);
    const videoId = await insertVideo(t, creator);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/comments/${videoId}`,
      headers: fan.headers,
      payload: { content: 'Hello' },
    });
    const rows = await t.ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.videoId, videoId));
    expect(rows).toEqual([]);
  });
});
