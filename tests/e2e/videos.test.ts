/**
 * Issue 4's journey in Chromium on a fresh DATA_DIR with the demo content: a creator uploads a
 * real MP4 through the dialog; a viewer finds a video on the home feed and through search, watches
 * it (it plays and seeks), likes it, comments, subscribes, scrolls the whole feed, and finds it in
 * their history. Each test makes its own accounts and video through the API (accounts-api.ts,
 * videos-api.ts), so any one of them runs alone. Screenshots of home, search and watch at 1280×800
 * and 390×844, each taken after a layout check (layout.ts) that can fail.
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
import { freshUser, signUpAndSignIn, type E2eUser } from './accounts-api.js';
import { uploadedLink } from './upload-dialog.js';
import { commentByApi, uniqueWord, uploadVideoByApi } from './videos-api.js';
import { makeTestMp4 } from './videos-fixtures.js';

const PASSWORD = 'journey-pass-123';

describe.skipIf(!hasBrowser)('videos journey', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let clip: string;

  beforeAll(async () => {
    // Every test signs up its own users: more than the 10 sign-ins a minute an address may make.
    [server, clip] = await Promise.all([
      startServer({ SEED_DEMO: '1', AUTH_RATE_LIMIT: '1000' }),
      makeTestMp4(),
    ]);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A new account of this test's own, signed in: the page carries its session. */
  async function signedUp(
    label: string,
    viewport: { width: number; height: number } = VIEWPORTS.desktop,
  ): Promise<{ context: BrowserContext; page: Page; user: E2eUser }> {
    const { context, page } = await browser.newPage(viewport);
    const user = freshUser(label);
    await signUpAndSignIn(context, server.url, user, PASSWORD);
    return { context, page, user };
  }

  /** A video a fresh creator uploaded through the API, with a title only it has. */
  async function creatorsVideo(): Promise<{ id: string; title: string; word: string }> {
    const { context } = await signedUp('creator');
    const word = uniqueWord('zephyrine');
    const title = `${word[0]!.toUpperCase()}${word.slice(1)} sunrise over the test pattern`;
    const id = await uploadVideoByApi(context, server.url, {
      clip,
      title,
      tags: ['e2e', 'sunrise'],
    });
    await context.close();
    return { id, title, word };
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

  /** The top bar and the page's first content: on screen and not under one another. */
  const shell = (page: Page) => ({
    'top bar': page.getByRole('banner'),
  });

  it("a visitor's / asks no session (the HTML says nobody), has its page chunk preloaded and its feed in the HTML", async () => {
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
    expect(sessionCalls).toEqual([]);
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
    const { page } = await signedUp('creator');
    const title = `${uniqueWord('Zephyrine')} upload`;
    await page.goto(`${server.url}/Dashboard/Content`);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('menuitem', { name: 'Upload Video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Video' });

    await dialog.getByLabel('Video file *').setInputFiles(clip);
    // The browser captures the thumbnail from the frame at 1 s.
    await dialog.getByRole('img', { name: 'Thumbnail preview' }).waitFor();
    await dialog.getByLabel('Title *').fill(title);
    await dialog.getByLabel('Description *').fill('Six seconds of colour bars and a 440 Hz tone.');
    const tags = dialog.getByLabel('Tags *');
    await tags.fill('e2e');
    await tags.press('Enter');
    await tags.fill('sunrise,');
    await expect(
      dialog.getByRole('list', { name: 'Tags' }).getByRole('listitem').count(),
    ).resolves.toBe(2);
    await settled(page);
    await screenshot(page, 'videos-upload-dialog-desktop', {
      'dialog title': dialog.getByRole('heading', { name: 'Upload Video' }),
      'close button': dialog.getByRole('button', { name: 'Close' }),
      'title field': dialog.getByLabel('Title *'),
    });

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

    const href = (await uploadedLink(page, title).getAttribute('href')) ?? '';
    const videoId = href.split('/').pop() ?? '';
    expect(videoId).not.toBe('');
    // The upload is what the API now has under that id.
    expect(await api<{ title: string }>(page, `/videos/${videoId}`)).toMatchObject({ title });
    await page.context().close();
  });

  it('a viewer finds a new video on the home feed and through search', async () => {
    const video = await creatorsVideo();
    const { page, context } = await signedUp('viewer');
    const thumbnails: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/media/thumbnail')) thumbnails.push(pathname);
    });
    await page.goto(server.url);
    // Newest first: the fresh upload is on the first page of the feed.
    const card = page.getByRole('article', { name: video.title });
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
    await screenshot(page, 'videos-home-desktop', {
      ...shell(page),
      'new video card': card,
      'second card': page.getByRole('article').nth(1),
    });

    await page.getByRole('combobox', { name: 'Search' }).first().fill(video.word);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/search\\?query=${video.word}`));
    const heading = page.getByRole('heading', { name: `Results for “${video.word}”` });
    await heading.waitFor();
    const result = page.getByRole('article', { name: video.title });
    await result.waitFor();
    await expect(page.getByRole('article').count()).resolves.toBe(1);
    await screenshot(page, 'videos-search-desktop', {
      ...shell(page),
      'results heading': heading,
      result,
    });
    await result.getByRole('link', { name: video.title }).click();
    await page.waitForURL(`**/watch/${video.id}`);
    await page.getByRole('heading', { name: video.title, level: 1 }).waitFor();
    await context.close();
  });

  it('the video plays, seeks, and takes a like, a comment and a subscription', async () => {
    const video = await creatorsVideo();
    const { page, context } = await signedUp('viewer');
    await page.goto(`${server.url}/watch/${video.id}`);
    const heading = page.getByRole('heading', { name: video.title, level: 1 });
    await heading.waitFor();
    const player = page.locator('video');
    // Autoplay (the harness allows it without a gesture): currentTime advances by itself.
    await page.waitForFunction(
      () => (document.querySelector('video')?.currentTime ?? 0) > 0.5,
      undefined,
      { timeout: 20_000 },
    );
    const seeked = await player.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
          v.currentTime = 4;
        }),
    );
    expect(seeked).toBeGreaterThanOrEqual(3.9);
    // It plays on from there; paused in the same turn as it passes 4.2 s, because the clip ends
    // at 6 s and an ended video starts Up next's 5 s countdown, whose end leaves this page (issue
    // 31): on a busy machine the like, comment and subscription below took longer than that.
    await player.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<void>((resolve) => {
          const onTime = () => {
            if (v.currentTime <= 4.2) return;
            v.pause();
            v.removeEventListener('timeupdate', onTime);
            resolve();
          };
          v.addEventListener('timeupdate', onTime);
        }),
    );

    await page.getByRole('button', { name: 'Like, 0 likes' }).click();
    await page.getByRole('button', { name: 'Like, 1 like' }).waitFor();
    expect(await api<{ likeCount: number }>(page, `/likes/video/${video.id}`)).toMatchObject({
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
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'videos-watch-desktop', { ...shell(page), player, title: heading });
    await context.close();
  });

  it('the whole feed loads by scrolling, each video exactly once', async () => {
    const { page, context } = await signedUp('scroller');
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
    // Screens down the page the top bar is still on screen, with the side menu right under it.
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(VIEWPORTS.desktop.height);
    const bar = await page.getByRole('banner').boundingBox();
    const menu = await page.getByRole('navigation', { name: 'Main menu' }).boundingBox();
    expect(bar?.y).toBe(0);
    expect(menu?.y).toBe(bar!.height);
    await context.close();
  });

  it('a watched video is in the viewer’s history', async () => {
    const video = await creatorsVideo();
    const { page, context } = await signedUp('viewer');
    await page.goto(`${server.url}/watch/${video.id}`);
    await page.getByRole('heading', { name: video.title, level: 1 }).waitFor();
    const history = await api<{ history: { video: { _id: string } }[] }>(
      page,
      '/users/history?page=1&limit=10',
    );
    expect(history.history.map((h) => h.video._id)).toEqual([video.id]);
    await context.close();
  });

  it('fits a phone: home, search, watch and the upload dialog', async () => {
    const video = await creatorsVideo();
    const { page, context } = await signedUp('viewer', VIEWPORTS.mobile);
    await commentByApi(context, server.url, video.id, 'What a lovely test pattern!');
    const bottomBar = page.getByRole('navigation', { name: 'Bottom navigation' });

    await page.goto(server.url);
    const card = page.getByRole('article', { name: video.title });
    await card.waitFor();
    await screenshot(page, 'videos-home-mobile', {
      ...shell(page),
      'bottom bar': bottomBar,
      'new video thumbnail': card.locator('img').first(),
    });

    await page.goto(`${server.url}/search?query=${video.word}`);
    const result = page.getByRole('article', { name: video.title });
    await result.waitFor();
    await screenshot(page, 'videos-search-mobile', {
      ...shell(page),
      'bottom bar': bottomBar,
      'result title': result.getByText(video.title, { exact: true }),
    });

    await page.goto(`${server.url}/watch/${video.id}`);
    const heading = page.getByRole('heading', { name: video.title, level: 1 });
    await heading.waitFor();
    await page.getByText('What a lovely test pattern!').waitFor();
    await screenshot(page, 'videos-watch-mobile', {
      ...shell(page),
      player: page.locator('video'),
      title: heading,
    });
    await context.close();

    const creatorPhone = await signedUp('creator', VIEWPORTS.mobile);
    await creatorPhone.page.goto(`${server.url}/Dashboard/Content`);
    await creatorPhone.page.getByRole('button', { name: 'Create' }).click();
    await creatorPhone.page.getByRole('menuitem', { name: 'Upload Video' }).click();
    const dialog = creatorPhone.page.getByRole('dialog', { name: 'Upload Video' });
    await dialog.waitFor();
    await settled(creatorPhone.page);
    await screenshot(creatorPhone.page, 'videos-upload-dialog-mobile', {
      'dialog title': dialog.getByRole('heading', { name: 'Upload Video' }),
      'close button': dialog.getByRole('button', { name: 'Close' }),
      'video file label': dialog.getByText('Video file *', { exact: true }),
    });
    await creatorPhone.context.close();
  });
});
