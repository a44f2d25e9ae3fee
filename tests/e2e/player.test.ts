/**
 * Issue 23's player in Chromium: A watches B's video to about half, leaves, comes back and it
 * resumes there (with Start over); keyboard shortcuts drive the player, also in full screen, and
 * Space does not scroll the page; speed changes from the player's own bar and is remembered; a
 * shared `?t=` link starts there; Save adds B's video to A's Watch later and A finds it in
 * Library, and so does Save in a feed card's menu for B's other video. Screenshots of the bar
 * (desktop, phone, full screen), of the save dialog (desktop, phone) and of the card menu
 * (desktop, phone), each after a layout check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  dialogSettled,
  hasBrowser,
  launchBrowser,
  phonePageOf,
  screenshot,
  startServer,
  VIEWPORTS,
  type BrowserSession,
  type RunningServer,
} from './harness.js';
import { freshUser, signUpAndSignIn } from './accounts-api.js';
import { uploadVideoByApi } from './videos-api.js';
import { makeTestMp4 } from './videos-fixtures.js';

const PASSWORD = 'player-journey-pass-123';
const TITLE = 'Twenty seconds of colour bars';
/** B's second video, saved from its card on the home feed. */
const CARD_TITLE = 'Colour bars, the sequel';

const time = (page: Page) => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);
const media = (page: Page) =>
  page.locator('video').evaluate((v: HTMLVideoElement) => ({
    paused: v.paused,
    muted: v.muted,
    volume: v.volume,
    rate: v.playbackRate,
    time: v.currentTime,
  }));
/** Moves focus with Tab only until `target` has it (a keyboard user's way there). */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}
/**
 * The viewer has switched Up next's Autoplay off (player-preferences.ts), as a viewer may: these
 * tests are about one video, and a 20 s clip that ends while a busy machine runs a step would
 * otherwise count down and move the page on to B's other video (up-next.test.ts tests that).
 */
async function keepAutoplayOff(context: BrowserContext) {
  await context.addInitScript(() => {
    const prefs = JSON.parse(localStorage.getItem('vidtube.player') ?? '{}') as object;
    localStorage.setItem('vidtube.player', JSON.stringify({ ...prefs, autoplay: false }));
  });
}
const announced = (page: Page) => page.getByTestId('player-announcer').textContent();

