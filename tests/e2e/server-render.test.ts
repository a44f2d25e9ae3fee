/**
 * Issue 35 in Chromium: `/` arrives as HTML. With scripts turned off the page already shows the
 * feed's cards (titles, thumbnails, the chips, the top bar, styled), for a visitor and for a
 * signed-in user; with scripts on, React hydrates that markup without a warning, without moving
 * anything (no layout shift) and without asking the API for the feed again, and the page then
 * works as before (a chip filters the feed). The same for `/search?query=…` (its results, heading
 * and filters). A signed-in viewer's `/watch/{id}` too: the poster, title and channel before any
 * script, counted once (the server's watch is the page's; the browser does not ask again).
 * Screenshots of `/` without scripts at both widths, of a search and a watch page on a phone.
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
import {
  expectQuietHydration,
  hydrated,
  layoutMoves,
  watchedPage,
  type Cookies,
} from './hydration-checks.js';

const PASSWORD = 'server-render-pass-1';

/** What the API says the feed's first page is, for the visitor. */
async function firstTitles(context: BrowserContext, base: string): Promise<string[]> {
  const answer = await context.request.get(`${base}/api/v1/videos?page=1&limit=12`);
  const { videos } = ((await answer.json()) as { data: { videos: { title: string }[] } }).data;
  return videos.map((v) => v.title);
}

/** The cards' titles as the page shows them (each card is an article named by its title). */
const cardTitles = (page: Page) =>
  page
    .locator('main article')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));

