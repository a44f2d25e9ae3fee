/**
 * The dashboard's Playlists and Tweets tabs in Chromium on a fresh DATA_DIR with the demo content,
 * as the demo creator leo.codes: he creates a playlist from the Create menu, adds two of his
 * videos to it through the batch dialog (both lines reach completed), renames it, posts and edits
 * a tweet, removes a video from the playlist; a reload keeps the tab and Back returns to the
 * previous one. Screenshots of both tabs and every dialog at 1280×800 and 390×844, each after a
 * layout check (layout.ts). Each test makes the playlist or tweet it needs through the API, so
 * any one of them runs alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_CHANNELS } from '../../server/seed/demo-data.js';
import { pageApi } from './accounts-api.js';
import { startDemoJourney, type DemoJourney } from './demo-journey.js';
import {
  hasBrowser,
  screenshot,
  VIEWPORTS,
  type BrowserSession,
  type RunningServer,
} from './harness.js';
import type { KeyElements } from './layout.js';
import { recordStatuses } from './page-helpers.js';
import { uniqueWord } from './videos-api.js';

const LEO = DEMO_CHANNELS[1]!;
const CONTENT = '/Dashboard/Content';
const DESCRIPTION = 'Made by the browser test';

interface PlaylistJson {
  _id: string;
  playlistName: string;
  videos: { _id: string }[];
}
interface TweetJson {
  _id: string;
  content: string;
}

describe.skipIf(!hasBrowser)('dashboard playlists and tweets journey', () => {
  let journey: DemoJourney | undefined;
  let server: RunningServer;
  let browser: BrowserSession;
  let page: Page;
  let leoId: string;

  beforeAll(async () => {
    journey = await startDemoJourney(LEO);
    ({ server, browser, page, userId: leoId } = journey);
    await page.goto(`${server.url}${CONTENT}`);
  });

  afterAll(() => journey?.close());

  const api = <T>(path: string) => pageApi<T>(page, path);

  /** A call with leo's cookies; the envelope's data. */
  async function send<T>(method: 'POST' | 'PATCH', path: string, data?: object): Promise<T> {
    const res = await page
      .context()
      .request.fetch(`${server.url}/api/v1${path}`, { method, ...(data ? { data } : {}) });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return ((await res.json()) as { data: T }).data;
  }

  /** A playlist of leo's that only this test uses, holding his first `videoCount` videos. */
  async function newPlaylist(videoCount = 0): Promise<{ _id: string; title: string }> {
    const title = `E2E road trips ${uniqueWord('')}`;
    const { _id } = await send<{ _id: string }>('POST', '/playlist', {
      title,
      description: DESCRIPTION,
    });
    const own = await api<{ videos: { _id: string }[] }>(`/videos/user?limit=${videoCount || 1}`);
    for (const video of own.videos.slice(0, videoCount)) {
      await send('PATCH', `/playlist/add/${video._id}/${_id}`);
    }
    return { _id, title };
  }

  /** A tweet of leo's that only this test uses. */
  async function newTweet(): Promise<string> {
    const content = `Fresh from the e2e test ${uniqueWord('')}`;
    await send('POST', '/tweets', { content });
    return content;
  }

  async function openTab(p: Page, tab: '' | '/Playlists' | '/Tweets') {
    await p.goto(`${server.url}${CONTENT}${tab}`);
    await p.getByRole('navigation', { name: 'Content' }).waitFor();
  }

  const dialog = (p: Page, name: string) => p.getByRole('dialog', { name });
  /** An open dialog's heading and close button, which must both be on screen. */
  const dialogFrame = (p: Page, name: string): KeyElements => ({
    'dialog title': dialog(p, name).getByRole('heading', { name, exact: true }),
    'close button': dialog(p, name).getByRole('button', { name: 'Close' }),
  });
  const activeTab = (p: Page) =>
    p.getByRole('navigation', { name: 'Content' }).locator('[aria-current="page"]');
  const playlistRow = (p: Page, name: string) => p.getByRole('listitem', { name, exact: true });

  /**
   * The tab's list sits under the analytics: bring the tabs to the top for its screenshot (the
   * top bar scrolls away with the page); the tabs and the list's first item must be on screen.
   */
  async function tabShot(p: Page, name: string, firstItem: Locator) {
    const tabs = p.getByRole('navigation', { name: 'Content' });
    await tabs.evaluate((nav) => window.scrollBy(0, nav.getBoundingClientRect().top - 72)); // under the top bar
    await settledShot(p, p.locator('main'), name, {
      'active tab': activeTab(p),
      'first item': firstItem,
    });
  }

  /** Screenshot once the box's spring-in (a dialog's) has ended and its layout is checked. */
  async function settledShot(p: Page, box: Locator, name: string, keyElements: KeyElements) {
    await box.waitFor();
    await p.waitForFunction(
      (el) =>
        el !== null && getComputedStyle(el).transform.match(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/),
      await box.elementHandle(),
    );
    await screenshot(p, name, keyElements);
  }

  /** A dialog's screenshot: its heading and close button on screen, and `more` with them. */
  async function dialogShot(p: Page, dialogName: string, name: string, more: KeyElements = {}) {
    await settledShot(p, dialog(p, dialogName), name, { ...dialogFrame(p, dialogName), ...more });
  }

  it('creates a playlist from the Create menu on the Playlists tab', async () => {
    const PLAYLIST = { title: `E2E road trips ${uniqueWord('')}`, description: DESCRIPTION };
    await openTab(page, '');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Create Playlist' }).click();
    await page.waitForURL(`**${CONTENT}/Playlists`);
    const create = dialog(page, 'Create Playlist');
    await create.getByRole('button', { name: 'Create' }).click();
    await create.getByRole('alert').getByText('All fields marked with * are required!').waitFor();
    await dialogShot(page, 'Create Playlist', 'dashboard-create-playlist-desktop', {
      alert: create.getByRole('alert'),
    });
    await create.getByLabel('Title *').fill(PLAYLIST.title);
    await create.getByLabel('Description *').fill(PLAYLIST.description);
    await create.getByRole('button', { name: 'Create' }).click();
    await create.waitFor({ state: 'detached' });
    await playlistRow(page, PLAYLIST.title).getByText('No videos').waitFor();
    const mine = await api<{ _id: string; playlistName: string }[]>(`/playlist/user/${leoId}`);
    expect(mine.find((p) => p.playlistName === PLAYLIST.title)).toMatchObject({
      description: PLAYLIST.description,
    });
  });

  it('adds two videos through the batch dialog, watching both lines reach completed', async () => {
    const PLAYLIST = await newPlaylist();
    await openTab(page, '/Playlists');
    await playlistRow(page, PLAYLIST.title).getByRole('button', { name: 'Add videos' }).click();
    const add = dialog(page, `Add videos to ${PLAYLIST.title}`);
    const boxes = add.getByRole('checkbox');
    await boxes.first().waitFor();
    await add.getByText(/^Page 1 of \d+$/).waitFor();
    expect(await boxes.count()).toBe(2);
    await dialogShot(page, `Add videos to ${PLAYLIST.title}`, 'dashboard-add-videos-desktop', {
      'first video': boxes.nth(0),
      'second video': boxes.nth(1),
    });
    await boxes.nth(0).check();
    await add.getByRole('button', { name: 'Next' }).click();
    await boxes.nth(0).check();
    // The second save is held until the picture of the half-saved dialog is taken, so the picture
    // always shows one line completed and one saving, however slow the machine.
    let saves = 0;
    let releaseSecondSave = () => {};
    const secondSaveReleased = new Promise<void>((resolve) => (releaseSecondSave = resolve));
    await page.route('**/api/v1/playlist/add/**', async (route) => {
      saves += 1;
      if (saves === 2) await secondSaveReleased;
      await route.continue();
    });
    const statusesSeen = await recordStatuses(page, 'ul[aria-label="Saving"]');
    await add.getByRole('button', { name: 'Add videos' }).click();
    const lines = add.getByRole('list', { name: 'Saving' }).getByRole('listitem');
    await lines.nth(0).locator('[data-status="completed"]').waitFor();
    await lines.nth(1).locator('[data-status="loading"]').waitFor();
    await screenshot(page, 'dashboard-add-videos-saving-desktop', {
      ...dialogFrame(page, `Add videos to ${PLAYLIST.title}`),
      'first line': lines.nth(0),
      'second line': lines.nth(1),
    });
    releaseSecondSave();
    await page.getByText('Videos added to playlist successfully').waitFor();
    await add.waitFor({ state: 'detached' });
    await page.unroute('**/api/v1/playlist/add/**');
    // Both lines showed completed before the dialog closed (for the spec's 500 ms).
    expect(await statusesSeen()).toContain('completed,completed');
    expect(saves).toBe(2);
    await playlistRow(page, PLAYLIST.title).getByText('2 Videos').waitFor();
    const detail = await api<PlaylistJson>(`/playlist/${PLAYLIST._id}`);
    expect(detail.videos).toHaveLength(2);
  });

  it('renames the playlist in the edit dialog', async () => {
    const PLAYLIST = await newPlaylist();
    const RENAMED = `${PLAYLIST.title}, renamed`;
    await openTab(page, '/Playlists');
    await playlistRow(page, PLAYLIST.title).getByRole('button', { name: 'Edit' }).click();
    const edit = dialog(page, 'Edit Playlist');
    await dialogShot(page, 'Edit Playlist', 'dashboard-edit-playlist-desktop', {
      'title field': edit.getByLabel('Title *'),
    });
    await edit.getByLabel('Title *').fill(RENAMED);
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await playlistRow(page, RENAMED).waitFor();
    expect((await api<PlaylistJson>(`/playlist/${PLAYLIST._id}`)).playlistName).toBe(RENAMED);
    await tabShot(page, 'dashboard-playlists-tab-desktop', playlistRow(page, RENAMED));
  });

  it('posts and edits a tweet on the Tweets tab', async () => {
    const FRESH = `Fresh from the e2e test ${uniqueWord('')}`;
    const EDITED = `Edited by the e2e test ${uniqueWord('')}`;
    await openTab(page, '');
    await page.getByRole('link', { name: 'Tweets', exact: true }).click();
    await page.waitForURL(`**${CONTENT}/Tweets`);
    await page.getByRole('button', { name: 'Post tweet' }).click();
    const post = dialog(page, 'Post Tweet');
    await dialogShot(page, 'Post Tweet', 'dashboard-post-tweet-desktop', {
      'tweet button': post.getByRole('button', { name: 'Tweet' }),
    });
    await post.getByRole('textbox').fill(FRESH);
    await post.getByRole('button', { name: 'Tweet' }).click();
    await post.waitFor({ state: 'detached' });
    const tweet = page.getByTestId('tweet').filter({ hasText: FRESH });
    await tweet.getByRole('button', { name: 'Edit' }).click();
    const edit = dialog(page, 'Edit Tweet');
    await dialogShot(page, 'Edit Tweet', 'dashboard-edit-tweet-desktop', {
      'save button': edit.getByRole('button', { name: 'Save' }),
    });
    await edit.getByRole('textbox').fill(EDITED);
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Tweet updated successfully').waitFor();
    const edited = page.getByTestId('tweet').filter({ hasText: EDITED });
    await edited.waitFor();
    const tweets = await api<TweetJson[]>(`/tweets/user/${leoId}`);
    expect(tweets[0]!.content).toBe(EDITED);
    await tabShot(page, 'dashboard-tweets-tab-desktop', edited);
  });

  it('keeps the tab on reload, and Back returns to the Playlists tab', async () => {
    const PLAYLIST = await newPlaylist();
    await newTweet();
    await openTab(page, '/Playlists');
    await playlistRow(page, PLAYLIST.title).waitFor();
    await page.getByRole('link', { name: 'Tweets', exact: true }).click();
    await page.waitForURL(`**${CONTENT}/Tweets`);
    await page.reload();
    await page.getByTestId('tweet').first().waitFor();
    await expect(activeTab(page).textContent()).resolves.toBe('Tweets');
    await page.goBack();
    await page.waitForURL(`**${CONTENT}/Playlists`);
    await playlistRow(page, PLAYLIST.title).waitFor();
    await expect(activeTab(page).textContent()).resolves.toBe('Playlists');
  });

  it('removes a video from the playlist', async () => {
    const PLAYLIST = await newPlaylist(2);
    const RENAMED = PLAYLIST.title;
    await openTab(page, '/Playlists');
    await playlistRow(page, RENAMED).getByRole('button', { name: 'Remove videos' }).click();
    const remove = dialog(page, `Remove videos from ${RENAMED}`);
    await remove.getByRole('checkbox').first().waitFor();
    await dialogShot(page, `Remove videos from ${RENAMED}`, 'dashboard-remove-videos-desktop', {
      'first video': remove.getByRole('checkbox').first(),
    });
    await remove.getByRole('checkbox').first().check();
    await remove.getByRole('button', { name: 'Remove videos' }).click();
    await remove.locator('[data-status="completed"]').waitFor();
    await page.getByText('Videos removed from playlist successfully').waitFor();
    await remove.waitFor({ state: 'detached' });
    await playlistRow(page, RENAMED)
      .getByText(/\b1 Video\b(?!s)/)
      .waitFor();
    expect((await api<PlaylistJson>(`/playlist/${PLAYLIST._id}`)).videos).toHaveLength(1);
  });

  it('fits a phone: both tabs and every dialog at 390×844', async () => {
    const { title: RENAMED } = await newPlaylist(2);
    await newTweet();
    const context = await browser.browser.newContext({ viewport: VIEWPORTS.mobile });
    await context.addCookies(await page.context().cookies());
    const phone = await context.newPage();
    const open = async (button: Locator, name: string, shot: string) => {
      await button.click();
      await dialogShot(phone, name, shot);
      await phone.keyboard.press('Escape');
      await dialog(phone, name).waitFor({ state: 'detached' });
    };
    await phone.goto(`${server.url}${CONTENT}/Playlists`);
    const row = playlistRow(phone, RENAMED);
    await row.waitFor();
    await tabShot(phone, 'dashboard-playlists-tab-mobile', row.getByText(RENAMED, { exact: true }));
    await open(
      phone.getByRole('button', { name: 'New playlist' }),
      'Create Playlist',
      'dashboard-create-playlist-mobile',
    );
    await open(
      row.getByRole('button', { name: 'Edit' }),
      'Edit Playlist',
      'dashboard-edit-playlist-mobile',
    );
    await open(
      row.getByRole('button', { name: 'Add videos' }),
      `Add videos to ${RENAMED}`,
      'dashboard-add-videos-mobile',
    );
    await open(
      row.getByRole('button', { name: 'Remove videos' }),
      `Remove videos from ${RENAMED}`,
      'dashboard-remove-videos-mobile',
    );
    await open(
      row.getByRole('button', { name: 'Delete' }),
      'Delete playlist?',
      'dashboard-delete-playlist-mobile',
    );
    await phone.getByRole('link', { name: 'Tweets', exact: true }).click();
    const tweet = phone.getByTestId('tweet').first();
    await tweet.waitFor();
    await tabShot(phone, 'dashboard-tweets-tab-mobile', tweet);
    await open(
      phone.getByRole('button', { name: 'Post tweet' }),
      'Post Tweet',
      'dashboard-post-tweet-mobile',
    );
    await open(
      tweet.getByRole('button', { name: 'Edit' }),
      'Edit Tweet',
      'dashboard-edit-tweet-mobile',
    );
    await context.close();
  });
});
