/**
 * Issue 35 in Chromium: `/` arrives as HTML. With scripts turned off the page already shows the
 * feed's cards (titles, thumbnails, the chips, the top bar, styled), for a visitor and for a
 * signed-in user; with scripts on, React hydrates that markup without a warning, without moving
 * anything (no layout shift) and without asking the API for the feed again, and the page then
 * works as before (a chip filters the feed). The same for `/search?query=…` (its results, heading
 * and filters). Screenshots of `/` without scripts at both widths, and of a search on a phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
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
  let cookies: Awaited<ReturnType<BrowserContext['cookies']>>;

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

  /** A page that records console errors and warnings, and the API calls it makes. */
  async function watchedPage(viewport: { width: number; height: number }, signedIn: boolean) {
    const { context, page } = await browser.newPage(viewport);
    if (signedIn) await context.addCookies(cookies);
    const problems: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) calls.push(url.pathname + url.search);
    });
    // The layout shifts from the moment the HTML was parsed whole (readyState "interactive",
    // before any module script runs) on: hydration's. Before that a slow phone may paint the
    // document while it still arrives (the top bar's right half not yet parsed): not the app's.
    await page.addInitScript(() => {
      const record = { parsedAt: Infinity, shifts: [] as number[] };
      (window as unknown as { record: typeof record }).record = record;
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') record.parsedAt = performance.now();
      });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.startTime >= record.parsedAt)
            record.shifts.push((entry as unknown as { value: number }).value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    return { context, page, problems, calls };
  }

  /** React took over the markup: a card's link now routes in the page (no document load). */
  const hydrated = (page: Page) =>
    page.waitForFunction(() => {
      const root = document.getElementById('root');
      return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
    });

  /**
   * React took over the server's markup (it carries the mark) without a console error or warning,
   * without asking any of `notAsked` again, and without moving anything after the HTML was parsed.
   */
  async function expectQuietHydration(
    page: Page,
    problems: string[],
    calls: string[],
    notAsked: string[],
  ) {
    await hydrated(page);
    expect(await page.locator('#root[data-server-rendered]').count()).toBe(1);
    expect(problems).toEqual([]);
    expect(calls.filter((call) => notAsked.some((prefix) => call.startsWith(prefix)))).toEqual([]);
    const shifts = await page.evaluate(
      () => (window as unknown as { record: { shifts: number[] } }).record.shifts,
    );
    expect(shifts).toEqual([]);
  }

  for (const signedIn of [false, true]) {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      it(`hydrates ${signedIn ? 'a signed-in' : "a visitor's"} / at ${name} width without a warning, a shift or a second feed request`, async () => {
        const { context, page, problems, calls } = await watchedPage(viewport, signedIn);
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
    const { context, page, problems, calls } = await watchedPage(VIEWPORTS.desktop, true);
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
    const { context, page, problems } = await watchedPage(VIEWPORTS.desktop, false);
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
});