describe.skipIf(!hasBrowser)('the player', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let viewerContext: BrowserContext;
  let page: Page;
  let videoId: string;

  async function openVideo(query = '') {
    await page.goto(`${server.url}/watch/${videoId}${query}`);
    await page.getByTestId('player').waitFor();
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
  }

  beforeAll(async () => {
    let clip: string;
    [server, clip] = await Promise.all([startServer(), makeTestMp4(20)]);
    browser = await launchBrowser();
    const creator = await browser.newPage(VIEWPORTS.desktop);
    await signUpAndSignIn(creator.context, server.url, freshUser('bea'), PASSWORD);
    videoId = await uploadVideoByApi(creator.context, server.url, { clip, title: TITLE });
    await uploadVideoByApi(creator.context, server.url, { clip, title: CARD_TITLE });
    await creator.context.close();
    ({ context: viewerContext, page } = await browser.newPage(VIEWPORTS.desktop));
    await keepAutoplayOff(viewerContext);
    await signUpAndSignIn(viewerContext, server.url, freshUser('abe'), PASSWORD);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('resumes where the viewer left off, with Start over', async () => {
    await openVideo();
    // Autoplay has started (or fallen back to muted) and time runs: k now pauses rather than
    // starts it (a blocked unmuted attempt reports "playing" for a moment before the muted retry).
    await page.waitForFunction(() => {
      const video = document.querySelector('video');
      return video !== null && !video.paused && video.currentTime > 0;
    });
    await page.keyboard.press('5'); // 50 %: 10 s of 20
    await page.keyboard.press('k');
    await expect.poll(() => media(page)).toMatchObject({ paused: true });
    expect(await time(page)).toBeCloseTo(10, 0);
    // Leave for another page, then come back.
    await page.goto(`${server.url}/`);
    await openVideo();
    const notice = page.getByTestId('resume-notice');
    await expect.poll(() => notice.textContent()).toMatch(/^Resumed at 0:1[01]/);
    expect(await time(page)).toBeGreaterThanOrEqual(9.5);
    await notice.getByRole('button', { name: 'Start over' }).click();
    expect(await time(page)).toBeLessThan(2);
  });

  it('is driven by the keyboard, also in full screen, and Space does not scroll', async () => {
    await openVideo('?t=0');
    // As above: k pauses only once autoplay has started (under load it can start after the click).
    await page.waitForFunction(() => {
      const video = document.querySelector('video');
      return video !== null && !video.paused && video.currentTime > 0;
    });
    await page.locator('body').click({ position: { x: 5, y: 500 } });
    await page.keyboard.press('k');
    await expect.poll(async () => (await media(page)).paused).toBe(true);
    await page.keyboard.press('l');
    expect(await time(page)).toBeGreaterThanOrEqual(10);
    expect(await announced(page)).toBe('Forward 10 seconds');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('j');
    expect(await time(page)).toBeLessThan(6);
    await page.keyboard.press('m');
    expect((await media(page)).muted).toBe(true);
    expect(await announced(page)).toBe('Muted');
    await page.keyboard.press('m');
    await page.keyboard.press('ArrowDown');
    expect((await media(page)).volume).toBeCloseTo(0.95, 2);
    await page.keyboard.press('Shift+Period'); // '>'
    expect((await media(page)).rate).toBe(1.25);
    await page.keyboard.press('Shift+Comma'); // '<'
    expect((await media(page)).rate).toBe(1);
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.keyboard.press(' ');
    await expect.poll(async () => (await media(page)).paused).toBe(false);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

    await page.keyboard.press('f');
    await expect
      .poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid')))
      .toBe('player');
    await page.keyboard.press('k');
    await expect.poll(async () => (await media(page)).paused).toBe(true);
    await page.keyboard.press('9');
    expect(await time(page)).toBeCloseTo(18, 0);
    await page.mouse.move(300, 300);
    await screenshot(page, 'player-bar-fullscreen-desktop', {
      'seek bar': page.getByRole('slider', { name: 'Seek' }),
      'full screen button': page.getByRole('button', { name: 'Exit full screen (f)' }),
    });
    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();

    // Shift+/ lists the shortcuts; typing in a field is not a shortcut.
    await page.keyboard.press('Shift+Slash');
    const list = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await list.waitFor();
    await dialogSettled(page);
    await screenshot(page, 'player-shortcuts-desktop', {
      title: list.getByRole('heading', { name: 'Keyboard shortcuts' }),
      'last shortcut': list.getByText('Show these shortcuts'),
    });
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    const before = await media(page);
    await page.getByPlaceholder('Add a comment...').fill('k m f');
    expect(await media(page)).toMatchObject({ paused: before.paused, muted: before.muted });
  });

  it('changes speed from its own bar and remembers it', async () => {
    await openVideo();
    await page.getByTestId('player').hover();
    await page.getByRole('button', { name: /^Playback speed/ }).click();
    await page.getByRole('menu', { name: 'Playback speed' }).waitFor();
    await screenshot(page, 'player-bar-speed-menu-desktop', {
      'speed menu': page.getByRole('menu', { name: 'Playback speed' }),
      'seek bar': page.getByRole('slider', { name: 'Seek' }),
    });
    await page.getByRole('menuitemradio', { name: '1.5×' }).click();
    expect((await media(page)).rate).toBe(1.5);
    await openVideo();
    await expect.poll(async () => (await media(page)).rate).toBe(1.5);
    await page.getByRole('button', { name: /^Playback speed/ }).click();
    await page.getByRole('menuitemradio', { name: 'Normal' }).click();
    expect((await media(page)).rate).toBe(1);
  });

  it('starts a shared ?t= link there, over the resume point', async () => {
    await openVideo('?t=0m7s');
    await expect.poll(() => time(page)).toBeGreaterThanOrEqual(7);
    expect(await page.getByTestId('resume-notice').count()).toBe(0);
    // The seek slider says where it is, in words: where the pause left it, which a busy machine
    // may have played on a second or two past 0:07 by the time the k arrived.
    await page.keyboard.press('k');
    await expect.poll(async () => (await media(page)).paused).toBe(true);
    const seconds = Math.round(await time(page)); // as formatDuration rounds
    expect(seconds).toBeGreaterThanOrEqual(7);
    await expect
      .poll(() => page.getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuetext'))
      .toBe(`0:${String(seconds).padStart(2, '0')} of 0:20`);
  });

  it('is used with the keyboard only: sign in, find, play, pause, seek, like, comment and subscribe (issue 22)', async () => {
    const user = freshUser('kim');
    const setup = await browser.newPage(VIEWPORTS.desktop);
    await setup.context.request.post(`${server.url}/api/v1/users/register`, {
      multipart: { ...user, password: PASSWORD },
    });
    await setup.context.close();
    const { context, page: kb } = await browser.newPage(VIEWPORTS.desktop);
    await kb.goto(`${server.url}/login`);
    await tabTo(kb, kb.getByLabel('Username'));
    await kb.keyboard.type(user.userName);
    await kb.keyboard.press('Tab');
    await kb.keyboard.type(user.email);
    await kb.keyboard.press('Tab');
    await kb.keyboard.type(PASSWORD);
    await kb.keyboard.press('Enter');
    await kb.waitForURL(`${server.url}/`);

    await tabTo(
      kb,
      kb.getByRole('combobox', { name: 'Search' }).or(kb.getByLabel('Search').first()),
    );
    await kb.keyboard.type('colour bars');
    await kb.keyboard.press('Enter');
    const result = kb.getByRole('link', { name: TITLE }).first();
    await result.waitFor();
    await tabTo(kb, result);
    await kb.keyboard.press('Enter');
    await kb.getByTestId('player').waitFor();
    // The video starts by itself; k then pauses it (pressed earlier, it would start it).
    await kb.waitForFunction(() => {
      const video = document.querySelector('video');
      return video !== null && !video.paused && video.currentTime > 0;
    });

    // Start over from 0 and pause, then seek with the arrows.
    await kb.keyboard.press('0');
    await kb.keyboard.press('k');
    await expect
      .poll(() => kb.locator('video').evaluate((v: HTMLVideoElement) => v.paused))
      .toBe(true);
    const from = await time(kb);
    await kb.keyboard.press('ArrowRight');
    await kb.keyboard.press('ArrowRight');
    expect(await time(kb)).toBeCloseTo(from + 10, 0);
    await kb.keyboard.press('ArrowLeft');
    expect(await time(kb)).toBeCloseTo(from + 5, 0);

    const like = kb.getByRole('button', { name: /^Like, 0 likes/ });
    await tabTo(kb, like);
    await kb.keyboard.press('Enter');
    await kb.getByRole('button', { name: /^Like, 1 like/ }).waitFor();

    await tabTo(kb, kb.getByPlaceholder('Add a comment...'));
    await kb.keyboard.type('Typed with the keyboard only');
    await tabTo(kb, kb.getByRole('button', { name: 'Comment', exact: true }));
    await kb.keyboard.press('Enter');
    await kb.getByText('Typed with the keyboard only').waitFor();

    await tabTo(kb, kb.getByRole('button', { name: 'Subscribe', exact: true }));
    await kb.keyboard.press('Enter');
    await kb.getByRole('button', { name: 'Subscribed', pressed: true }).waitFor();
    await context.close();
  });

  it('saves B’s video to A’s Watch later, which A finds in Library', async () => {
    await openVideo();
    await screenshot(page, 'player-bar-desktop', {
      'seek bar': page.getByRole('slider', { name: 'Seek' }),
      title: page.getByRole('heading', { name: TITLE, level: 1 }),
    });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to playlist' });
    await dialog.getByRole('checkbox', { name: 'Watch later' }).waitFor();
    await dialogSettled(page);
    await screenshot(page, 'save-dialog-desktop', {
      title: dialog.getByRole('heading', { name: 'Add to playlist' }),
      'watch later': dialog.getByRole('checkbox', { name: 'Watch later' }),
      'save button': dialog.getByRole('button', { name: 'Save' }),
    });
    await dialog.getByRole('checkbox', { name: 'Watch later' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Videos added to playlist successfully').waitFor({ timeout: 10_000 });
    // Save again: the dialog shows where the video already is (issue 29).
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const again = page.getByRole('dialog', { name: 'Add to playlist' });
    const ticked = again.getByRole('checkbox', { name: 'Watch later' });
    await ticked.waitFor();
    expect(await ticked.isChecked()).toBe(true);
    expect(await again.getByRole('checkbox', { name: /^watch later$/i }).count()).toBe(1);
    await dialogSettled(page);
    await screenshot(page, 'save-dialog-ticked-desktop', {
      title: again.getByRole('heading', { name: 'Add to playlist' }),
      'watch later': ticked,
      'save button': again.getByRole('button', { name: 'Save' }),
    });
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'detached' });
    await page.goto(`${server.url}/collections`);
    // On the Watch later shelf itself: the History shelf beside it holds the video too.
    const shelf = page.getByRole('region', { name: 'Watch later' });
    await shelf.getByRole('article', { name: TITLE }).waitFor({ timeout: 10_000 });

    const phone = await phonePageOf(browser, viewerContext);
    await keepAutoplayOff(phone.context);
    await phone.page.goto(`${server.url}/watch/${videoId}`);
    await phone.page.getByTestId('player').waitFor();
    await screenshot(phone.page, 'player-bar-mobile', {
      'seek bar': phone.page.getByRole('slider', { name: 'Seek' }),
    });
    await phone.page.getByRole('button', { name: 'Save', exact: true }).click();
    const phoneDialog = phone.page.getByRole('dialog', { name: 'Add to playlist' });
    await phoneDialog.getByRole('checkbox', { name: 'Watch later' }).waitFor();
    // Saved there from the desktop: ticked here too.
    expect(await phoneDialog.getByRole('checkbox', { name: 'Watch later' }).isChecked()).toBe(true);
    await dialogSettled(phone.page);
    await screenshot(phone.page, 'save-dialog-mobile', {
      title: phoneDialog.getByRole('heading', { name: 'Add to playlist' }),
      'watch later': phoneDialog.getByRole('checkbox', { name: 'Watch later' }),
      'save button': phoneDialog.getByRole('button', { name: 'Save' }),
    });
    await phone.context.close();
  });

  it('saves from a feed card’s menu too, reached with the keyboard', async () => {
    await page.goto(server.url);
    const card = page.getByRole('article', { name: CARD_TITLE });
    const more = card.getByRole('button', { name: `Actions for ${CARD_TITLE}` });
    // The card's last link, then Tab: the menu button (shown once it holds the focus).
    await card.getByRole('link', { name: CARD_TITLE }).first().focus();
    await tabTo(page, more, 6);
    await page.keyboard.press('Enter');
    const save = card.getByRole('menuitem', { name: 'Save' });
    await save.waitFor();
    await screenshot(page, 'card-menu-desktop', { 'menu button': more, save });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add to playlist' });
    await dialog.getByRole('checkbox', { name: 'Watch later' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Videos added to playlist successfully').waitFor({ timeout: 10_000 });
    await page.goto(`${server.url}/Playlist/WL`);
    await page.getByRole('article', { name: CARD_TITLE }).waitFor();

    const phone = await phonePageOf(browser, viewerContext);
    await keepAutoplayOff(phone.context);
    await phone.page.goto(server.url);
    const phoneCard = phone.page.getByRole('article', { name: CARD_TITLE });
    const phoneMore = phoneCard.getByRole('button', { name: `Actions for ${CARD_TITLE}` });
    await phoneMore.click();
    await screenshot(phone.page, 'card-menu-mobile', {
      'menu button': phoneMore,
      save: phoneCard.getByRole('menuitem', { name: 'Save' }),
    });

    // A card near the bottom of the screen: its menu opens over its button, not under the
    // bottom bar. The watch page's last card (more from the channel), scrolled until its button
    // sits just above the bar, as a card passing by while one scrolls does.
    await phone.page.goto(`${server.url}/watch/${videoId}`);
    // Up next may list the same video above the comments: the one meant is in the channel's list.
    const lastCard = phone.page
      .getByRole('complementary', { name: 'More From This Channel' })
      .getByRole('article', { name: CARD_TITLE });
    const lastMore = lastCard.getByRole('button', { name: `Actions for ${CARD_TITLE}` });
    await lastMore.waitFor();
    const bottomBar = phone.page.getByRole('navigation', { name: 'Bottom navigation' });
    const barTop = (await bottomBar.boundingBox())!.y;
    await lastMore.evaluate((el, barTop) => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      window.scrollBy(0, el.getBoundingClientRect().bottom - (barTop - 12));
    }, barTop);
    const button = (await lastMore.boundingBox())!;
    expect(barTop - (button.y + button.height)).toBeCloseTo(12, 0);
    await lastMore.click();
    const menu = lastCard.getByRole('menu', { name: `Actions for ${CARD_TITLE}` });
    await menu.waitFor();
    const box = (await menu.boundingBox())!;
    // Under the button it would have reached behind the bar: what this check is about.
    expect(button.y + button.height + 4 + box.height).toBeGreaterThan(barTop);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(barTop);
    expect(box.y + box.height).toBeLessThanOrEqual(button.y);
    await screenshot(phone.page, 'card-menu-bottom-mobile', {
      menu,
      'menu button': lastMore,
      'bottom bar': bottomBar,
    });
    // The item is there to be pressed (the bar is not over it).
    await lastCard.getByRole('menuitem', { name: 'Save' }).click({ trial: true });
    await phone.context.close();
  });
});
