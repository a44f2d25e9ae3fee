/**
 * The embeddable player (issue 34, contract/embed.ts): its page may be framed by any site and no
 * other page may; its read needs no session, answers published videos only, carries the
 * captions and counts no view.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../server/db/schema.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { VTT } from './caption-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { multipart } from './media-fixtures.js';
import { insertVideo } from './video-helpers.js';

/** Any well-formed id: the headers do not depend on the video. */
const SOME_ID = 'AAAAAAAAAAAAAAAA';

describe('embed', () => {
  let t: TestApp;
  let clientDir: string;
  let owner: TestUser;
  let video: string;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-client-'));
    await writeFile(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html><head><title>VidTube</title></head></html>',
    );
    t = await createTestApp({ clientDir });
    owner = await createUser(t, 'embedder', 'Embed Channel');
    video = await insertVideo(t, owner, { title: 'Framed' });
  });
  afterAll(async () => {
    await t.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  const policyOf = (headers: Record<string, unknown>) =>
    String(headers['content-security-policy']).split(';');

  it('serves the embed page to any frame: frame-ancestors *, no X-Frame-Options', async () => {
    const res = await t.app.inject({ url: `/embed/${video}?t=12` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(policyOf(res.headers)).toContain('frame-ancestors *');
    // Everything else of the policy stays.
    expect(policyOf(res.headers)).toContain("script-src 'self'");
  });

  it.each([
    '/',
    `/watch/${SOME_ID}`,
    '/Dashboard',
    '/api/v1/healthcheck',
    `/api/v1/embed/${SOME_ID}`,
  ])('%s keeps refusing frames', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(policyOf(res.headers)).toContain("frame-ancestors 'self'");
  });

  it('reads a published video without a session, with its captions, and counts no view', async () => {
    const form = multipart(
      {},
      {
        file: { filename: 'en.vtt', contentType: 'text/vtt', data: Buffer.from(VTT) },
      },
    );
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/videos/${video}/captions/en`,
      headers: { ...form.headers, ...owner.headers },
      payload: form.body,
    });
    expect(put.statusCode).toBe(200);
    const res = await t.app.inject({ url: `/api/v1/embed/${video}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: {
        _id: video,
        title: 'Framed',
        channelName: 'Embed Channel',
        hlsUrl: null,
        captions: [expect.objectContaining({ language: 'en', label: 'English' })],
      },
    });
    expect(res.json<{ data: { videoFile: string } }>().data.videoFile).toMatch(/\/media\/videos\//);
    await t.ctx.viewCounter.flush();
    const [row] = await t.ctx.db
      .select({ views: videos.views })
      .from(videos)
      .where(eq(videos.id, video));
    expect(row?.views).toBe(0);
  });

  it('answers 404 for an unpublished or missing video (the page says "Video unavailable")', async () => {
    const hidden = await insertVideo(t, owner, { isPublished: false });
    for (const id of [hidden, 'AAAAAAAAAAAAAAAA']) {
      const res = await t.app.inject({ url: `/api/v1/embed/${id}`, headers: owner.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Video not found', success: false });
    }
  });
});
