/**
 * The HTML of `/` carries the feed's first page and preloads its first thumbnails
 * (server/pages/first-screen-html.ts): the same data a visitor's API call gets, never anything
 * private (unpublished videos, the signed-in caller), and no title can break out of it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_FEED_ELEMENT_ID, FIRST_SESSION_ELEMENT_ID } from '../../contract/first-screen.js';
import { THUMBNAIL_SIZES } from '../../contract/thumbnail-sizes.js';
import type { VideoList } from '../../contract/videos.js';
import { firstFeedHead } from '../../server/pages/first-screen-html.js';
import { createUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

// "$`" and "$&" would pull in parts of the page if the HTML were built with a replacement string.
const HOSTILE_TITLE = '</script><script>alert(1)</script> $` $&';
const DATA_BLOCK = new RegExp(
  `<script type="application/json" id="${FIRST_FEED_ELEMENT_ID}">([^<]*)</script>`,
);

/** The envelope in the page's data block, as the SPA's JSON.parse reads it. */
function embeddedEnvelope(html: string): { data: VideoList } | null {
  const match = DATA_BLOCK.exec(html);
  return match ? (JSON.parse(match[1]!) as { data: VideoList }) : null;
}

const SESSION_BLOCK = new RegExp(
  `<script type="application/json" id="${FIRST_SESSION_ELEMENT_ID}">[^<]*</script>`,
);

const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="image" fetchpriority="high" ([^>]*)>/g)].map(
    (m) => m[1],
  );

