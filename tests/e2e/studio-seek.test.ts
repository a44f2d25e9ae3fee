/**
 * Issue 34 (S) in Chromium: a description with chapters shows marks on the seek bar, the current
 * chapter beside the time and a chapter list; a timestamp link in the description seeks the
 * player; hovering the bar shows the preview tile of that moment (the media job's sprite); the
 * analytics page of a watched video, reached from the dashboard row, draws a retention curve
 * (screenshotted under reduced motion: drawn complete at once). At 390 px the preview tile and the
 * resume notice ("Start over") do not overlap. Screenshots at 1280 and 390 px, each after a
 * layout check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
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

const PASSWORD = 'studio-seek-pass-123';
const TITLE = 'Knife skills in three parts';
const DESCRIPTION = [
  'Three cuts, one knife. The dicing starts at 0:15.',
  '',
  '0:00 Holding the knife',
  '0:10 Slicing',
  '0:20 Dicing',
].join('\n');

describe.skipIf(!hasBrowser)('chapters, seek previews and video analytics', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let creator: BrowserContext;
  let page: Page;
  let videoId: string;

  const api = (path: string) => `${server.url}/api/v1${path}`;

  beforeAll(async () => {
    let clip: string;
    [server, clip] = await Promise.all([startServer(), makeTestMp4(30)]);
    browser = await launchBrowser();
    ({ context: creator, page } = await browser.newPage(VIEWPORTS.desktop));
    await signUpAndSignIn(creator, server.url, freshUser('chef'), PASSWORD);
    videoId = await uploadVideoByApi(creator, server.url, {
      clip,
      title: TITLE,
      description: DESCRIPTION,
      tags: ['cooking'],
    });
    // The media job makes the renditions, then the seek previews.
    const deadline = Date.now() + 120_000;
    for (;;) {
      const res = await creator.request.get(api(`/videos/${videoId}`));
      const data = ((await res.json()) as { data: { seekPreviews?: string | null } }).data;
      if (data.seekPreviews) break;
      if (Date.now() > deadline) throw new Error('no seek previews within 120 s');
      await new Promise((r) => setTimeout(r, 500));
    }
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  type Box = { x: number; y: number; width: number; height: number };
  const intersects = (a: Box, b: Box) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  /** Hovers the seek bar at `fraction` of its width. */
  async function hoverBar(p: Page, fraction: number) {
    const controls = p.getByTestId('player-controls');
    await p.getByTestId('player').hover();
    await controls.waitFor();
    const box = (await p.getByTestId('seek-bar').boundingBox())!;
    await p.mouse.move(box.x + box.width * fraction, box.y + box.height / 2);
  }

  it('shows chapter marks, the chapter list and the current chapter; a timestamp link seeks', async () => {
    await page.goto(`${server.url}/watch/${videoId}`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    await page.locator('video').evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      v.pause();
    });
    const list = page.getByTestId('chapter-list');
    await expect
      .poll(() => list.getByRole('button').allTextContents())
      .toEqual(['0:00Holding the knife', '0:10Slicing', '0:20Dicing']);
    expect(await page.getByTestId('chapter-mark').count()).toBe(2);

    await page.getByTestId('timestamp-link').filter({ hasText: '0:15' }).click();
    await page.waitForFunction(() => {
      const t = document.querySelector('video')?.currentTime ?? 0;
      return t >= 15 && t < 20;
    });
    await expect.poll(() => page.getByTestId('current-chapter').textContent()).toContain('Slicing');

    await list.getByRole('button', { name: /Dicing/ }).click();
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) >= 20);
    await expect.poll(() => page.getByTestId('current-chapter').textContent()).toContain('Dicing');
  });

  it('shows the preview tile of the moment under the pointer', async () => {
    await page.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
    await hoverBar(page, 0.52);
    const preview = page.getByTestId('seek-preview');
    await preview.waitFor();
    const style = await preview.evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(style).toMatch(/previews\.jpg/);
    // 52 % of 30 s is 15.6 s: with one tile a second and ten a row, tile 15 is row 1, column 5.
    const position = await preview.evaluate((el) => (el as HTMLElement).style.backgroundPosition);
    expect(position).toBe('-800px -90px');
    // The preview lies over the picture, so the player itself is not a separate key element.
    await screenshot(page, 'studio-seek-desktop', { preview });
  });

  it("draws the retention curve of a watched video on its analytics page, from the row's Analytics", async () => {
    // The player's progress reports (PUT /videos/{id}/progress), as a viewer who watched 25 s.
    for (let s = 5; s <= 25; s += 5) {
      const res = await creator.request.put(api(`/videos/${videoId}/progress`), {
        data: { seconds: s },
      });
      expect(res.status()).toBe(200);
    }
    // Charts grow into place; a viewer who asks for reduced motion gets them drawn at once, so
    // the screenshot below holds the whole curve, never a frame of its growth.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${server.url}/Dashboard/Content`);
    await page.getByRole('link', { name: 'Analytics' }).first().click();
    await page.waitForURL(`**/Dashboard/Content/Videos/${videoId}/Analytics`);
    const retention = page.getByRole('img', { name: /Audience retention/ });
    await retention.waitFor();
    await expect.poll(() => page.getByLabel('Totals').textContent()).toMatch(/Views\s*[1-9]/);
    await retention.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'studio-analytics-desktop', { retention });
  });

  it('keeps all of it at phone width', async () => {
    const phone = await phonePageOf(browser, creator);
    await phone.page.goto(`${server.url}/watch/${videoId}`);
    await phone.page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await phone.page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    await phone.page.locator('video').evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      v.pause();
    });
    // The creator watched 25 s (the test before): the page resumes there and says so.
    const notice = phone.page.getByTestId('resume-notice');
    await notice.getByRole('button', { name: 'Start over' }).waitFor();
    // Near the start of the bar, under the notice's left edge: the tile must not cover it.
    await hoverBar(phone.page, 0.1);
    const preview = phone.page.getByTestId('seek-preview');
    await preview.waitFor();
    const [tile, box] = [await preview.boundingBox(), await notice.boundingBox()];
    console.log('phone seek preview', JSON.stringify({ tile, notice: box }));
    expect(intersects(tile!, box!)).toBe(false);
    await screenshot(phone.page, 'studio-seek-phone', { preview });
    await phone.page.emulateMedia({ reducedMotion: 'reduce' });
    await phone.page.goto(`${server.url}/Dashboard/Content/Videos/${videoId}/Analytics`);
    const retention = phone.page.getByRole('img', { name: /Audience retention/ });
    await retention.waitFor();
    await retention.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(phone.page, 'studio-analytics-phone', { retention });
    await phone.context.close();
  });
});
