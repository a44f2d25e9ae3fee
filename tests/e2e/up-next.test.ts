/**
 * Issue 31's Up next and autoplay in Chromium: a video played to its end counts down "Up next in
 * 5" over the player and then opens the first of Up next; Cancel keeps the viewer on the video;
 * the Autoplay switch turned off stays off after a reload, and an ended video then stays. Time is
 * the page's fake clock (Playwright's `page.clock`), run forward, so "nothing happened" is proven
 * after the countdown's whole time has passed, not by waiting. Screenshots of the watch page with
 * Up next and with the countdown, at desktop and phone sizes, each after a layout check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { AUTOPLAY_COUNTDOWN_SECONDS } from '../../contract/search.js';
import {
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

const PASSWORD = 'up-next-journey-pass-123';
const FIRST = 'Sourdough, part one';
const NEXT = 'Sourdough, part two';
const COUNTDOWN_MS = AUTOPLAY_COUNTDOWN_SECONDS * 1000;

describe.skipIf(!hasBrowser)('Up next and autoplay', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let viewer: BrowserContext;
  let page: Page;
  let firstId: string;
  let nextId: string;

  const clocked = new WeakSet<Page>();
  const upNext = (p: Page) => p.getByRole('region', { name: 'Up next' });
  const countdown = (p: Page) => p.getByTestId('autoplay-countdown');

  /** Opens the first video with a fake clock, once Up next lists the next one. */
  async function openFirst(p: Page = page) {
    if (!clocked.has(p)) await p.clock.install();
    clocked.add(p);
    // A page loads with time flowing; the test stops it once the video is ready.
    await p.clock.resume();
    await p.goto(`${server.url}/watch/${firstId}`);
    await upNext(p).getByText(NEXT).waitFor();
    await p.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    await stopTime(p);
  }

  /** From here on the page's timers run only when the test runs the clock. */
  async function stopTime(p: Page) {
    const now = await p.evaluate(() => Date.now());
    await p.clock.pauseAt(now + 500);
  }

  /** Seeks to just before the end and plays: the element's own `ended` follows. */
  async function playToTheEnd(p: Page = page) {
    await p.locator('video').evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      v.currentTime = Math.max(0, v.duration - 0.3);
      await v.play();
    });
    await p.waitForFunction(() => document.querySelector('video')?.ended === true);
  }

  beforeAll(async () => {
    let clip: string;
    [server, clip] = await Promise.all([startServer(), makeTestMp4(4)]);
    browser = await launchBrowser();
    const creator = await browser.newPage(VIEWPORTS.desktop);
    await signUpAndSignIn(creator.context, server.url, freshUser('baker'), PASSWORD);
    const tags = ['sourdough', 'bread'];
    firstId = await uploadVideoByApi(creator.context, server.url, { clip, title: FIRST, tags });
    nextId = await uploadVideoByApi(creator.context, server.url, { clip, title: NEXT, tags });
    await creator.context.close();
    ({ context: viewer, page } = await browser.newPage(VIEWPORTS.desktop));
    await signUpAndSignIn(viewer, server.url, freshUser('eater'), PASSWORD);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('counts down over the ended video, then the next video plays', async () => {
    await openFirst();
    const toggle = upNext(page).getByRole('switch', { name: 'Autoplay' });
    expect(await toggle.isChecked()).toBe(true);
    await screenshot(page, 'up-next-desktop', {
      player: page.getByTestId('player'),
      'Up next': upNext(page),
    });
    await playToTheEnd();
    await countdown(page).waitFor();
    expect(await countdown(page).textContent()).toContain(
      `Up next in ${AUTOPLAY_COUNTDOWN_SECONDS}`,
    );
    expect(await countdown(page).textContent()).toContain(NEXT);
    await screenshot(page, 'up-next-countdown-desktop', {
      'Up next in 5': countdown(page).getByText(`Up next in ${AUTOPLAY_COUNTDOWN_SECONDS}`),
      title: countdown(page).getByText(NEXT, { exact: true }),
      Cancel: countdown(page).getByRole('button', { name: 'Cancel' }),
    });
    await page.clock.runFor(COUNTDOWN_MS);
    await page.waitForURL(`**/watch/${nextId}`);
    await page.getByRole('heading', { level: 1, name: NEXT }).waitFor();
    await page.waitForFunction(() => {
      const v = document.querySelector('video');
      return v !== null && !v.paused && v.currentTime > 0;
    });
  });

  it('stays on the video when the countdown is cancelled', async () => {
    await openFirst();
    await playToTheEnd();
    await countdown(page).getByRole('button', { name: 'Cancel' }).click();
    await countdown(page).waitFor({ state: 'detached' });
    await page.clock.runFor(COUNTDOWN_MS * 2);
    expect(new URL(page.url()).pathname).toBe(`/watch/${firstId}`);
    expect(await countdown(page).count()).toBe(0);
  });

  it('keeps the switch off across a reload, and an ended video then stays', async () => {
    await openFirst();
    await upNext(page).getByRole('switch', { name: 'Autoplay' }).click();
    await page.clock.resume();
    await page.reload();
    await upNext(page).getByText(NEXT).waitFor();
    expect(await upNext(page).getByRole('switch', { name: 'Autoplay' }).isChecked()).toBe(false);
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    await stopTime(page);
    await playToTheEnd();
    await page.clock.runFor(COUNTDOWN_MS * 2);
    expect(await countdown(page).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/watch/${firstId}`);
    // Back on, as the other tests expect it.
    await upNext(page).getByRole('switch', { name: 'Autoplay' }).click();
  });

  it('shows Up next under the comments’ opening on a phone, and the countdown over the player', async () => {
    const phone = await phonePageOf(browser, viewer);
    await openFirst(phone.page);
    const list = upNext(phone.page);
    await list.scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'up-next-mobile', {
      'Up next': list.getByRole('heading', { name: 'Up next' }),
      Autoplay: list.getByRole('switch', { name: 'Autoplay' }),
    });
    await phone.page.getByTestId('player').scrollIntoViewIfNeeded();
    await playToTheEnd(phone.page);
    await countdown(phone.page).waitFor();
    await screenshot(phone.page, 'up-next-countdown-mobile', {
      'Up next in 5': countdown(phone.page).getByText(`Up next in ${AUTOPLAY_COUNTDOWN_SECONDS}`),
      title: countdown(phone.page).getByText(NEXT, { exact: true }),
      Cancel: countdown(phone.page).getByRole('button', { name: 'Cancel' }),
    });
    await phone.context.close();
  });
});
