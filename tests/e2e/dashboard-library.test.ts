/**
 * The dashboard's Playlists and Tweets tabs in Chromium on a fresh DATA_DIR with the demo content,
 * as the demo creator leo.codes: he creates a playlist from the Create menu, adds two of his
 * videos to it through the batch dialog (both lines reach completed), renames it, posts and edits
 * a tweet, removes a video from the playlist; a reload keeps the tab and Back returns to the
 * previous one. Screenshots of both tabs and every dialog at 1280×800 and 390×844.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_CHANNELS, DEMO_PASSWORD } from '../../server/seed/demo-data.js';
import {
  hasBrowser,
  launchBrowser,
  screenshot,
  startServer,
  VIEWPORTS,
  type BrowserSession,
  type RunningServer,
} from './harness.js';

const LEO = DEMO_CHANNELS[1]!;
const CONTENT = '/Dashboard/Content';
const PLAYLIST = { title: 'E2E road trips', description: 'Made by the browser test' };
const RENAMED = 'E2E road trips, renamed';

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
  let server: RunningServer;
  let browser: BrowserSession;
  let page: Page;
  let leoId: string;
  let playlistId: string;

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: '1' });
    browser = await launchBrowser();
    ({ page } = await browser.newPage(VIEWPORTS.desktop));
    const login = await page.context().request.post(`${server.url}/api/v1/users/login`, {
      data: { userName: LEO.userName, email: LEO.email, password: DEMO_PASSWORD },
    });
    expect(login.status(), await login.text()).toBe(200);
    await page.goto(`${server.url}${CONTENT}`);
    leoId = (await api<{ _id: string }>('/users/current-user'))._id;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A JSON call from inside the page (its cookies), returning the envelope's data. */
  async function api<T>(path: string): Promise<T> {
    return page.evaluate(async (p) => {
      const res = await fetch(`/api/v1${p}`, { credentials: 'include' });
      return ((await res.json()) as { data: unknown }).data;
    }, path) as Promise<T>;
  }

  const dialog = (p: Page, name: string) => p.getByRole('dialog', { name });
  const activeTab = (p: Page) =>
    p.getByRole('navigation', { name: 'Content' }).locator('[aria-current="page"]');
  const playlistRow = (p: Page, name: string) => p.getByRole('listitem', { name, exact: true });

  /** The tab's list sits under the analytics: bring the tabs to the top for its screenshot. */
  async function tabShot(p: Page, name: string) {
    await p
      .getByRole('navigation', { name: 'Content' })
      .evaluate((nav) => window.scrollBy(0, nav.getBoundingClientRect().top - 72)); // under the top bar
    await dialogShot(p, p.locator('main'), name);
  }

  /** Screenshot once the dialog's spring-in has ended. */
  async function dialogShot(p: Page, box: Locator, name: string) {
    await box.waitFor();
    await p.waitForFunction(
      (el) =>
        el !== null && getComputedStyle(el).transform.match(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/),
      await box.elementHandle(),
    );
    await screenshot(p, name);
    // Nothing may stick out sideways, on a phone least of all.
    const overflow = await p.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} overflows sideways`).toBeLessThanOrEqual(0);
  }

  it('creates a playlist from the Create menu on the Playlists tab', async () => {
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Create Playlist' }).click();
    await page.waitForURL(`**${CONTENT}/Playlists`);
    const create = dialog(page, 'Create Playlist');
    await create.getByRole('button', { name: 'Create' }).click();
    await create.getByRole('alert').getByText('All fields marked with * are required!').waitFor();
    await dialogShot(page, create, 'dashboard-create-playlist-desktop');
    await create.getByLabel('Title *').fill(PLAYLIST.title);
    await create.getByLabel('Description *').fill(PLAYLIST.description);
    await create.getByRole('button', { name: 'Create' }).click();
    await create.waitFor({ state: 'detached' });
    await playlistRow(page, PLAYLIST.title).getByText('No videos').waitFor();
    const mine = await api<{ _id: string; playlistName: string }[]>(`/playlist/user/${leoId}`);
    playlistId = mine.find((p) => p.playlistName === PLAYLIST.title)!._id;
    expect(playlistId).toBeTruthy();
  });

  it('adds two videos through the batch dialog, watching both lines reach completed', async () => {
    await playlistRow(page, PLAYLIST.title).getByRole('button', { name: 'Add videos' }).click();
    const add = dialog(page, `Add videos to ${PLAYLIST.title}`);
    const boxes = add.getByRole('checkbox');
    await boxes.first().waitFor();
    await add.getByText(/^Page 1 of \d+$/).waitFor();
    expect(await boxes.count()).toBe(2);
    await dialogShot(page, add, 'dashboard-add-videos-desktop');
    await boxes.nth(0).check();
    await add.getByRole('button', { name: 'Next' }).click();
    await boxes.nth(0).check();
    await add.getByRole('button', { name: 'Add videos' }).click();
    const lines = add.getByRole('list', { name: 'Saving' }).getByRole('listitem');
    await lines.nth(0).locator('[data-status="completed"]').waitFor();
    await screenshot(page, 'dashboard-add-videos-saving-desktop');
    await lines.nth(1).locator('[data-status="completed"]').waitFor();
    await page.getByText('Videos added to playlist successfully').waitFor();
    await add.waitFor({ state: 'detached' });
    await playlistRow(page, PLAYLIST.title).getByText('2 Videos').waitFor();
    const detail = await api<PlaylistJson>(`/playlist/${playlistId}`);
    expect(detail.videos).toHaveLength(2);
  });

  it('renames the playlist in the edit dialog', async () => {
    await playlistRow(page, PLAYLIST.title).getByRole('button', { name: 'Edit' }).click();
    const edit = dialog(page, 'Edit Playlist');
    await dialogShot(page, edit, 'dashboard-edit-playlist-desktop');
    await edit.getByLabel('Title *').fill(RENAMED);
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await playlistRow(page, RENAMED).waitFor();
    expect((await api<PlaylistJson>(`/playlist/${playlistId}`)).playlistName).toBe(RENAMED);
    await tabShot(page, 'dashboard-playlists-tab-desktop');
  });

  it('posts and edits a tweet on the Tweets tab', async () => {
    await page.getByRole('link', { name: 'Tweets', exact: true }).click();
    await page.waitForURL(`**${CONTENT}/Tweets`);
    await page.getByRole('button', { name: 'Post tweet' }).click();
    const post = dialog(page, 'Post Tweet');
    await dialogShot(page, post, 'dashboard-post-tweet-desktop');
    await post.getByRole('textbox').fill('Fresh from the e2e test');
    await post.getByRole('button', { name: 'Tweet' }).click();
    await post.waitFor({ state: 'detached' });
    const tweet = page.getByTestId('tweet').filter({ hasText: 'Fresh from the e2e test' });
    await tweet.getByRole('button', { name: 'Edit' }).click();
    const edit = dialog(page, 'Edit Tweet');
    await dialogShot(page, edit, 'dashboard-edit-tweet-desktop');
    await edit.getByRole('textbox').fill('Edited by the e2e test');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Tweet updated successfully').waitFor();
    await page.getByTestId('tweet').filter({ hasText: 'Edited by the e2e test' }).waitFor();
    const tweets = await api<TweetJson[]>(`/tweets/user/${leoId}`);
    expect(tweets[0]!.content).toBe('Edited by the e2e test');
    await tabShot(page, 'dashboard-tweets-tab-desktop');
  });

  it('keeps the tab on reload, and Back returns to the Playlists tab', async () => {
    await page.reload();
    await page.getByTestId('tweet').first().waitFor();
    await expect(activeTab(page).textContent()).resolves.toBe('Tweets');
    await page.goBack();
    await page.waitForURL(`**${CONTENT}/Playlists`);
    await playlistRow(page, RENAMED).waitFor();
    await expect(activeTab(page).textContent()).resolves.toBe('Playlists');
  });

  it('removes a video from the playlist', async () => {
    await playlistRow(page, RENAMED).getByRole('button', { name: 'Remove videos' }).click();
    const remove = dialog(page, `Remove videos from ${RENAMED}`);
    await remove.getByRole('checkbox').first().waitFor();
    await dialogShot(page, remove, 'dashboard-remove-videos-desktop');
    await remove.getByRole('checkbox').first().check();
    await remove.getByRole('button', { name: 'Remove videos' }).click();
    await remove.locator('[data-status="completed"]').waitFor();
    await page.getByText('Videos removed from playlist successfully').waitFor();
    await remove.waitFor({ state: 'detached' });
    await playlistRow(page, RENAMED).getByText('1 Videos').waitFor();
    expect((await api<PlaylistJson>(`/playlist/${playlistId}`)).videos).toHaveLength(1);
  });

  it('fits a phone: both tabs and every dialog at 390×844', async () => {
    const context = await browser.browser.newContext({ viewport: VIEWPORTS.mobile });
    await context.addCookies(await page.context().cookies());
    const phone = await context.newPage();
    const open = async (button: Locator, name: string, shot: string) => {
      await button.click();
      await dialogShot(phone, dialog(phone, name), shot);
      await phone.keyboard.press('Escape');
      await dialog(phone, name).waitFor({ state: 'detached' });
    };
    await phone.goto(`${server.url}${CONTENT}/Playlists`);
    const row = playlistRow(phone, RENAMED);
    await row.waitFor();
    await tabShot(phone, 'dashboard-playlists-tab-mobile');
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
      'Please confirm',
      'dashboard-delete-playlist-mobile',
    );
    await phone.getByRole('link', { name: 'Tweets', exact: true }).click();
    const tweet = phone.getByTestId('tweet').first();
    await tweet.waitFor();
    await tabShot(phone, 'dashboard-tweets-tab-mobile');
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
