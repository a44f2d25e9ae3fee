/**
 * Issue 34, beyond the site (server/syndication): oEmbed for a public video's URL, a channel's RSS
 * feed, and the discovery links and link preview in the pages' HTML. Public data only: an
 * unpublished video is unknown to all three.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_FEED_ITEMS, EMBED_SIZE } from '../../contract/syndication.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

const ORIGIN = 'http://localhost:80';
const HOSTILE_TITLE = `Tom & Jerry's "<b>best</b>" </script><script>alert(1)</script>`;

describe('beyond the site', () => {
  let t: TestApp;
  let clientDir: string;
  let creator: TestUser;
  let publicId: string;
  let draftId: string;

  const oembed = (query: Record<string, string>) =>
    t.app.inject({ url: `/api/v1/oembed?${new URLSearchParams(query)}` });
  const feed = (userName: string) => t.app.inject({ url: `/api/v1/feeds/channels/${userName}` });
  const xmlOf = (body: string) => new JSDOM(body, { contentType: 'text/xml' }).window.document;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-client-'));
    await writeFile(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html><head><title>VidTube</title></head><body></body></html>',
    );
    t = await createTestApp({ clientDir, firstScreenWaitMs: 60_000 });
    creator = await createUser(t, 'syndicated', 'Syndicated Baker');
    const base = Date.parse('2026-03-01T00:00:00Z');
    for (let i = 0; i < CHANNEL_FEED_ITEMS + 2; i += 1) {
      await insertVideo(t, creator, { title: `Loaf ${i}`, createdAt: new Date(base + i * 60_000) });
    }
    publicId = await insertVideo(t, creator, {
      title: HOSTILE_TITLE,
      description: 'Crust\u0001 & crumb',
      createdAt: new Date(base + 3_600_000),
    });
    draftId = await insertVideo(t, creator, {
      title: 'Secret draft',
      isPublished: false,
      createdAt: new Date(base + 7_200_000),
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  describe('GET /oembed', () => {
    it("answers a public video's watch URL with the video type and Share's embed code", async () => {
      const res = await oembed({ url: `${ORIGIN}/watch/${publicId}`, format: 'json' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
      const body = res.json<Record<string, unknown>>();
      expect(body).toMatchObject({
        type: 'video',
        version: '1.0',
        title: HOSTILE_TITLE,
        author_name: 'Syndicated Baker',
        author_url: `${ORIGIN}/Channel/syndicated`,
        provider_name: 'VidTube',
        provider_url: `${ORIGIN}/`,
        width: EMBED_SIZE.width,
        height: EMBED_SIZE.height,
        thumbnail_url: `${ORIGIN}/media/thumbnails/${publicId}.webp`,
      });
      const html = body.html as string;
      expect(html).toContain(`src="${ORIGIN}/embed/${publicId}"`);
      // The title is an attribute: escaped, so no markup of it runs on the consumer's page.
      expect(html).not.toContain('<script>');
      expect(html).toContain('title="Tom &amp; Jerry&#39;s &quot;&lt;b&gt;best&lt;/b&gt;&quot;');
    });

    it('accepts the embed URL too, and scales the frame into maxwidth and maxheight at 16:9', async () => {
      const narrow = await oembed({ url: `${ORIGIN}/embed/${publicId}`, maxwidth: '320' });
      expect(narrow.json()).toMatchObject({ width: 320, height: 180 });
      const short = await oembed({ url: `${ORIGIN}/watch/${publicId}`, maxheight: '225' });
      expect(short.json()).toMatchObject({ width: 400, height: 225 });
      const tiny = await oembed({ url: `${ORIGIN}/watch/${publicId}`, maxwidth: '10' });
      expect(tiny.json()).toMatchObject({ width: 200, height: 113 });
    });

    it('is 404 for an unpublished or unknown video, another site, or no video URL', async () => {
      for (const url of [
        `${ORIGIN}/watch/${draftId}`,
        `${ORIGIN}/watch/AAAAAAAAAAAAAAAA`,
        `https://elsewhere.example/watch/${publicId}`,
        `${ORIGIN}/Channel/syndicated`,
        `${ORIGIN}/watch/%E0%A4%A`,
        'not a url',
      ]) {
        const res = await oembed({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({
          success: false,
          message: 'No public video has this URL',
        });
      }
    });

    it('is 501 for a format other than json, 400 without a url', async () => {
      const xml = await oembed({ url: `${ORIGIN}/watch/${publicId}`, format: 'xml' });
      expect(xml.statusCode).toBe(501);
      expect(xml.json()).toMatchObject({ message: 'Only the json format is offered' });
      expect((await oembed({})).statusCode).toBe(400);
      expect((await oembed({ url: 'x', maxwidth: '-3' })).statusCode).toBe(400);
    });
  });

  describe('GET /feeds/channels/{userName}', () => {
    it("lists the channel's newest public videos as well-formed RSS, escaped", async () => {
      const res = await feed('Syndicated');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      const doc = xmlOf(res.body);
      expect(doc.querySelector('parsererror')).toBeNull();
      expect(doc.querySelector('channel > title')?.textContent).toBe('Syndicated Baker on VidTube');
      const items = [...doc.querySelectorAll('item')];
      expect(items).toHaveLength(CHANNEL_FEED_ITEMS);
      expect(items[0]!.querySelector('title')?.textContent).toBe(HOSTILE_TITLE);
      expect(items[0]!.querySelector('link')?.textContent).toBe(`${ORIGIN}/watch/${publicId}`);
      // The control character XML cannot carry is dropped, the rest kept.
      expect(items[0]!.querySelector('description')?.textContent).toBe('Crust & crumb');
      expect(items[1]!.querySelector('title')?.textContent).toBe(`Loaf ${CHANNEL_FEED_ITEMS + 1}`);
      expect(res.body).not.toContain('Secret draft');
    });

    it('is 404 for a channel that does not exist', async () => {
      const res = await feed('nobody_here');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Channel not found' });
    });
  });

  describe("the pages' HTML", () => {
    const page = (url: string) => t.app.inject({ url });
    const headOf = (body: string) => new JSDOM(body).window.document.head;

    it("carries a public video's oEmbed discovery link and link preview for a visitor", async () => {
      const head = headOf((await page(`/watch/${publicId}`)).body);
      const discovery = head.querySelector('link[type="application/json+oembed"]');
      const watchUrl = `${ORIGIN}/watch/${publicId}`;
      expect(discovery?.getAttribute('href')).toBe(
        `${ORIGIN}/api/v1/oembed?url=${encodeURIComponent(watchUrl)}&format=json`,
      );
      const og = (property: string) =>
        head.querySelector(`meta[property="${property}"]`)?.getAttribute('content');
      expect(og('og:title')).toBe(HOSTILE_TITLE);
      expect(og('og:url')).toBe(watchUrl);
      expect(og('og:video:url')).toBe(`${ORIGIN}/embed/${publicId}`);
      // The hostile title made no script: the head's only ones are the page's data blocks (the
      // session in the HTML, issue 35), which run nothing.
      const scripts = [...head.querySelectorAll('script')];
      expect(scripts.filter((s) => s.getAttribute('type') !== 'application/json')).toEqual([]);
    });

    it('says nothing of an unpublished video, even to its owner', async () => {
      const res = await t.app.inject({ url: `/watch/${draftId}`, headers: creator.headers });
      expect(res.body).not.toContain('oembed');
      expect(res.body).not.toContain('Secret draft');
    });

    it("carries a channel page's RSS discovery link, on every tab", async () => {
      for (const url of ['/Channel/Syndicated', '/channel/syndicated/Playlists']) {
        const link = headOf((await page(url)).body).querySelector(
          'link[type="application/rss+xml"]',
        );
        expect(link?.getAttribute('href'), url).toBe(`${ORIGIN}/api/v1/feeds/channels/syndicated`);
      }
    });
  });
});
