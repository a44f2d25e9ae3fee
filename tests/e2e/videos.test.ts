/**
 * Issue 4's journey in Chromium on a fresh DATA_DIR with the demo content: a creator uploads a
 * real MP4 through the dialog; a second user finds it on the home feed and through search, watches
 * it (it plays and seeks), likes it, comments, subscribes, scrolls the whole feed, and finds it in
 * their history. Screenshots of home, search and watch at 1280×800 and 390×844.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  hasBrowser,
  launchBrowser,
  screenshot,
  startServer,
  VIEWPORTS,
  type BrowserSession,
  type RunningServer,
} from './harness.js';
import { signIn, signUpAndSignIn } from './accounts-api.js';
import { uploadedLink } from './upload-dialog.js';
import { makeTestMp4 } from './videos-fixtures.js';

const PASSWORD = 'journey-pass-123';
const creator = { fullName: 'Cleo Creator', userName: 'cleo.creator', email: 'cleo@example.com' };
const viewer = { fullName: 'Vik Viewer', userName: 'vik.viewer', email: 'vik@example.com' };
const TITLE = 'Zephyrine sunrise over the test pattern';

describe.skipIf(!hasBrowser)('videos journey', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let clip: string;
  let videoId = '';
  // Steps share one browser page per user, in order.
  let viewerPage: Page;

  beforeAll(async () => {
    [server, clip] = await Promise.all([startServer({ SEED_DEMO: '1' }), makeTestMp4()]);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedIn(
    user: typeof creator,
    viewport: { width: number; height: number } = VIEWPORTS.desktop,
    register = false,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const { context, page } = await browser.newPage(viewport);
    if (register) await signUpAndSignIn(context, server.url, user, PASSWORD);
    else await signIn(context, server.url, user, PASSWORD);
    return { context, page };
  }

  /** A JSON call from inside the page (its cookies), returning the envelope's data. */
  async function api<T>(page: Page, path: string): Promise<T> {
    return page.evaluate(async (p) => {
      const res = await fetch(`/api/v1${p}`, { credentials: 'include' });
      const body = (await res.json()) as { data: unknown };
      return body.data;
    }, path) as Promise<T>;
  }

  /** The dialog's spring-in animation has ended (for a clean screenshot). */
  async function settled(page: Page) {
    await page.waitForFunction(() => {
      const dialog = document.querySelector('[role="dialog"]');
      return (
        !!dialog &&
        dialog.getAnimations({ subtree: true }).length === 0 &&
        getComputedStyle(dialog).opacity === '1' &&
        getComputedStyle(dialog.parentElement!).opacity === '1'
      );
    });
  }

  it("a visitor's / asks the session once, has its page chunk preloaded and its feed in the HTML", async () => {
    const { context, page } = await browser.newPage(VIEWPORTS.desktop);
    const sessionCalls: string[] = [];
    const feedCalls: string[] = [];
    const images: string[] = [];
    const cspErrors: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/api\/v1\/users\/(session|current-user|refresh-token)$/.test(pathname))
        sessionCalls.push(`${request.method()} ${pathname}`);
      if (pathname === '/api/v1/videos' && new URL(request.url()).searchParams.get('page') === '1')
        feedCalls.push(request.url());
      if (pathname.startsWith('/media/thumbnail')) images.push(pathname);
    });
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    expect(sessionCalls).toEqual(['POST /api/v1/users/session']);
    const preloaded = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    expect(preloaded.some((href) => /^\/assets\/home-page-[\w-]+\.js$/.test(href))).toBe(true);
    // The feed's first page came with the HTML: the grid shows it without asking the API, and
    // the preloaded thumbnails are the ones the grid draws (each fetched once).
    expect(await page.getByRole('article').count()).toBeGreaterThanOrEqual(12);
    expect(feedCalls).toEqual([]);
    const firstThumbnail = await page
      .getByRole('article')
      .first()
      .locator('img')
      .first()
      .evaluate((img) => new URL((img as HTMLImageElement).currentSrc).pathname);
    expect(images.filter((p) => p === firstThumbnail)).toHaveLength(1);
    expect(cspErrors).toEqual([]);
    await context.close();
  });

  it('a creator uploads a video through the dialog and sees the progress reach 100', async () => {
    const { page } = await signedIn(creator, VIEWPORTS.desktop, true);
    await page.goto(`${server.url}/Dashboard/Content`);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('menuitem', { name: 'Upload Video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Video' });

    await dialog.getByLabel('Video file *').setInputFiles(clip);
    // The browser captures the thumbnail from the frame at 1 s.
    await dialog.getByRole('img', { name: 'Thumbnail preview' }).waitFor();
    await dialog.getByLabel('Title *').fill(TITLE);
    await dialog.getByLabel('Description *').fill('Six seconds of colour bars and a 440 Hz tone.');
    const tags = dialog.getByLabel('Tags *');
    await tags.fill('e2e');
    await tags.press('Enter');
    await tags.fill('sunrise,');
    await expect(
      dialog.getByRole('list', { name: 'Tags' }).getByRole('listitem').count(),
    ).resolves.toBe(2);
    await settled(page);
    await screenshot(page, 'videos-upload-dialog-desktop');

    // Watch the uploading view until it reports 100 with Finish enabled (it closes 1 s later).
    const seen = page.waitForFunction(
      () => {
        const bar = document.querySelector('[role="progressbar"]');
        const finish = [...document.querySelectorAll('button')].find(
          (b) => b.textContent === 'Finish',
        );
        return bar?.getAttribute('aria-valuenow') === '100' && finish && !finish.disabled
          ? document.querySelector('[data-testid="upload-bytes"]')?.textContent
          : null;
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('dialog', { name: 'Uploading Video' }).waitFor();
    const bytes = (await (await seen).jsonValue()) as string;
    // The real bytes sent, e.g. '98.4 KB of 98.4 KB'.
    expect(bytes).toMatch(/^(\d+(\.\d)? (B|KB|MB)) of \1$/);
    const finish = page.getByRole('button', { name: 'Finish' });
    if (await finish.isVisible()) await finish.click({ timeout: 2_000 }).catch(() => {});
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    const link = uploadedLink(page, TITLE);
    const href = (await link.getAttribute('href')) ?? '';
    videoId = href.split('/').pop() ?? '';
    expect(videoId).not.toBe('');
    await page.context().close();
  });

  it('a viewer finds it on the home feed and through search', async () => {
    expect(videoId).not.toBe('');
    ({ page: viewerPage } = await signedIn(viewer, VIEWPORTS.desktop, true));
    const page = viewerPage;
    const thumbnails: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/media/thumbnail')) thumbnails.push(pathname);
    });
    await page.goto(server.url);
    // Newest first: the fresh upload is on the first page of the feed.
    const card = page.getByRole('article', { name: TITLE });
    await card.waitFor();
    await expect(card.getByText('0:06').count()).resolves.toBe(1);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('article img')]
        .slice(0, 4)
        .every((i) => (i as HTMLImageElement).complete),
    );
    // 323 px cards at 1x fetch the 360 px width (or a narrower source's own), never the largest.
    expect(thumbnails.length).toBeGreaterThanOrEqual(4);
    const widths = thumbnails.map((url) => Number(/-w(\d+)\.webp$/.exec(url)?.[1]));
    expect(
      widths.filter((width) => !(width <= 360)),
      thumbnails.join(' '),
    ).toEqual([]);
    await screenshot(page, 'videos-home-desktop');

    await page.getByRole('searchbox').first().fill('zephyrine');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\?query=zephyrine/);
    await page.getByRole('heading', { name: 'Results for “zephyrine”' }).waitFor();
    const result = page.getByRole('article', { name: TITLE });
    await result.waitFor();
    await expect(page.getByRole('article').count()).resolves.toBe(1);
    await screenshot(page, 'videos-search-desktop');
    await result.getByRole('link', { name: TITLE }).click();
    await page.waitForURL(`**/watch/${videoId}`);
  });

  it('the video plays, seeks, and takes a like, a comment and a subscription', async () => {
    const page = viewerPage;
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    const video = page.locator('video');
    // Autoplay (the harness allows it without a gesture): currentTime advances by itself.
    await page.waitForFunction(
      () => (document.querySelector('video')?.currentTime ?? 0) > 0.5,
      undefined,
      {
        timeout: 20_000,
      },
    );
    const seeked = await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
          v.currentTime = 4;
        }),
    );
    expect(seeked).toBeGreaterThanOrEqual(3.9);
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 4.2);

    await page.getByRole('button', { name: 'Like (0 likes)' }).click();
    await page.getByRole('button', { name: 'Like (1 like)' }).waitFor();
    expect(await api<{ likeCount: number }>(page, `/likes/video/${videoId}`)).toMatchObject({
      likeCount: 1,
      likedByUser: true,
    });

    await page.getByLabel('Add a comment').fill('  What a lovely test pattern!  ');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await page.getByText('What a lovely test pattern!').waitFor();
    await page.getByRole('heading', { name: '1 Comment' }).waitFor();

    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('button', { name: 'Subscribed' }).waitFor();
    await expect(page.getByTestId('subscriber-count').textContent()).resolves.toBe('1 subscriber');
    await screenshot(page, 'videos-watch-desktop');
  });

  it('the whole feed loads by scrolling, each video exactly once', async () => {
    const page = viewerPage;
    await page.goto(server.url);
    const { totalVideos } = await api<{ totalVideos: number }>(page, '/videos?limit=1');
    expect(totalVideos).toBeGreaterThan(30);
    await page.getByRole('article').first().waitFor();
    for (let i = 0; i < 40; i++) {
      const count = await page.getByRole('article').count();
      if (count >= totalVideos) break;
      await page.mouse.wheel(0, 4000);
      await page
        .waitForFunction((n) => document.querySelectorAll('article').length > n, count, {
          timeout: 10_000,
        })
        .catch(() => {});
    }
    const ids = await page
      .getByRole('article')
      .evaluateAll((cards) =>
        cards.map((c) => c.querySelector('a[href^="/watch/"]')?.getAttribute('href')),
      );
    const cards = await page.getByRole('article').count();
    expect(cards).toBe(totalVideos);
    expect(new Set(ids).size).toBe(totalVideos);
  });

  it('the watched video is in the viewer’s history', async () => {
    const history = await api<{ history: { video: { _id: string } }[] }>(
      viewerPage,
      '/users/history?page=1&limit=10',
    );
    expect(history.history.map((h) => h.video._id)).toContain(videoId);
  });

  it('looks right on a phone', async () => {
    const { page } = await signedIn(viewer, VIEWPORTS.mobile);
    await page.goto(server.url);
    await page.getByRole('article', { name: TITLE }).waitFor();
    await screenshot(page, 'videos-home-mobile');
    await page.goto(`${server.url}/search?query=zephyrine`);
    await page.getByRole('article', { name: TITLE }).waitFor();
    await screenshot(page, 'videos-search-mobile');
    await page.goto(`${server.url}/watch/${videoId}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await page.getByText('What a lovely test pattern!').waitFor();
    await screenshot(page, 'videos-watch-mobile');
    await page.context().close();

    const creatorPhone = await signedIn(creator, VIEWPORTS.mobile);
    await creatorPhone.page.goto(`${server.url}/Dashboard/Content`);
    await creatorPhone.page.getByRole('button', { name: 'Create' }).click();
    await creatorPhone.page.getByRole('menuitem', { name: 'Upload Video' }).click();
    await creatorPhone.page.getByRole('dialog', { name: 'Upload Video' }).waitFor();
    await settled(creatorPhone.page);
    await screenshot(creatorPhone.page, 'videos-upload-dialog-mobile');
    await creatorPhone.context.close();
  });
});