describe('the HTML of /', () => {
  let t: TestApp;
  let clientDir: string;
  let ownerCookie: string;
  let publishedId: string;
  let draftId: string;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-client-'));
    await writeFile(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html><head><title>VidTube</title></head><body></body></html>',
    );
    // In production the HTML waits 100 ms at most for its data; a loaded test machine may need
    // longer, and a page sent without it would fail these tests for the wrong reason.
    t = await createTestApp({ clientDir, feedCacheMs: 3_600_000, firstScreenWaitMs: 60_000 });
    const owner = await createUser(t, 'first_screen_owner');
    ownerCookie = owner.cookie;
    const base = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < 14; i += 1)
      await insertVideo(t, owner, { title: `Clip ${i}`, createdAt: new Date(base + i * 60_000) });
    publishedId = await insertVideo(t, owner, {
      title: HOSTILE_TITLE,
      createdAt: new Date(base + 3_600_000),
    });
    draftId = await insertVideo(t, owner, {
      title: 'Private draft',
      isPublished: false,
      createdAt: new Date(base + 7_200_000),
    });
    await t.app.inject({ url: '/api/v1/videos?page=1&limit=12' });
  });
  afterAll(async () => {
    await t.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it("carries the feed's first page exactly as the API answers a visitor", async () => {
    const page = await t.app.inject({ url: '/' });
    const api = await t.app.inject({ url: '/api/v1/videos?page=1&limit=12' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    const embedded = embeddedEnvelope(page.body);
    expect(embedded).toEqual(JSON.parse(api.body));
    expect(embedded!.data.videos).toHaveLength(12);
    expect(embedded!.data.videos[0]!.title).toBe(HOSTILE_TITLE);
  });

  it('keeps a hostile title inside the data block and the page free of unpublished videos', async () => {
    const { body } = await t.app.inject({ url: '/' });
    expect(body).not.toContain(HOSTILE_TITLE);
    // The data blocks' own end tags (feed, session) are the only ones: the title closed none.
    expect(body.split('</script>')).toHaveLength(3);
    expect(body).not.toContain('Private draft');
  });

  it('carries the same feed for a signed-in owner as for a visitor, only the session differs', async () => {
    // Who asks travels in its own block (page-session.test.ts); the rest is public.
    const withoutSession = (html: string) => html.replace(SESSION_BLOCK, '');
    const visitor = await t.app.inject({ url: '/' });
    const owner = await t.app.inject({ url: '/', headers: { cookie: ownerCookie } });
    expect(withoutSession(owner.body)).toBe(withoutSession(visitor.body));
    expect(withoutSession(owner.body)).not.toContain('first_screen_owner@example.com');
  });

  it('preloads the first four thumbnails, in feed order', async () => {
    const { body } = await t.app.inject({ url: '/' });
    const thumbnails = embeddedEnvelope(body)!.data.videos.map((v) => v.thumbnail);
    // These rows have a single stored file each: the preload names it as the <img> would.
    expect(preloadsOf(body)).toEqual(thumbnails.slice(0, 4).map((url) => `href="${url}"`));
  });

  it('is added to / only, not to a feed filtered by a tag', async () => {
    for (const url of ['/watch/abc', '/search', '/History', '/?tag=music']) {
      const { body } = await t.app.inject({ url });
      expect(embeddedEnvelope(body)).toBeNull();
      expect(preloadsOf(body)).toEqual([]);
    }
  });

  describe('the HTML of /watch/{id}', () => {
    const watch = (id: string, cookie?: string) =>
      t.app.inject({ url: `/watch/${id}`, headers: cookie ? { cookie } : {} });

    it("preloads a published video's poster for a caller with a session", async () => {
      const api = await t.app.inject({
        url: `/api/v1/videos/${publishedId}`,
        headers: { cookie: ownerCookie },
      });
      const poster = (JSON.parse(api.body) as { data: { thumbnail: string } }).data.thumbnail;
      const { body } = await watch(publishedId, ownerCookie);
      expect(preloadsOf(body)).toEqual([`href="${poster}"`]);
      expect(embeddedEnvelope(body)).toBeNull();
    });

    it('preloads nothing for a visitor (or a forged cookie), an unpublished video or an unknown id', async () => {
      expect(preloadsOf((await watch(publishedId, 'accessToken=forged')).body)).toEqual([]);
      expect(preloadsOf((await watch(publishedId)).body)).toEqual([]);
      expect(preloadsOf((await watch(draftId, ownerCookie)).body)).toEqual([]);
      expect(preloadsOf((await watch('no-such-video-id', ownerCookie)).body)).toEqual([]);
    });
  });

  describe('the HTML of /search', () => {
    it("preloads the first result's thumbnail with the result row's sizes, as the page's search answers", async () => {
      const api = await t.app.inject({
        url: '/api/v1/videos?query=clip&sortBy=views&page=1&limit=9',
      });
      const first = (JSON.parse(api.body) as { data: VideoList }).data.videos[0]!;
      const { body } = await t.app.inject({ url: '/search?query=%20clip%20&sort=views' });
      // These rows have a single stored file each: the preload names it as the <img> would.
      expect(preloadsOf(body)).toEqual([`href="${first.thumbnail}"`]);
    });

    it('preloads nothing for a blank query or a search that finds nothing', async () => {
      for (const url of ['/search', '/search?query=%20', '/search?query=zzzqqqxxx&exact=1']) {
        expect(preloadsOf((await t.app.inject({ url })).body)).toEqual([]);
      }
    });
  });
});

describe('firstFeedHead', () => {
  it("preloads sized thumbnails with the grid's srcset and sizes, attributes escaped", () => {
    const video = {
      title: 'a',
      thumbnail: 'https://cdn.example/t-w1280.webp',
      thumbnailSizes: [
        { width: 360, url: 'https://cdn.example/t-w360.webp?a=1&b="2"' },
        { width: 720, url: 'https://cdn.example/t-w720.webp' },
      ],
    };
    const head = firstFeedHead(JSON.stringify({ data: { videos: [video] } }));
    expect(preloadsOf(head)).toEqual([
      'imagesrcset="https://cdn.example/t-w360.webp?a=1&amp;b=&quot;2&quot; 360w, https://cdn.example/t-w720.webp 720w" ' +
        `imagesizes="${THUMBNAIL_SIZES.grid}"`,
    ]);
  });
});
