/**
 * Issue 29, Back keeps your place: on the demo site, scroll a list past its first pages, open a
 * video, go Back; the same cards are there (no page lost, none fetched again from page 1) and the
 * window is where it was. The home feed (12 a page) is the full case; search results, a channel's
 * Videos tab and History go through the same remembered actor (src/remembered-place.ts).
 * A fresh visit by link still starts at the top with page 1.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../contract/limits.js';
import { DEMO_CHANNELS } from '../../server/seed/demo-data.js';
import { startDemoJourney, type DemoJourney } from './demo-journey.js';
import { hasBrowser, screenshot, type RunningServer } from './harness.js';

const MIRA = DEMO_CHANNELS[0]!;
/** Scroll positions agree within this (sub-pixel layout, rounding). */
const SLACK_PX = 4;

describe.skipIf(!hasBrowser)('Back keeps your place', () => {
  let journey: DemoJourney | undefined;
  let server: RunningServer;
  let page: Page;

  beforeAll(async () => {
    journey = await startDemoJourney(MIRA);
    ({ server, page } = journey);
  });
  afterAll(() => journey?.close());

  const cards = (p: Page) => p.locator('main article');
  const scrollY = (p: Page) => p.evaluate(() => Math.round(window.scrollY));

  /** Scrolls to the end until at least `want` cards are loaded (or the list ends). */
  async function loadCards(want: number): Promise<number> {
    for (let i = 0; i < 20; i++) {
      const n = await cards(page).count();
      if (n >= want) return n;
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const grew = await expect
        .poll(() => cards(page).count(), { timeout: 10_000 })
        .toBeGreaterThan(n)
        .then(() => true)
        .catch(() => false);
      if (!grew) return n; // the list has ended
    }
    return cards(page).count();
  }

  /**
   * Leaves the list for a video from its last loaded card and comes back with Back: the cards and
   * the scroll position are those of the moment it was left.
   */
  async function expectPlaceKept(label: string) {
    const count = await cards(page).count();
    const last = cards(page).nth(count - 1);
    await last.scrollIntoViewIfNeeded();
    // A little above the end, so the bottom marker is out of view and nothing loads meanwhile.
    await page.evaluate(() => window.scrollBy(0, -40));
    await expect.poll(() => cards(page).count()).toBe(count);
    const before = await scrollY(page);
    // A click from the page itself: Playwright's click would first scroll a link that is not
    // wholly in view (the last card of a short list), and the place kept would be that scroll.
    await last
      .locator('a[href^="/watch/"]')
      .first()
      .evaluate((link: HTMLAnchorElement) => link.click());
    await page.getByTestId('player').waitFor({ timeout: 15_000 });
    await page.goBack();
    await cards(page)
      .nth(count - 1)
      .waitFor();
    expect(await cards(page).count(), `${label}: cards after Back`).toBe(count);
    const after = await scrollY(page);
    expect(Math.abs(after - before), `${label}: scrollY ${after}, was ${before}`).toBeLessThan(
      SLACK_PX,
    );
    return { count, before, after };
  }

  it('the home feed: past 2 pages, open a video, Back: the same cards and scrollY', async () => {
    await page.goto(server.url);
    await cards(page).first().waitFor();
    const loaded = await loadCards(2 * PAGE_SIZE.homeFeed + 1);
    expect(loaded).toBeGreaterThan(2 * PAGE_SIZE.homeFeed);
    const { count, before } = await expectPlaceKept('home feed');
    expect(before).toBeGreaterThan(1000);
    console.log(`home feed: ${count} cards, scrollY ${before} kept across Back`);
    await screenshot(page, 'back-restored-feed-desktop', { 'top bar': page.getByRole('banner') });

    // A fresh visit (a link, not Back) starts again with the first page only.
    await cards(page).first().locator('a[href^="/watch/"]').first().click();
    await page.getByTestId('player').waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Home' }).first().click();
    await cards(page).first().waitFor();
    await expect.poll(() => cards(page).count()).toBe(PAGE_SIZE.homeFeed);
  });

  it('search results, a channel’s Videos tab and History keep their place too', async () => {
    await page.goto(`${server.url}/search?query=${encodeURIComponent('tutorial')}`);
    await cards(page).first().waitFor({ timeout: 15_000 });
    await loadCards(PAGE_SIZE.search + 1);
    await expectPlaceKept('search results');

    await page.goto(`${server.url}/Channel/${DEMO_CHANNELS[1]!.userName}/Videos`);
    await cards(page).first().waitFor({ timeout: 15_000 });
    await expectPlaceKept('channel videos');

    await page.goto(`${server.url}/History`);
    await cards(page).first().waitFor({ timeout: 15_000 });
    await expectPlaceKept('history');
  });
});
