/**
 * Issue 31, search in Chromium on the demo site (one server for all: each demo server costs
 * seconds of seeding). Suggestions while typing: type "bre", pick one with the keyboard and land
 * on its results page; the same on a phone through the overlay, picked with a tap. Then the
 * results page: filter to this week, sort by views, go Back and see the same page; a typo offers
 * the fix; a channel's name shows the channel above its videos. Screenshots at both widths.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CHANNELS } from '../../server/seed/demo-data.js';
import {
  hasBrowser,
  launchBrowser,
  screenshot,
  startServer,
  VIEWPORTS,
  type BrowserSession,
  type RunningServer,
} from './harness.js';

const BREAD = 'No-Knead Bread: The Only Recipe You Need';

describe.skipIf(!hasBrowser)('search', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: '1' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const box = (page: Page) => page.getByRole('combobox', { name: 'Search' });
  const list = (page: Page) => page.getByRole('listbox', { name: 'Search suggestions' });
  const resultsOf = (page: Page, text: string) =>
    page.getByRole('heading', { name: `Results for “${text}”` });

  it('type "bre", pick a suggestion with the keyboard, land on its results page', async () => {
    const { page } = await browser.newPage(VIEWPORTS.desktop);
    await page.goto(`${server.url}/`);
    await box(page).click();
    await page.keyboard.type('bre');
    const bread = list(page).getByRole('option', { name: BREAD });
    await bread.waitFor();
    await expect(box(page).getAttribute('aria-expanded')).resolves.toBe('true');
    await screenshot(page, 'search-suggestions-desktop', {
      'search box': box(page),
      suggestions: list(page),
    });
    const options = await list(page).getByRole('option').allTextContents();
    const index = options.indexOf(BREAD);
    for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowDown');
    await expect(bread.getAttribute('aria-selected')).resolves.toBe('true');
    await expect(box(page).getAttribute('aria-activedescendant')).resolves.toBe(
      await bread.getAttribute('id'),
    );
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/search?query=${encodeURIComponent(BREAD)}`);
    await resultsOf(page, BREAD).waitFor();
    await page.getByRole('article', { name: BREAD }).first().waitFor();
    await expect(list(page).isVisible()).resolves.toBe(false);
    await page.context().close();
  });

  it('on a phone, the overlay lists suggestions full width and choosing one searches it', async () => {
    const { page } = await browser.newPage(VIEWPORTS.mobile);
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Open search' }).click();
    await box(page).waitFor();
    await page.keyboard.type('bre');
    const bread = list(page).getByRole('option', { name: BREAD });
    await bread.waitFor();
    const rect = await list(page).boundingBox();
    expect(rect?.width).toBe(VIEWPORTS.mobile.width);
    expect((await bread.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await screenshot(page, 'search-suggestions-mobile', {
      'search box': box(page),
      suggestions: list(page),
    });
    await bread.click();
    await page.waitForURL(`**/search?query=${encodeURIComponent(BREAD)}`);
    await resultsOf(page, BREAD).waitFor();
    await page.context().close();
  });

  /** The titles of the result cards, in order, once the list has settled. */
  const titles = (page: Page) =>
    page
      .locator('main article')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));

  /** What the API lists first for the same search: the page must show exactly these. */
  async function apiTitles(params: Record<string, string>): Promise<string[]> {
    const query = new URLSearchParams({ page: '1', limit: '9', ...params });
    const answer = await fetch(`${server.url}/api/v1/videos?${query}`);
    const body = (await answer.json()) as { data: { videos: { title: string }[] } };
    return body.data.videos.map((v) => v.title);
  }

  /** Waits for the page to list `expected` (or say it found nothing) and returns what it shows. */
  async function expectListed(page: Page, expected: string[], query: string) {
    if (expected.length === 0) {
      await page.getByText(`No videos found for “${query}”`).waitFor();
    } else {
      await page.getByRole('article', { name: expected[0] }).first().waitFor();
    }
    await expect.poll(() => titles(page)).toEqual(expected);
  }

  it('filter to this week, sort by views, go Back and see the same page again', async () => {
    const { page } = await browser.newPage(VIEWPORTS.desktop);
    // A word with several videos this week, so that the sort has something to order.
    const words = ['cooking', 'food', 'travel', 'music', 'games', 'science', 'running'];
    let query = '';
    for (const word of words) {
      if ((await apiTitles({ query: word, uploaded: 'week' })).length >= 2) {
        query = word;
        break;
      }
    }
    expect(query, 'a demo word with two videos this week').not.toBe('');
    await page.goto(`${server.url}/search?query=${query}`);
    await resultsOf(page, query).waitFor();
    await expectListed(page, await apiTitles({ query }), query);

    await page.getByRole('button', { name: 'Filters' }).click();
    await screenshot(page, 'search-filters-desktop', {
      filters: page.getByRole('region', { name: 'Search filters' }),
    });
    await page.getByRole('link', { name: 'This week' }).click();
    await page.waitForURL(`**/search?query=${query}&uploaded=week`);
    const week = await apiTitles({ query, uploaded: 'week' });
    await expectListed(page, week, query);
    await page.getByRole('link', { name: 'Remove filter: This week' }).waitFor();

    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('link', { name: 'View count' }).click();
    await page.waitForURL(`**/search?query=${query}&uploaded=week&sort=views`);
    const byViews = await apiTitles({ query, uploaded: 'week', sortBy: 'views' });
    await expectListed(page, byViews, query);
    await screenshot(page, 'search-chips-desktop', {
      chips: page.getByRole('link', { name: 'Remove filter: Sorted by View count' }),
    });

    await page.goBack();
    await page.waitForURL(`**/search?query=${query}&uploaded=week`);
    await expectListed(page, week, query);
    expect(
      await page.getByRole('link', { name: 'Remove filter: Sorted by View count' }).count(),
    ).toBe(0);
    await page.goForward();
    await page.waitForURL(`**/search?query=${query}&uploaded=week&sort=views`);
    await expectListed(page, byViews, query);
    await page.context().close();
  });

  it('a typo shows the results of its fix, and a link searches exactly what was typed', async () => {
    const { page } = await browser.newPage(VIEWPORTS.desktop);
    await page.goto(`${server.url}/`);
    await box(page).fill('bred');
    await box(page).press('Enter');
    await page.waitForURL('**/search?query=bred');
    const notice = page.getByText('Showing results for');
    await notice.waitFor();
    await expect(
      page.getByRole('status').filter({ hasText: 'Showing results for' }).textContent(),
    ).resolves.toContain('bread');
    expect((await titles(page)).slice(0, 3)).toContain(BREAD);
    await screenshot(page, 'search-spelling-desktop', { notice });
    await page.getByRole('link', { name: 'bred', exact: true }).click();
    await page.waitForURL('**/search?query=bred&exact=1');
    await page.getByText('No videos found for “bred”').waitFor();
    await page.context().close();
  });

  it("a channel's name shows the channel above its videos, at both widths", async () => {
    const mira = DEMO_CHANNELS[0]!;
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
      const { page } = await browser.newPage(viewport);
      await page.goto(`${server.url}/search?query=${encodeURIComponent(mira.fullName)}`);
      const card = page.getByRole('region', { name: `Channel ${mira.fullName}` });
      await card.waitFor();
      await expect(card.getByRole('button', { name: 'Subscribe' }).isVisible()).resolves.toBe(true);
      await page.locator('main article').first().waitFor();
      await screenshot(
        page,
        `search-channel-${viewport === VIEWPORTS.mobile ? 'mobile' : 'desktop'}`,
        {
          channel: card,
        },
      );
      await page.context().close();
    }
  });
});
