/**
 * The player's menus on a phone (390×844, issue 29): every playback speed is reachable without a
 * hidden scroll, and the quality button's label and the quality menu's entries each sit on one
 * line. Checked from the bounding boxes (every entry inside its menu and the viewport, the menu
 * scrolling neither way) before the screenshots are taken for people to look at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
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
import { uploadVideoByApi } from './videos-api.js';
import { makeTestMp4 } from './videos-fixtures.js';

const TITLE = 'Phone menus over colour bars';

interface MenuLayout {
  /** How far the menu's content exceeds its box (0: no scrolling inside it). */
  hiddenY: number;
  hiddenX: number;
  /** Problems of single entries: outside the menu or the viewport, or on more than one line. */
  problems: string[];
  entries: string[];
}

async function menuLayout(page: Page, name: string): Promise<MenuLayout> {
  return page.evaluate((name) => {
    // The lines an element's words take: the most line boxes any of its text nodes fills
    // (the check mark beside a label is another node, from another font, on the same line).
    const lines = (el: Element) => {
      let most = 0;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        most = Math.max(most, new Set(rects.map((r) => Math.round(r.top))).size);
      }
      return most;
    };
    const menu = document.querySelector(`[role="menu"][aria-label="${name}"]`)!;
    const box = menu.getBoundingClientRect();
    const problems: string[] = [];
    const entries: string[] = [];
    for (const item of menu.querySelectorAll('[role="menuitemradio"]')) {
      const r = item.getBoundingClientRect();
      const label = item.textContent ?? '';
      entries.push(label);
      const inMenu =
        r.left >= box.left - 0.5 &&
        r.right <= box.right + 0.5 &&
        r.top >= box.top - 0.5 &&
        r.bottom <= box.bottom + 0.5;
      const inViewport =
        r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
      if (!inMenu) problems.push(`${label} lies outside the menu`);
      if (!inViewport) problems.push(`${label} lies outside the viewport`);
      if (lines(item) !== 1) problems.push(`${label} takes ${lines(item)} lines`);
    }
    return {
      hiddenY: menu.scrollHeight - menu.clientHeight,
      hiddenX: menu.scrollWidth - menu.clientWidth,
      problems,
      entries,
    };
  }, name);
}

describe.skipIf(!hasBrowser)('the player’s menus on a phone', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let page: Page;
  let videoId: string;

  beforeAll(async () => {
    let clip: string;
    [server, clip] = await Promise.all([startServer(), makeTestMp4(4, '1280x720')]);
    browser = await launchBrowser();
    const phone = await browser.newPage(VIEWPORTS.mobile);
    page = phone.page;
    await signUpAndSignIn(phone.context, server.url, freshUser('menus'), 'phone-menus-pass-123');
    videoId = await uploadVideoByApi(phone.context, server.url, { clip, title: TITLE });
    // Two renditions, so the quality menu lists Auto, 720p and 480p.
    for (let i = 0; ; i++) {
      const res = await phone.context.request.get(
        `${server.url}/api/v1/videos/${videoId}/processing`,
      );
      const { state } = ((await res.json()) as { data: { state: string } }).data;
      if (state === 'ready') break;
      if (i > 240) throw new Error(`the clip was not converted: ${state}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    await page.goto(`${server.url}/watch/${videoId}`);
    await page.locator('video[data-source="hlsjs"]').waitFor({ state: 'attached' });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows every playback speed without a hidden scroll', async () => {
    await page.getByTestId('player').hover();
    await page.getByRole('button', { name: /^Playback speed:/ }).click();
    const menu = page.getByRole('menu', { name: 'Playback speed' });
    await menu.waitFor();
    const layout = await menuLayout(page, 'Playback speed');
    expect(layout.entries).toHaveLength(8);
    expect(layout.problems).toEqual([]);
    expect(layout.hiddenY).toBeLessThanOrEqual(0);
    expect(layout.hiddenX).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-speed-menu-mobile', {
      'top bar': page.getByRole('banner'),
      'speed menu': menu,
    });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  });

  it('keeps the quality label and every quality on one line', async () => {
    await page.getByTestId('player').hover();
    const button = page.getByRole('button', { name: /^Quality: Auto/ });
    const buttonFits = await button.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      const lines = new Set(rects.map((r) => Math.round(r.top))).size;
      return { lines, hiddenX: el.scrollWidth - el.clientWidth };
    });
    expect(buttonFits).toEqual({ lines: 1, hiddenX: 0 });
    await button.click();
    const menu = page.getByRole('menu', { name: 'Quality' });
    await menu.waitFor();
    const layout = await menuLayout(page, 'Quality');
    expect(layout.entries.length).toBeGreaterThanOrEqual(3);
    expect(layout.problems).toEqual([]);
    expect(layout.hiddenY).toBeLessThanOrEqual(0);
    expect(layout.hiddenX).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-quality-menu-mobile', {
      'top bar': page.getByRole('banner'),
      'quality menu': menu,
    });
  });
});
