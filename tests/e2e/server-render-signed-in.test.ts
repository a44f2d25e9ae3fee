/**
 * Issue 35 in Chromium, the guarded pages a signed-in viewer lands on: a channel page and a
 * playlist page arrive as HTML. With scripts off, the channel shows its header and its Videos
 * tab's first page (the API's, in order), or on another tab the header with that tab chosen; a
 * playlist shows its name and videos. With scripts on, React hydrates that markup without a
 * warning, without moving anything and without asking for the channel, its first page or the
 * playlist again. A visitor's page is not rendered (the guard's popup is the browser's).
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

const PASSWORD = 'server-render-pass-2';
const PLAYLIST = 'Rendered road trip';

interface Item {
  _id: string;
  title: string;
  owner: { _id: string; userName: string; fullName: string };
}

/** The data of a GET on the API, with the context's cookies. */
async function apiData<T>(context: BrowserContext, url: string): Promise<T> {
  const answer = await context.request.get(url);
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: T }).data;
}

/** The cards' titles as the page shows them (each card is an article named by its title). */
const cardTitles = (page: Page) =>
  page
    .locator('main article')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));

describe.skipIf(!hasBrowser)('a signed-in viewer’s channel and playlist pages as HTML', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let cookies: Cookies;
  /** A demo channel, and the titles of its Videos tab's first page as the API answers them. */
  let channel: Item['owner'];
  let channelTitles: string[];
  let playlistId: string;
  let playlistTitles: string[];

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: '1' });
    browser = await launchBrowser();
    const { context } = await browser.newPage();
    await signUpAndSignIn(context, server.url, freshUser('render2'), PASSWORD);
    cookies = await context.cookies();
    const api = `${server.url}/api/v1`;
    const feed = await apiData<{ videos: Item[] }>(context, `${api}/videos?page=1&limit=12`);
    channel = feed.videos[0]!.owner;
    const own = await apiData<{ videos: Item[] }>(
      context,
      `${api}/videos?page=1&limit=6&userId=${channel._id}`,
    );
    channelTitles = own.videos.map((video) => video.title);
    const created = await context.request.post(`${api}/playlist`, {
      data: { title: PLAYLIST, description: 'Two demo videos' },
    });
    expect(created.status(), await created.text()).toBe(201);
    playlistId = ((await created.json()) as { data: { _id: string } }).data._id;
    const chosen = feed.videos.slice(1, 3);
    for (const video of chosen) {
      const added = await context.request.patch(`${api}/playlist/add/${video._id}/${playlistId}`);
      expect(added.status(), await added.text()).toBe(200);
    }
    playlistTitles = chosen.map((video) => video.title);
    await context.close();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A signed-in page with scripts turned off: only what the server rendered. */
  async function withoutScripts(viewport: { width: number; height: number }) {
    const context = await browser.browser.newContext({ viewport, javaScriptEnabled: false });
    await context.addCookies(cookies);
    return { context, page: await context.newPage() };
  }

  const channelPath = (tab = '') => `/Channel/${channel.userName}${tab ? `/${tab}` : ''}`;

  it('with scripts off, a channel at phone width shows its header and its first videos', async () => {
    const { context, page } = await withoutScripts(VIEWPORTS.mobile);
    await page.goto(`${server.url}${channelPath()}`);
    expect(await page.getByRole('heading', { level: 1, name: channel.fullName }).count()).toBe(1);
    expect(await page.getByTestId('subscriber-count').count()).toBe(1);
    expect(channelTitles.length).toBeGreaterThan(0);
    expect(await cardTitles(page)).toEqual(channelTitles);
    const videosTab = page.getByRole('link', { name: 'Videos', exact: true });
    expect(await videosTab.getAttribute('aria-current')).toBe('page');
    await screenshot(page, 'server-render-channel-no-scripts-mobile', {
      'channel name': page.getByRole('heading', { level: 1 }),
      'Videos tab': videosTab,
    });
    await context.close();
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`hydrates a channel at ${name} width without a warning, a shift or a second request`, async () => {
      const { context, page, problems, calls } = await watchedPage(browser, viewport, cookies);
      await page.goto(`${server.url}${channelPath()}`, { waitUntil: 'networkidle' });
      await expectQuietHydration(page, problems, calls, [
        '/api/v1/users/channel/',
        '/api/v1/videos?page=1&',
      ]);
      expect(await cardTitles(page)).toEqual(channelTitles);
      await context.close();
    });
  }

  it("renders another tab's header, and that tab's list loads once hydrated", async () => {
    const scriptless = await withoutScripts(VIEWPORTS.desktop);
    await scriptless.page.goto(`${server.url}${channelPath('PlayList')}`);
    const tab = scriptless.page.getByRole('link', { name: 'PlayList', exact: true });
    expect(await tab.getAttribute('aria-current')).toBe('page');
    expect(await scriptless.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      channel.fullName,
    );
    await scriptless.context.close();

    const { context, page, problems, calls } = await watchedPage(
      browser,
      VIEWPORTS.desktop,
      cookies,
    );
    // The API answers only once hydration was checked: the tab's list replacing its loading
    // state may move things, as it always did; hydration itself may not.
    let openApi!: () => void;
    const apiHeld = new Promise<void>((resolve) => (openApi = resolve));
    await page.route('**/api/v1/**', async (route) => {
      await apiHeld;
      await route.continue();
    });
    await page.goto(`${server.url}${channelPath('PlayList')}`);
    await hydrated(page);
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect(await layoutMoves(page)).toEqual([]);
    // The tab's list is asked for in the browser, once hydrated.
    const listed = page.waitForResponse((response) =>
      new URL(response.url()).pathname.startsWith(`/api/v1/playlist/user/${channel._id}`),
    );
    openApi();
    await listed;
    expect(problems).toEqual([]);
    expect(calls.filter((call) => call.startsWith('/api/v1/users/channel/'))).toEqual([]);
    await context.close();
  });

  it('with scripts off, a playlist at phone width shows its name and its videos', async () => {
    const { context, page } = await withoutScripts(VIEWPORTS.mobile);
    await page.goto(`${server.url}/Playlist/${playlistId}`);
    expect(await page.getByRole('heading', { level: 1, name: PLAYLIST }).count()).toBe(1);
    expect(await cardTitles(page)).toEqual(playlistTitles);
    await screenshot(page, 'server-render-playlist-no-scripts-mobile', {
      'playlist name': page.getByRole('heading', { level: 1 }),
      cover: page.getByTestId('playlist-cover'),
    });
    await context.close();
  });

  it('hydrates a playlist without a warning, a shift or asking for it again', async () => {
    const { context, page, problems, calls } = await watchedPage(
      browser,
      VIEWPORTS.desktop,
      cookies,
    );
    await page.goto(`${server.url}/Playlist/${playlistId}`, { waitUntil: 'networkidle' });
    await expectQuietHydration(page, problems, calls, [`/api/v1/playlist/${playlistId}`]);
    expect(await cardTitles(page)).toEqual(playlistTitles);
    await context.close();
  });

  it("renders the viewer's own Watch later at /Playlist/WL", async () => {
    const { context, page } = await withoutScripts(VIEWPORTS.desktop);
    await page.goto(`${server.url}/Playlist/WL`);
    expect(await page.getByRole('heading', { level: 1, name: 'Watch later' }).count()).toBe(1);
    await context.close();
  });

  it("leaves a visitor's channel and playlist pages to the browser's sign-in guard", async () => {
    const context = await browser.browser.newContext();
    for (const path of [channelPath(), `/Playlist/${playlistId}`]) {
      const html = await (await context.request.get(`${server.url}${path}`)).text();
      expect(html, path).not.toContain('data-server-rendered');
      expect(html, path).not.toContain(PLAYLIST);
    }
    await context.close();
  });
});
