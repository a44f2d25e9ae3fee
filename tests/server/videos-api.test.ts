/**
 * Videos API except upload: feed filters, search, sorting and paging; own videos; watching
 * (history, views once per hour, tag interest); edit, publish toggle and delete with ownership;
 * watch-history removal; unpublished videos hidden from everyone but their owner.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comments,
  likes,
  sessions,
  subscriptions,
  userTagScores,
  videoViews,
  videos,
  watchHistory,
} from '../../server/db/schema.js';
import { signAccessToken } from '../../server/auth/tokens.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { multipart, pngImage } from './media-fixtures.js';
import { insertVideo, upload } from './video-helpers.js';

interface VideoJson {
  _id: string;
  title: string;
  description: string;
  tags: string[];
  views: number;
  duration: number;
  isPublished: boolean;
  thumbnail: string;
  videoFile: string;
  createdAt: string;
  owner: { _id: string; userName: string; fullName: string; avatar: string };
}
interface ListJson {
  videos: VideoJson[];
  totalVideos: number;
  page: number;
  limit: number;
}

const day = (n: number) => new Date(Date.UTC(2026, 0, n));

describe('videos API', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  /** Alice's catalogue, by name. */
  const v: Record<string, string> = {};

  async function feed(query: string, user?: TestUser) {
    const res = await t.app.inject({ url: `/api/v1/videos${query}`, headers: user?.headers });
    return res;
  }
  async function feedTitles(query: string, user?: TestUser) {
    const res = await feed(query, user);
    expect(res.statusCode).toBe(200);
    return res.json<{ data: ListJson }>().data.videos.map((x) => x.title);
  }
  const watch = (user: TestUser, id: string) =>
    t.app.inject({ url: `/api/v1/videos/${id}`, headers: user.headers });

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
    const carol = await createUser(t, 'carol');
    v.guitar = await insertVideo(t, alice, {
      title: 'Guitar lesson for beginners',
      description: 'Learn three chords',
      tags: ['music', 'guitar'],
      createdAt: day(1),
      views: 50,
      duration: 300,
    });
    v.pasta = await insertVideo(t, alice, {
      title: 'Fresh pasta at home',
      description: 'Flour, eggs and a little music in the background',
      tags: ['cooking'],
      createdAt: day(2),
      views: 500,
      duration: 120,
    });
    v.drums = await insertVideo(t, carol, {
      title: 'Drum solo',
      description: 'Loud',
      tags: ['music', 'drums'],
      createdAt: day(3),
      views: 5,
      duration: 60,
    });
    v.secret = await insertVideo(t, alice, {
      title: 'Secret guitar draft',
      description: 'Not ready',
      tags: ['music', 'guitar'],
      isPublished: false,
      createdAt: day(4),
    });
  });
  afterAll(() => t.close());

  describe('GET /videos (feed)', () => {
    it('lists published videos newest first to anyone, with owners and absolute URLs', async () => {
      const res = await feed('');
      expect(res.statusCode).toBe(200);
      const data = res.json<{ data: ListJson }>().data;
      expect(data.videos.map((x) => x.title)).toEqual([
        'Drum solo',
        'Fresh pasta at home',
        'Guitar lesson for beginners',
      ]);
      expect(data).toMatchObject({ totalVideos: 3, page: 1, limit: 12 });
      expect(data.videos[1]).toMatchObject({
        _id: v.pasta,
        views: 500,
        duration: 120,
        isPublished: true,
        tags: ['cooking'],
        createdAt: day(2).toISOString(),
        videoFile: `http://localhost:80/media/videos/${v.pasta}.mp4`,
        thumbnail: `http://localhost:80/media/thumbnails/${v.pasta}.webp`,
        owner: { _id: alice.id, userName: 'alice', fullName: 'Full alice' },
      });
      expect(data.videos[1]!.owner.avatar).toMatch(/^http:\/\/localhost:80\/media\//);
    });

    it('pages with page and limit while totalVideos stays the whole count', async () => {
      const res = await feed('?page=2&limit=2');
      const data = res.json<{ data: ListJson }>().data;
      expect(data.videos.map((x) => x.title)).toEqual(['Guitar lesson for beginners']);
      expect(data).toMatchObject({ totalVideos: 3, page: 2, limit: 2 });
      // Past the end: no rows to carry the total, which is still the whole count.
      const past = (await feed('?page=9')).json<{ data: ListJson }>().data;
      expect(past).toMatchObject({ videos: [], totalVideos: 3, page: 9 });
    });

    it.each([
      ['?limit=0', 'limit'],
      ['?limit=51', 'limit'],
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?sortBy=likes', 'sortBy'],
      ['?sortBy=views&sortType=up', 'sortType'],
      [`?query=${'x'.repeat(201)}`, 'query'],
      ['?userId=bad%20id', 'userId'],
    ])('answers %s with a 400 naming the field', async (query, field) => {
      const res = await feed(query);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(new RegExp(`^${field}`));
    });

    it('filters by exact tag (case-insensitive) and by channel', async () => {
      expect(await feedTitles('?tag=music')).toEqual(['Drum solo', 'Guitar lesson for beginners']);
      expect(await feedTitles('?tag=Music')).toEqual(['Drum solo', 'Guitar lesson for beginners']);
      expect(await feedTitles('?tag=mus')).toEqual([]);
      expect(await feedTitles(`?userId=${alice.id}`)).toEqual([
        'Fresh pasta at home',
        'Guitar lesson for beginners',
      ]);
      expect(await feedTitles(`?userId=${alice.id}&tag=music`)).toEqual([
        'Guitar lesson for beginners',
      ]);
    });

    it('searches title, tags and description, ranked, with websearch syntax', async () => {
      // Title and tag matches outrank a description match.
      const res = await feed('?query=music');
      const data = res.json<{ data: ListJson }>().data;
      expect(data.totalVideos).toBe(3);
      expect(data.videos.at(-1)!.title).toBe('Fresh pasta at home');
      expect(await feedTitles('?query=guitar')).toEqual(['Guitar lesson for beginners']);
      expect(await feedTitles('?query=chords')).toEqual(['Guitar lesson for beginners']);
      expect(await feedTitles('?query=drums')).toEqual(['Drum solo']); // tag, stemmed
      expect(await feedTitles('?query=music -guitar -drum')).toEqual(['Fresh pasta at home']);
      expect(await feedTitles('?query="three chords"')).toEqual(['Guitar lesson for beginners']);
      expect(await feedTitles('?query=nothing-like-this')).toEqual([]);
      expect(await feedTitles('?query=%20%20')).toHaveLength(3); // blank means no search
    });

    it('sorts by views, duration and title in both directions', async () => {
      expect(await feedTitles('?sortBy=views&sortType=desc')).toEqual([
        'Fresh pasta at home',
        'Guitar lesson for beginners',
        'Drum solo',
      ]);
      expect(await feedTitles('?sortBy=views&sortType=asc')).toEqual([
        'Drum solo',
        'Guitar lesson for beginners',
        'Fresh pasta at home',
      ]);
      expect(await feedTitles('?sortBy=duration')).toEqual([
        'Guitar lesson for beginners',
        'Fresh pasta at home',
        'Drum solo',
      ]);
      expect(await feedTitles('?sortBy=title&sortType=asc')).toEqual([
        'Drum solo',
        'Fresh pasta at home',
        'Guitar lesson for beginners',
      ]);
      expect(await feedTitles('?sortBy=createdAt&sortType=asc')).toEqual([
        'Guitar lesson for beginners',
        'Fresh pasta at home',
        'Drum solo',
      ]);
    });

    it('never shows an unpublished video, not even to its owner', async () => {
      for (const query of ['', '?query=secret', '?tag=guitar', `?userId=${alice.id}`]) {
        expect(await feedTitles(query, alice)).not.toContain('Secret guitar draft');
        expect(await feedTitles(query, bob)).not.toContain('Secret guitar draft');
      }
      expect((await feed(`?userId=${alice.id}`)).json<{ data: ListJson }>().data.totalVideos).toBe(
        2,
      );
    });
  });

  describe('GET /videos/user', () => {
    it("lists the caller's own videos, unpublished included, 6 per page by default", async () => {
      const res = await t.app.inject({ url: '/api/v1/videos/user', headers: alice.headers });
      expect(res.statusCode).toBe(200);
      const data = res.json<{ data: ListJson }>().data;
      expect(data.videos.map((x) => x.title)).toEqual([
        'Secret guitar draft',
        'Fresh pasta at home',
        'Guitar lesson for beginners',
      ]);
      expect(data).toMatchObject({ totalVideos: 3, page: 1, limit: 6 });
      expect(data.videos[0]!.isPublished).toBe(false);
      const bobs = await t.app.inject({ url: '/api/v1/videos/user', headers: bob.headers });
      expect(bobs.json<{ data: ListJson }>().data).toMatchObject({ videos: [], totalVideos: 0 });
    });

    it('needs a session', async () => {
      expect((await t.app.inject({ url: '/api/v1/videos/user' })).statusCode).toBe(401);
    });
  });

  describe('GET /videos/:videoId (watch)', () => {
    it('answers the video with the owner, subscriber count and subscription state', async () => {
      await t.ctx.db.insert(subscriptions).values({ subscriberId: bob.id, channelId: alice.id });
      await t.ctx.db.execute(sql`update users set subscriber_count = 1 where id = ${alice.id}`);
      const res = await watch(bob, v.guitar!);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: unknown }>().data).toMatchObject({
        _id: v.guitar,
        title: 'Guitar lesson for beginners',
        owner: { _id: alice.id, userName: 'alice', subscriberCount: 1, isSubscribed: true },
      });
      const carol = await createUser(t);
      const other = await watch(carol, v.guitar!);
      expect(
        other.json<{ data: VideoJson & { owner: { isSubscribed: boolean } } }>().data.owner,
      ).toMatchObject({ subscriberCount: 1, isSubscribed: false });
    });

    it('counts one view per viewer per hour and records history each time', async () => {
      const viewer = await createUser(t);
      const first = await watch(viewer, v.drums!);
      const views = first.json<{ data: VideoJson }>().data.views;
      const again = await watch(viewer, v.drums!);
      expect(again.json<{ data: VideoJson }>().data.views).toBe(views);
      await t.ctx.viewCounter.flush();
      const [row] = await t.ctx.db.select().from(videos).where(eq(videos.id, v.drums!));
      expect(row!.views).toBe(views);
      const history = await t.ctx.db
        .select()
        .from(watchHistory)
        .where(eq(watchHistory.userId, viewer.id));
      expect(history).toHaveLength(1);

      // An hour later the same viewer counts again.
      await t.ctx.db
        .update(videoViews)
        .set({ countedAt: new Date(Date.now() - 61 * 60 * 1000) })
        .where(and(eq(videoViews.userId, viewer.id), eq(videoViews.videoId, v.drums!)));
      const later = await watch(viewer, v.drums!);
      expect(later.json<{ data: VideoJson }>().data.views).toBe(views + 1);
      await t.ctx.viewCounter.flush();
      const [after] = await t.ctx.db.select().from(videos).where(eq(videos.id, v.drums!));
      expect(after!.views).toBe(views + 1);
      const historyAfter = await t.ctx.db
        .select()
        .from(watchHistory)
        .where(eq(watchHistory.userId, viewer.id));
      expect(historyAfter).toHaveLength(1);
      expect(historyAfter[0]!.watchedAt.getTime()).toBeGreaterThan(history[0]!.watchedAt.getTime());
    });

    it("adds the video's tags to the viewer's interests, frequent tags first", async () => {
      const viewer = await createUser(t);
      await watch(viewer, v.guitar!); // music, guitar
      await watch(viewer, v.drums!); // music, drums
      await t.ctx.viewCounter.flush();
      const ranked = await t.ctx.db
        .select({ tag: userTagScores.tag })
        .from(userTagScores)
        .where(eq(userTagScores.userId, viewer.id))
        .orderBy(sql`${userTagScores.score} desc`);
      expect(ranked.map((r) => r.tag)[0]).toBe('music');
      expect(ranked.map((r) => r.tag).sort()).toEqual(['drums', 'guitar', 'music']);
      // Reloading within the hour does not inflate interest.
      const before = await t.ctx.db
        .select({ score: userTagScores.score })
        .from(userTagScores)
        .where(and(eq(userTagScores.userId, viewer.id), eq(userTagScores.tag, 'drums')));
      await watch(viewer, v.drums!);
      await t.ctx.viewCounter.flush();
      const after = await t.ctx.db
        .select({ score: userTagScores.score })
        .from(userTagScores)
        .where(and(eq(userTagScores.userId, viewer.id), eq(userTagScores.tag, 'drums')));
      expect(after[0]!.score).toBe(before[0]!.score);
    });

    it('hides an unpublished video from everyone but its owner', async () => {
      const res = await watch(bob, v.secret!);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Video not found', success: false, data: null });
      expect((await watch(alice, v.secret!)).statusCode).toBe(200);
      const rows = await t.ctx.db
        .select()
        .from(watchHistory)
        .where(and(eq(watchHistory.userId, bob.id), eq(watchHistory.videoId, v.secret!)));
      expect(rows).toEqual([]);
    });

    it('answers unknown ids with 404, malformed ones with 400, and anonymous callers with 401', async () => {
      expect((await watch(bob, 'AAAAAAAAAAAAAAAA')).statusCode).toBe(404);
      const bad = await watch(bob, 'not%20an%20id');
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toMatch(/^videoId/);
      expect((await t.app.inject({ url: `/api/v1/videos/${v.guitar}` })).statusCode).toBe(401);
    });
    // The watch checks the session inside its own statement (sessionCheckedInQuery).
    it('refuses a revoked or expired session with 401 and records nothing for it', async () => {
      const viewer = await createUser(t);
      const recorded = async () => ({
        history: await t.ctx.db.$count(watchHistory, eq(watchHistory.userId, viewer.id)),
        views: await t.ctx.db.$count(videoViews, eq(videoViews.userId, viewer.id)),
      });
      const expire = (at: Date) =>
        t.ctx.db.update(sessions).set({ expiresAt: at }).where(eq(sessions.userId, viewer.id));

      await expire(new Date(Date.now() - 1000));
      const expired = await watch(viewer, v.drums!);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ message: 'Unauthorized request', data: null });
      // An unknown id answers 401 too: the session is judged before the video.
      expect((await watch(viewer, 'AAAAAAAAAAAAAAAA')).statusCode).toBe(401);

      await expire(new Date(Date.now() + 60_000));
      expect((await watch(viewer, v.drums!)).statusCode).toBe(200);
      await t.ctx.viewCounter.flush();
      expect(await recorded()).toEqual({ history: 1, views: 1 });

      await t.ctx.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.userId, viewer.id));
      await t.ctx.db.delete(watchHistory).where(eq(watchHistory.userId, viewer.id));
      expect((await watch(viewer, v.guitar!)).statusCode).toBe(401);
      await t.ctx.viewCounter.flush();
      expect(await recorded()).toEqual({ history: 0, views: 1 });

      // A valid token of another user's session is no session of this one.
      const [bobSession] = await t.ctx.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.userId, bob.id));
      const forged = signAccessToken(
        { uid: viewer.id, sid: bobSession!.id, exp: Date.now() + 60_000 },
        t.ctx.config.accessTokenSecret,
      );
      const res = await t.app.inject({
        url: `/api/v1/videos/${v.guitar}`,
        cookies: { accessToken: forged },
      });
      expect(res.statusCode).toBe(401);
      expect(await recorded()).toEqual({ history: 0, views: 1 });
    });
  });

  describe('edit, publish toggle and delete', () => {
    it('edits title, description and tags from a multipart form and keeps the thumbnail', async () => {
      const up = await upload(t, alice);
      const video = up.json<{ data: VideoJson }>().data;
      const { body, headers } = multipart({
        title: ' New title ',
        description: 'New description',
        tags: '["Edited", "edited"]',
      });
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/videos/${video._id}`,
        headers: { ...headers, ...alice.headers },
        payload: body,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: VideoJson }>().data).toMatchObject({
        title: 'New title',
        description: 'New description',
        tags: ['edited'],
        thumbnail: video.thumbnail,
        videoFile: video.videoFile,
      });
      const [row] = await t.ctx.db.select().from(videos).where(eq(videos.id, video._id));
      expect(row).toMatchObject({ title: 'New title', tags: ['edited'] });
    });

    it('replaces the thumbnail under a new name and removes the old file', async () => {
      const video = (await upload(t, alice)).json<{ data: VideoJson }>().data;
      const oldFile = path.join(t.dataDir, new URL(video.thumbnail).pathname);
      expect(existsSync(oldFile)).toBe(true);
      const { body, headers } = multipart(
        {},
        {
          thumbnail: {
            filename: 't.png',
            contentType: 'image/png',
            data: await pngImage(80, 45, '#ff0000'),
          },
        },
      );
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/videos/${video._id}`,
        headers: { ...headers, ...alice.headers },
        payload: body,
      });
      expect(res.statusCode).toBe(200);
      const edited = res.json<{ data: VideoJson }>().data;
      expect(edited.thumbnail).not.toBe(video.thumbnail);
      expect(edited.title).toBe(video.title);
      expect(existsSync(oldFile)).toBe(false);
      expect(existsSync(path.join(t.dataDir, new URL(edited.thumbnail).pathname))).toBe(true);
    });

    it('accepts a JSON edit and validates it', async () => {
      const id = await insertVideo(t, alice, { title: 'Before' });
      const ok = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/videos/${id}`,
        headers: alice.headers,
        payload: { title: 'After', tags: '["x"]' },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json<{ data: VideoJson }>().data).toMatchObject({ title: 'After', tags: ['x'] });
      for (const [payload, message] of [
        [{ title: '' }, 'title: Title is required'],
        [{ title: 'x'.repeat(101) }, 'title: Title can be at most 100 characters'],
        [{ tags: 'not json' }, 'tags: Tags must be sent as the JSON text of a list of words'],
        [
          { description: 'x'.repeat(5001) },
          'description: Description can be at most 5000 characters',
        ],
      ] as const) {
        const res = await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/videos/${id}`,
          headers: alice.headers,
          payload,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json<{ message: string }>().message).toBe(message);
      }
      const [row] = await t.ctx.db.select().from(videos).where(eq(videos.id, id));
      expect(row!.title).toBe('After');
    });

    it("refuses every mutation of someone else's video with 403 and changes nothing", async () => {
      const id = await insertVideo(t, alice, { title: 'Mine' });
      const calls = [
        { method: 'PATCH' as const, url: `/api/v1/videos/${id}`, payload: { title: 'Hacked' } },
        { method: 'DELETE' as const, url: `/api/v1/videos/${id}` },
        { method: 'PATCH' as const, url: `/api/v1/videos/toggle/publish/${id}` },
      ];
      for (const call of calls) {
        const res = await t.app.inject({ ...call, headers: bob.headers });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(res.json()).toMatchObject({ success: false, data: null });
      }
      const [row] = await t.ctx.db.select().from(videos).where(eq(videos.id, id));
      expect(row).toMatchObject({ title: 'Mine', isPublished: true });
    });

    it('answers 404 for unknown videos and for unpublished ones of others', async () => {
      for (const id of ['AAAAAAAAAAAAAAAA', v.secret!]) {
        for (const call of [
          { method: 'PATCH' as const, url: `/api/v1/videos/${id}`, payload: { title: 'x' } },
          { method: 'DELETE' as const, url: `/api/v1/videos/${id}` },
          { method: 'PATCH' as const, url: `/api/v1/videos/toggle/publish/${id}` },
        ]) {
          const res = await t.app.inject({ ...call, headers: bob.headers });
          expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
        }
      }
    });

    it('toggles publishing; an unpublished video disappears for others', async () => {
      const id = await insertVideo(t, alice, { title: 'Toggle me' });
      const toggle = () =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/v1/videos/toggle/publish/${id}`,
          headers: alice.headers,
        });
      const off = await toggle();
      expect(off.statusCode).toBe(200);
      expect(off.json<{ data: VideoJson }>().data).toMatchObject({ _id: id, isPublished: false });
      expect((await watch(bob, id)).statusCode).toBe(404);
      expect(await feedTitles('')).not.toContain('Toggle me');
      const on = await toggle();
      expect(on.json<{ data: VideoJson }>().data.isPublished).toBe(true);
      expect((await watch(bob, id)).statusCode).toBe(200);
      expect(await feedTitles('')).toContain('Toggle me');
    });

    it('deletes a video with its files, likes, comments, comment likes, history and views', async () => {
      const video = (await upload(t, alice)).json<{ data: VideoJson }>().data;
      const id = video._id;
      await watch(bob, id);
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/likes/toggle/v/${id}`,
        headers: bob.headers,
      });
      const comment = await t.app.inject({
        method: 'POST',
        url: `/api/v1/comments/${id}`,
        headers: bob.headers,
        payload: { content: 'Nice' },
      });
      const commentId = comment.json<{ data: { _id: string } }>().data._id;
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/likes/toggle/c/${commentId}`,
        headers: alice.headers,
      });
      expect(await t.ctx.db.select().from(likes).where(eq(likes.targetId, commentId))).toHaveLength(
        1,
      );

      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/videos/${id}`,
        headers: alice.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ data: {}, success: true });
      expect(await t.ctx.db.select().from(videos).where(eq(videos.id, id))).toEqual([]);
      expect(await t.ctx.db.select().from(comments).where(eq(comments.videoId, id))).toEqual([]);
      expect(await t.ctx.db.select().from(likes).where(eq(likes.targetId, id))).toEqual([]);
      expect(await t.ctx.db.select().from(likes).where(eq(likes.targetId, commentId))).toEqual([]);
      expect(
        await t.ctx.db.select().from(watchHistory).where(eq(watchHistory.videoId, id)),
      ).toEqual([]);
      expect(await t.ctx.db.select().from(videoViews).where(eq(videoViews.videoId, id))).toEqual(
        [],
      );
      expect(existsSync(path.join(t.dataDir, new URL(video.videoFile).pathname))).toBe(false);
      expect(existsSync(path.join(t.dataDir, new URL(video.thumbnail).pathname))).toBe(false);
      expect((await watch(alice, id)).statusCode).toBe(404);
    });
  });

  describe('totalVideos stays exact through every change', () => {
    it('follows uploads, publish toggles, tag edits and deletes for the feed, a channel and a tag', async () => {
      const dave = await createUser(t);
      const totals = async () => {
        const get = async (query: string) =>
          (await feed(query)).json<{ data: ListJson }>().data.totalVideos;
        return {
          all: await get(''),
          channel: await get(`?userId=${dave.id}`),
          tag: await get('?tag=unique-tag'),
        };
      };
      const before = await totals();
      const id = await insertVideo(t, dave, { tags: ['unique-tag', 'unique-tag'] });
      await insertVideo(t, dave, { tags: ['other'], isPublished: false });
      expect(await totals()).toEqual({
        all: before.all + 1,
        channel: before.channel + 1,
        tag: before.tag + 1,
      });
      const toggle = () =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/v1/videos/toggle/publish/${id}`,
          headers: dave.headers,
        });
      await toggle();
      expect(await totals()).toEqual(before);
      await toggle();
      await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/videos/${id}`,
        headers: dave.headers,
        payload: { tags: '["renamed"]' },
      });
      expect(await totals()).toEqual({
        ...before,
        all: before.all + 1,
        channel: before.channel + 1,
      });
      await t.app.inject({ method: 'DELETE', url: `/api/v1/videos/${id}`, headers: dave.headers });
      expect(await totals()).toEqual(before);
      // The kept count agrees with counting the rows.
      const [counted] = await t.ctx.db
        .select({ n: count() })
        .from(videos)
        .where(eq(videos.isPublished, true));
      expect((await totals()).all).toBe(counted!.n);
    });
  });

  it('documents every video, engagement, history, playlist and tweet route in OpenAPI', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    const doc = res.json<{
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    }>();
    const expected: [string, string][] = [
      ['/api/v1/videos', 'get'],
      ['/api/v1/videos', 'post'],
      ['/api/v1/videos/user', 'get'],
      ['/api/v1/videos/{videoId}', 'get'],
      ['/api/v1/videos/{videoId}', 'patch'],
      ['/api/v1/videos/{videoId}', 'delete'],
      ['/api/v1/videos/toggle/publish/{videoId}', 'patch'],
      ['/api/v1/videos/watch-history', 'delete'],
      ['/api/v1/videos/watch-history/{videoId}', 'delete'],
      ['/api/v1/likes/video/{videoId}', 'get'],
      ['/api/v1/likes/toggle/v/{videoId}', 'post'],
      ['/api/v1/likes/toggle/c/{commentId}', 'post'],
      ['/api/v1/likes/toggle/t/{tweetId}', 'post'],
      ['/api/v1/comments/{videoId}', 'get'],
      ['/api/v1/comments/{videoId}', 'post'],
      ['/api/v1/comments/c/{commentId}', 'patch'],
      ['/api/v1/comments/c/{commentId}', 'delete'],
      ['/api/v1/subscriptions/c/{channelId}', 'post'],
      ['/api/v1/subscriptions/c/{channelId}', 'get'],
      ['/api/v1/subscriptions', 'get'],
      ['/api/v1/subscriptions/u/{subscriberId}', 'get'],
      ['/api/v1/users/history', 'get'],
      ['/api/v1/playlist/user/{userId}', 'get'],
      ['/api/v1/playlist/{playlistId}', 'get'],
      ['/api/v1/playlist', 'post'],
      ['/api/v1/playlist/{playlistId}', 'patch'],
      ['/api/v1/playlist/{playlistId}', 'delete'],
      ['/api/v1/playlist/add/{videoId}/{playlistId}', 'patch'],
      ['/api/v1/playlist/remove/{videoId}/{playlistId}', 'patch'],
      ['/api/v1/tweets/user/{userId}', 'get'],
      ['/api/v1/tweets', 'post'],
      ['/api/v1/tweets/{tweetId}', 'patch'],
      ['/api/v1/tweets/{tweetId}', 'delete'],
      ['/api/v1/dashboard/stats', 'get'],
      ['/api/v1/dashboard/views', 'get'],
    ];
    for (const [route, method] of expected) {
      expect(doc.paths[route]?.[method], `${method} ${route}`).toBeDefined();
    }
    expect(Object.keys(doc.paths['/api/v1/videos']!.post!.requestBody!.content)).toContain(
      'multipart/form-data',
    );
  });

  describe('watch-history removal', () => {
    it('removes one video from history, then answers 404 for it', async () => {
      const viewer = await createUser(t);
      await watch(viewer, v.guitar!);
      await watch(viewer, v.pasta!);
      const remove = () =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/v1/videos/watch-history/${v.guitar}`,
          headers: viewer.headers,
        });
      const res = await remove();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ data: {}, message: 'Video removed from watch history' });
      const left = await t.ctx.db
        .select({ videoId: watchHistory.videoId })
        .from(watchHistory)
        .where(eq(watchHistory.userId, viewer.id));
      expect(left).toEqual([{ videoId: v.pasta }]);
      expect((await remove()).statusCode).toBe(404);
    });

    it('clears the whole history and says how many entries went', async () => {
      const viewer = await createUser(t);
      await watch(viewer, v.guitar!);
      await watch(viewer, v.pasta!);
      await watch(bob, v.pasta!);
      const clear = () =>
        t.app.inject({
          method: 'DELETE',
          url: '/api/v1/videos/watch-history',
          headers: viewer.headers,
        });
      const res = await clear();
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: unknown }>().data).toEqual({ deletedCount: 2 });
      expect(
        await t.ctx.db.select().from(watchHistory).where(eq(watchHistory.userId, viewer.id)),
      ).toEqual([]);
      // Other people's history is untouched.
      expect(
        await t.ctx.db.select().from(watchHistory).where(eq(watchHistory.userId, bob.id)),
      ).not.toEqual([]);
      expect((await clear()).json<{ data: unknown }>().data).toEqual({ deletedCount: 0 });
    });

    it('needs a session', async () => {
      const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/videos/watch-history' });
      expect(res.statusCode).toBe(401);
    });
  });
  describe('search over more than one rank window', () => {
    it('ranks by relevance within the newest 200 matches, then the next, paging without gaps', async () => {
      const zed = await createUser(t);
      const base = Date.UTC(2025, 5, 1);
      const rows = Array.from({ length: 201 }, (_, i) => ({
        id: `zebra${String(i).padStart(11, '0')}`,
        ownerId: zed.id,
        title: i === 0 ? 'zebra zebra zebra' : i === 100 ? 'zebra zebra' : `zebra crossing ${i}`,
        description: i === 0 ? 'zebra zebra' : 'street',
        tags: ['street'],
        duration: 5,
        videoKey: `videos/z${i}.mp4`,
        thumbnailKey: `thumbnails/z${i}.webp`,
        createdAt: new Date(base + i * 60_000),
      }));
      await t.ctx.db.insert(videos).values(rows);
      const seen: string[] = [];
      for (let page = 1; page <= 5; page++) {
        const res = await feed(`?query=zebra&limit=50&page=${page}`);
        const data = res.json<{ data: ListJson }>().data;
        expect(data).toMatchObject({ totalVideos: 201, totalIsLowerBound: false });
        seen.push(...data.videos.map((x) => x._id));
      }
      expect(seen).toHaveLength(201);
      expect(new Set(seen).size).toBe(201);
      // The most relevant of the newest 200 leads; the oldest (most relevant overall) opens the
      // second window, which is the last result here.
      expect(seen[0]).toBe(rows[100]!.id);
      expect(seen[200]).toBe(rows[0]!.id);
      // Pages that straddle the windows' border (192–203 with 12 a page) keep the same order.
      const small: string[] = [];
      for (let page = 1; page <= 17; page++) {
        const res = await feed(`?query=zebra&limit=12&page=${page}`);
        small.push(...res.json<{ data: ListJson }>().data.videos.map((x) => x._id));
      }
      expect(small).toEqual(seen);
      // Sorting explicitly ignores relevance.
      const oldest = await feed('?query=zebra&sortBy=createdAt&sortType=asc&limit=1');
      expect(oldest.json<{ data: ListJson }>().data.videos[0]!._id).toBe(rows[0]!.id);
    });
  });
});
