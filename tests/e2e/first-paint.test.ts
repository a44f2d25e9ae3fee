/**
 * Issue 35 in Chromium: nothing on the first paint's path waits for a second request. The HTML
 * says who is signed in, so a signed-in `/` makes no session request at all and shows the user's
 * avatar; the preloaded image of each first screen (the first card on `/`, the first result on
 * `/search`, the poster on `/watch/{id}`) is the very file the page then draws, fetched once, with
 * no other width of it fetched besides. Screenshots of a signed-in `/` at 1280 and 390 px.
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
import { freshUser, signUpAndSignIn } from './accounts-api.js';

const PASSWORD = 'first-paint-pass-1';
const SESSION_CALLS = /^\/api\/v1\/users\/(session|current-user|refresh-token)$/;

/** A media image's file without its width (`…/abc-w360.webp` → `…/abc`): one image, any size. */
const imageOf = (pathname: string) => pathname.replace(/-w\d+\.webp$/, '');

describe.skipIf(!hasBrowser)('first paint', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let cookies: Awaited<ReturnType<BrowserContext['cookies']>>;

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: '1' });
    browser = await launchBrowser();
    const { context } = await browser.newPage();
    await signUpAndSignIn(context, server.url, freshUser('paint'), PASSWORD);
    cookies = await context.cookies();
    await context.close();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A page (signed in unless told) recording its session calls and the media images it fetched. */
  async function recordedPage(viewport: { width: number; height: number }, signedIn = true) {
    const { context, page } = await browser.newPage(viewport);
    if (signedIn) await context.addCookies(cookies);
    const sessionCalls: string[] = [];
    const images: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (SESSION_CALLS.test(pathname)) sessionCalls.push(`${request.method()} ${pathname}`);
      if (pathname.startsWith('/media/') && request.resourceType() === 'image')
        images.push(pathname);
    });
    return { context, page, sessionCalls, images };
  }

  /** The preloads of the page's HTML, as the browser resolved them (`href` or the srcset's pick). */
  const preloadedOf = (page: Page) =>
    page.locator('link[rel="preload"][as="image"]').evaluateAll((links) =>
      links.map((l) => ({
        href: l.getAttribute('href'),
        srcset: l.getAttribute('imagesrcset'),
        priority: l.getAttribute('fetchpriority'),
      })),
    );

  /** The file an `<img>` shows, as a path. */
  const drawn = (page: Page, selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((img) => new URL((img as HTMLImageElement).currentSrc).pathname);

  /** The first image was fetched once, and no other width of it at all. */
  function fetchedOnce(images: string[], file: string) {
    expect(images.filter((p) => imageOf(p) === imageOf(file))).toEqual([file]);
  }

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`a signed-in / at ${viewport.width} px asks no session and shows the avatar; the preload is the card's image`, async () => {
      const { context, page, sessionCalls, images } = await recordedPage(viewport);
      await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
      // The avatar: the top bar's on a wide screen, the account menu's on a phone.
      const avatar =
        name === 'desktop'
          ? page.getByRole('link', { name: 'Your channel' })
          : page.getByRole('button', { name: 'Account menu' });
      await avatar.waitFor();
      expect(await avatar.locator('img').count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Log in' }).count()).toBe(0);
      expect(sessionCalls).toEqual([]);
      // Nothing held the first paint back: no render-blocking stylesheet, font or script.
      const blocking = await page.evaluate(() =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter(
            (e) => (e as { renderBlockingStatus?: string }).renderBlockingStatus === 'blocking',
          )
          .map((e) => e.name),
      );
      expect(blocking).toEqual([]);

      const preloads = await preloadedOf(page);
      expect(preloads.length).toBeGreaterThan(0);
      expect(preloads[0]!.priority).toBe('high');
      const first = await drawn(page, 'article img');
      // The preload's own srcset holds the very file the card drew, so it was the same fetch.
      expect(preloads[0]!.srcset ?? preloads[0]!.href).toContain(first);
      fetchedOnce(images, first);

      await screenshot(page, `first-paint-home-signed-in-${name}`, {
        'top bar': page.getByRole('banner'),
        'first card': page.getByRole('article').first(),
      });
      await context.close();
    });
  }

  it("a visitor's / asks no session either and offers Log in", async () => {
    const { context, page, sessionCalls } = await recordedPage(VIEWPORTS.desktop, false);
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    expect(sessionCalls).toEqual([]);
    await context.close();
  });

  it("/search preloads its first result's image, the one the result then draws, once", async () => {
    const { context, page, images } = await recordedPage(VIEWPORTS.mobile);
    // A word of a demo video's title, so the search finds something.
    const feed = await context.request.get(`${server.url}/api/v1/videos?page=1&limit=1`);
    const { title } = ((await feed.json()) as { data: { videos: { title: string }[] } }).data
      .videos[0]!;
    const word = title.split(/\s+/).find((w) => /^[a-z]{4,}$/i.test(w))!;
    await page.goto(`${server.url}/search?query=${encodeURIComponent(word)}`, {
      waitUntil: 'networkidle',
    });
    await page.getByRole('article').first().waitFor();
    const [preload] = await preloadedOf(page);
    const first = await drawn(page, 'main article img');
    expect(preload?.srcset ?? preload?.href).toContain(first);
    fetchedOnce(images, first);
    await context.close();
  });

  for (const viewport of Object.values(VIEWPORTS)) {
    it(`/watch/{id} at ${viewport.width} px preloads the poster's width for the player, the one it then shows, once`, async () => {
      const { context, page, images } = await recordedPage(viewport);
      const feed = await context.request.get(`${server.url}/api/v1/videos?page=1&limit=1`);
      const video = (
        (await feed.json()) as { data: { videos: { _id: string; thumbnail: string }[] } }
      ).data.videos[0]!;
      await page.goto(`${server.url}/watch/${video._id}`, { waitUntil: 'networkidle' });
      // The player's own poster, after hydration, is the width the rendered page's srcset chose.
      const poster = await page
        .locator('video')
        .first()
        .evaluate((v) => new URL((v as HTMLVideoElement).poster).pathname);
      const [preload] = await preloadedOf(page);
      expect(preload?.priority).toBe('high');
      expect(preload?.srcset ?? preload?.href).toContain(poster);
      // No other width of it was fetched: the player did not ask for the largest after hydration.
      fetchedOnce(images, poster);
      await context.close();
    });
  }
});
