/**
 * Videos API, changing a video: edits (multipart and JSON, with validation), a new thumbnail,
 * the publish toggle and delete with everything that hangs on the video; only the owner may.
 * Starts from video-catalogue.ts.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, likes, videoViews, videos, watchHistory } from '../../server/db/schema.js';
import type { TestUser } from './auth-helpers.js';
import type { TestApp } from './helpers.js';
import { multipart, pngImage } from './media-fixtures.js';
import { catalogueRequests, openVideoCatalogue, type VideoJson } from './video-catalogue.js';
import { insertVideo, upload } from './video-helpers.js';

describe('videos API', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let v: Record<string, string>;
  const { feedTitles, watch } = catalogueRequests(() => t);

  beforeAll(async () => {
    ({ t, alice, bob, v } = await openVideoCatalogue());
  });
  afterAll(() => t.close());

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
});
