/**
 * Issue 31, suggestions while typing, in Chromium on the demo site: type "bre", see suggestions
 * under the box, pick one with the keyboard and land on its results page; the same on a phone
 * through the search overlay, picked with a tap. Screenshots of the open list at both widths.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe.skipIf(!hasBrowser)('search suggestions', () => {
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
});