describe.skipIf(!hasBrowser)('the first screen as HTML', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let cookies: Cookies;

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: '1' });
    browser = await launchBrowser();
    const { context } = await browser.newPage();
    await signUpAndSignIn(context, server.url, freshUser('render'), PASSWORD);
    cookies = await context.cookies();
    await context.close();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`with scripts off, a visitor's / at ${viewport.width} px shows the feed's cards`, async () => {
      const context = await browser.browser.newContext({ viewport, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${server.url}/`);
      const expected = await firstTitles(context, server.url);
      expect(expected.length).toBeGreaterThan(0);
      expect(await cardTitles(page)).toEqual(expected);
      // Styled by the server's style sheet: the grid is a grid, the thumbnails have their box.
      const thumbnail = page.locator('main article img').first();
      expect(await thumbnail.evaluate((img) => img.getBoundingClientRect().width)).toBeGreaterThan(
        100,
      );
      await expect(page.getByRole('link', { name: 'Log in' }).first().isVisible()).resolves.toBe(
        true,
      );
      expect(await page.getByRole('button', { name: 'All' }).count()).toBe(1);
      await screenshot(page, `server-render-home-no-scripts-${name}`, {
        'top bar': page.getByRole('banner'),
        'first card': page.getByRole('article').first(),
      });
      await context.close();
    });
  }

  it('with scripts off, a signed-in / shows the feed and the account, not Log in', async () => {
    const context = await browser.browser.newContext({
      viewport: VIEWPORTS.desktop,
      javaScriptEnabled: false,
    });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    expect((await cardTitles(page)).length).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Your channel' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Log in' }).count()).toBe(0);
    await context.close();
  });

  for (const signedIn of [false, true]) {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      it(`hydrates ${signedIn ? 'a signed-in' : "a visitor's"} / at ${name} width without a warning, a shift or a second feed request`, async () => {
        const { context, page, problems, calls } = await watchedPage(
          browser,
          viewport,
          signedIn ? cookies : [],
        );
        await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
        await expectQuietHydration(page, problems, calls, [
          '/api/v1/videos?',
          '/api/v1/videos/tags/popular',
        ]);
        await context.close();
      });
    }
  }

  /** A word of a demo video's title, and the titles the search API finds for it, in order. */
  async function searchCase(context: BrowserContext) {
    const [title] = await firstTitles(context, server.url);
    const word = title!.split(/\s+/).find((w) => /^[a-z]{4,}$/i.test(w))!;
    const answer = await context.request.get(
      `${server.url}/api/v1/videos?page=1&limit=9&query=${encodeURIComponent(word)}`,
    );
    const { videos } = ((await answer.json()) as { data: { videos: { title: string }[] } }).data;
    return { word, titles: videos.map((v) => v.title) };
  }

  it('with scripts off, /search?query=… shows its results, heading and filters', async () => {
    const context = await browser.browser.newContext({
      viewport: VIEWPORTS.mobile,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    const { word, titles } = await searchCase(context);
    expect(titles.length).toBeGreaterThan(0);
    await page.goto(`${server.url}/search?query=${encodeURIComponent(word)}`);
    expect(await cardTitles(page)).toEqual(titles);
    expect(await page.getByRole('heading', { name: `Results for “${word}”` }).count()).toBe(1);
    await screenshot(page, 'server-render-search-no-scripts-mobile', {
      'top bar': page.getByRole('banner'),
      'first result': page.getByRole('article').first(),
    });
    await context.close();
  });

  it('hydrates /search?query=… without a warning, a shift or a second search', async () => {
    const { context, page, problems, calls } = await watchedPage(
      browser,
      VIEWPORTS.desktop,
      cookies,
    );
    const { word, titles } = await searchCase(context);
    calls.length = 0;
    await page.goto(`${server.url}/search?query=${encodeURIComponent(word)}`, {
      waitUntil: 'networkidle',
    });
    await expectQuietHydration(page, problems, calls, [
      '/api/v1/videos?',
      '/api/v1/search/channels',
    ]);
    expect(await cardTitles(page)).toEqual(titles);
    await context.close();
  });

  it('after hydration the page works: a chip filters the feed, Back brings All', async () => {
    const { context, page, problems } = await watchedPage(browser, VIEWPORTS.desktop);
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const all = await cardTitles(page);
    const chip = page.locator('[aria-label="Filter by tag"] button').nth(1);
    const tag = (await chip.textContent())!.trim();
    await chip.click();
    await page.waitForURL(`${server.url}/?tag=${encodeURIComponent(tag)}`);
    await page.waitForFunction(
      (before) =>
        JSON.stringify(
          [...document.querySelectorAll('main article')].map((a) => a.getAttribute('aria-label')),
        ) !== before,
      JSON.stringify(all),
    );
    await page.goBack();
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => cardTitles(page)).toEqual(all);
    expect(problems).toEqual([]);
    await context.close();
  });

  /** A demo video of the feed's first page, for the watch page's tests. */
  async function watchCase(context: BrowserContext) {
    const answer = await context.request.get(`${server.url}/api/v1/videos?page=1&limit=12`);
    const { videos } = (
      (await answer.json()) as { data: { videos: { _id: string; title: string }[] } }
    ).data;
    return videos.at(-1)!;
  }

  /** The video the signed-in user's history shows first (the watch the server made). */
  async function lastWatched(context: BrowserContext) {
    const answer = await context.request.get(`${server.url}/api/v1/users/history?page=1&limit=1`);
    const { history } = (
      (await answer.json()) as { data: { history: { video: { _id: string } }[] } }
    ).data;
    return history[0]?.video._id;
  }

  it('with scripts off, a signed-in /watch/{id} shows the poster, the title and the channel', async () => {
    const context = await browser.browser.newContext({
      viewport: VIEWPORTS.mobile,
      javaScriptEnabled: false,
    });
    await context.addCookies(cookies);
    const page = await context.newPage();
    const video = await watchCase(context);
    await page.goto(`${server.url}/watch/${video._id}`);
    expect(await page.getByRole('heading', { level: 1, name: video.title }).count()).toBe(1);
    const poster = page.getByTestId('player-poster').getByRole('img');
    expect(
      await poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    ).toBeGreaterThan(0);
    const box = await page.getByTestId('player-poster').boundingBox();
    expect(box!.width / box!.height).toBeCloseTo(16 / 9, 1);
    expect(await page.getByTestId('subscriber-count').count()).toBe(1);
    await screenshot(page, 'server-render-watch-no-scripts-mobile', {
      poster: page.getByTestId('player-poster'),
      title: page.getByRole('heading', { level: 1 }),
    });
    await context.close();
  });

  /** Where the one visible "Up next" heading is, from the top left of the document. */
  async function upNextPlace(page: Page) {
    const heading = page.getByRole('heading', { level: 2, name: 'Up next' });
    expect(await heading.count()).toBe(1);
    return heading.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { x: Math.round(box.x + scrollX), y: Math.round(box.y + scrollY) };
    });
  }

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`keeps Up next where the server put it at ${name} width: under the comments' opening on a phone, beside the player on a desktop`, async () => {
      const off = await browser.browser.newContext({ viewport, javaScriptEnabled: false });
      await off.addCookies(cookies);
      const plain = await off.newPage();
      const video = await watchCase(off);
      await plain.goto(`${server.url}/watch/${video._id}`);
      const before = await upNextPlace(plain);
      const addBox = await plain.getByPlaceholder('Add a comment...').boundingBox();
      const title = await plain.getByRole('heading', { level: 1 }).boundingBox();
      if (name === 'mobile') expect(before.y).toBeGreaterThan(addBox!.y);
      else expect(before.x).toBeGreaterThan(title!.x + title!.width);
      await off.close();

      // The same page hydrated, the API held so that nothing loaded later moves it.
      const { context, page, problems } = await watchedPage(browser, viewport, cookies);
      await page.route('**/api/v1/**', () => undefined);
      await page.goto(`${server.url}/watch/${video._id}`);
      await hydrated(page);
      await page.locator('[data-testid="player"] video').waitFor();
      expect(await upNextPlace(page)).toEqual(before);
      // The hidden place is gone after hydration: one list, one Autoplay switch.
      expect(
        await page.getByRole('switch', { name: 'Autoplay', includeHidden: true }).count(),
      ).toBe(1);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`hydrates a signed-in /watch/{id} at ${name} width quietly, counted and recorded once`, async () => {
      const { context, page, problems, calls } = await watchedPage(browser, viewport, cookies);
      const video = await watchCase(context);
      calls.length = 0;
      // The API answers only once hydration was checked: what loads after it (comments, Up
      // next, the like count) may move things as it always did; hydration itself may not.
      let openApi!: () => void;
      const apiHeld = new Promise<void>((resolve) => (openApi = resolve));
      await page.route('**/api/v1/**', async (route) => {
        await apiHeld;
        await route.continue();
      });
      await page.goto(`${server.url}/watch/${video._id}`);
      await hydrated(page);
      // The player took the poster's place right after hydrating, in the same box.
      await page.locator('[data-testid="player"] video').waitFor();
      expect(await page.getByTestId('player-poster').count()).toBe(0);
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      expect(await layoutMoves(page)).toEqual([]);
      openApi();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('#root[data-server-rendered]').count()).toBe(1);
      expect(problems).toEqual([]);
      expect(calls.filter((call) => call.startsWith(`/api/v1/videos/${video._id}?`))).toEqual([]);
      // The rest of the page loaded in the browser.
      expect(calls.some((call) => call.startsWith(`/api/v1/videos/${video._id}/up-next`))).toBe(
        true,
      );
      // Recorded by the server's watch, which the browser did not repeat (no call above).
      expect(await lastWatched(context)).toBe(video._id);
      await context.close();
    });
  }
});
