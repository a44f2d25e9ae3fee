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
    // Two records of what hydration moves, from the moment the HTML was parsed whole (readyState
    // "interactive", before any module script runs):
    // - `layout`: where every element of the first screen starts then (its top left corner, what
    //   a layout shift measures; a box that only grows below moves nothing), by its place in the
    //   tree, to compare with where it is after hydration (layoutMoves below);
    // - `shifts`: the layout shifts the browser reports from the first frame after that. A slow
    //   phone may paint the document while it still arrives (the top bar's right half not yet
    //   parsed); the frame that shows it whole reports a shift, which is the parser's.
    await page.addInitScript(() => {
      const record = {
        layout: {} as Record<string, string>,
        settledAt: Infinity,
        shifts: [] as string[],
      };
      const win = window as unknown as {
        record: typeof record;
        layoutNow: () => Record<string, string>;
      };
      win.record = record;
      // Element → its top left corner, for the elements inside the viewport, keyed by their
      // path of tag names and places under #root.
      win.layoutNow = () => {
        const rects: Record<string, string> = {};
        const walk = (element: Element, path: string) => {
          [...element.children].forEach((child, index) => {
            const key = `${path}/${child.tagName.toLowerCase()}${index}`;
            const box = child.getBoundingClientRect();
            if (box.bottom > 0 && box.top < window.innerHeight && box.width > 0) {
              rects[key] = `${Math.round(box.x)},${Math.round(box.y)}`;
            }
            walk(child, key);
          });
        };
        const root = document.getElementById('root');
        if (root) walk(root, '');
        return rects;
      };
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        record.layout = win.layoutNow();
        requestAnimationFrame(() =>
          requestAnimationFrame(() => (record.settledAt = performance.now())),
        );
      });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.startTime < record.settledAt) continue;
          // What moved, named by its element, test id or class, and from where to where.
          const shift = entry as unknown as {
            value: number;
            sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
          };
          const moved = shift.sources.map(({ node, previousRect: a, currentRect: b }) => {
            const element = node instanceof Element ? node : null;
            const name = element
              ? `${element.tagName.toLowerCase()}${element.getAttribute('data-testid') ? `[${element.getAttribute('data-testid')}]` : ''}.${String(element.className).split(' ')[0]} "${(element.textContent ?? '').slice(0, 30)}"`
              : String(node?.nodeName);
            return `${name} ${a.x},${a.y} ${a.width}x${a.height} → ${b.x},${b.y} ${b.width}x${b.height}`;
          });
          record.shifts.push(
            `${shift.value.toFixed(5)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`,
          );
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
    expect(await layoutMoves(page)).toEqual([]);
  }

  /**
   * What moved since the HTML was parsed: the elements of the first screen that are still there
   * (same place in the tree) but no longer where they were, and the shifts the browser reported.
   */
  async function layoutMoves(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const win = window as unknown as {
        record: { layout: Record<string, string>; shifts: string[] };
        layoutNow: () => Record<string, string>;
      };
      const now = win.layoutNow();
      const moved = Object.entries(win.record.layout)
        .filter(([key, rect]) => key in now && now[key] !== rect)
        .map(([key, rect]) => `${key}: ${rect} → ${now[key]}`);
      return [...moved, ...win.record.shifts];
    });
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

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`hydrates a signed-in /watch/{id} at ${name} width quietly, counted and recorded once`, async () => {
      const { context, page, problems, calls } = await watchedPage(viewport, true);
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
