/**
 * Issue 29, long unbroken text never widens the page: a user whose full name and user name are
 * one long word makes, through the API, a video whose title and description are too, a comment, a
 * tweet and a playlist of the same kind, and watches the video; then every page that shows any of
 * it (and the search box's "No videos found for …" echo of a long word) is opened at 1280×800 and
 * 390×844 and must not be wider than the window: `scrollWidth <= innerWidth`. Screenshots of each
 * for people to look at.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../contract/limits.js';
import { freshUser, signUpAndSignIn } from './accounts-api.js';
import {
  hasBrowser,
  launchBrowser,
  screenshot,
  startServer,
  VIEWPORTS,
  type BrowserSession,
  type RunningServer,
} from './harness.js';
import { commentByApi, uploadVideoByApi } from './videos-api.js';
import { makeTestMp4 } from './videos-fixtures.js';

/** One word of `n` letters: no space, no hyphen, nothing a browser may break at. */
const word = (stem: string, n: number) => (stem + 'x'.repeat(n)).slice(0, n);

const TITLE = word('Longtitle', LIMITS.title.max);
const DESCRIPTION = word('Longdescription', 600);
const COMMENT = word('Longcomment', 600);
const TWEET = word('Longtweet', LIMITS.tweet.max);
const PLAYLIST = word('Longplaylist', LIMITS.playlistName.max);
const PLAYLIST_DESCRIPTION = word('Longplaylistdescription', 400);
/** The longest text search takes (contract/videos.ts). */
const QUERY = word('Longquery', 200);

describe.skipIf(!hasBrowser)('long unbroken text never widens the page', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let context: BrowserContext;
  let userName: string;
  let videoId: string;
  let playlistId: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ context } = await browser.newPage(VIEWPORTS.desktop));
    const user = freshUser('long');
    userName = word(user.userName.replace(/[^a-z0-9]/g, ''), LIMITS.userName.max);
    const fullName = word('Longfullname', LIMITS.fullName.max);
    await signUpAndSignIn(context, server.url, { ...user, userName, fullName }, 'long-text-pw1');
    videoId = await uploadVideoByApi(context, server.url, {
      clip: await makeTestMp4(),
      title: TITLE,
      description: DESCRIPTION,
      tags: ['longtext'],
    });
    await commentByApi(context, server.url, videoId, COMMENT);
    const tweet = await context.request.post(`${server.url}/api/v1/tweets`, {
      data: { content: TWEET },
    });
    expect(tweet.status(), await tweet.text()).toBe(201);
    const playlist = await context.request.post(`${server.url}/api/v1/playlist`, {
      data: { title: PLAYLIST, description: PLAYLIST_DESCRIPTION },
    });
    expect(playlist.status(), await playlist.text()).toBe(201);
    playlistId = ((await playlist.json()) as { data: { _id: string } }).data._id;
    const added = await context.request.patch(
      `${server.url}/api/v1/playlist/add/${videoId}/${playlistId}`,
    );
    expect(added.status(), await added.text()).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Every page that shows the long words, with the text that says it has loaded. */
  const pages = () => [
    { name: 'home', path: '/', shows: TITLE },
    { name: 'watch', path: `/watch/${videoId}`, shows: COMMENT },
    { name: 'search-echo', path: `/search?query=${QUERY}&exact=1`, shows: 'No videos found for' },
    // Without `exact` the long word is corrected to the long title: the notice echoes both.
    { name: 'search-spelling', path: `/search?query=${QUERY}`, shows: 'Showing results for' },
    { name: 'search-results', path: `/search?query=${TITLE}`, shows: TITLE },
    { name: 'channel-videos', path: `/Channel/${userName}/Videos`, shows: TITLE },
    { name: 'channel-playlists', path: `/Channel/${userName}/PlayList`, shows: PLAYLIST },
    { name: 'channel-tweets', path: `/Channel/${userName}/Tweets`, shows: TWEET },
    { name: 'playlist', path: `/Playlist/${playlistId}`, shows: PLAYLIST_DESCRIPTION },
    { name: 'history', path: '/History', shows: TITLE },
    { name: 'library', path: '/collections', shows: TITLE },
    { name: 'dashboard', path: '/Dashboard/Content', shows: TITLE },
    { name: 'dashboard-playlists', path: '/Dashboard/Content/Playlists', shows: PLAYLIST },
    { name: 'dashboard-tweets', path: '/Dashboard/Content/Tweets', shows: TWEET },
  ];

  const widthOf = (page: Page) =>
    page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`no page is wider than the window at ${viewport.width}×${viewport.height}`, async () => {
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      const wide: string[] = [];
      for (const { name, path, shows } of pages()) {
        await page.goto(`${server.url}${path}`);
        await page.getByText(shows.slice(0, 40)).first().waitFor({ timeout: 15_000 });
        if (name === 'watch') {
          // The description's full text too, not only its first 200 characters.
          await page.getByRole('button', { name: /see more/i }).click();
          await page.getByRole('button', { name: /see less/i }).waitFor();
        }
        const { scrollWidth, innerWidth } = await widthOf(page);
        if (scrollWidth > innerWidth) wide.push(`${name}: ${scrollWidth} px > ${innerWidth} px`);
        else
          await screenshot(page, `long-text-${name}-${size}`, {
            'top bar': page.getByRole('banner'),
          });
      }
      expect(wide).toEqual([]);
      await page.close();
    }, 180_000);
  }
});
