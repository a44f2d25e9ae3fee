/**
 * Issue 12's journey in Chromium on a fresh DATA_DIR: a creator uploads a 720p clip through the
 * API; the dashboard row says "Processing…" with a percentage, then (polled) a toast says it is
 * ready. The watch page then plays HLS with hls.js (the master playlist and fMP4 segments are
 * requested, time advances) and the quality menu switches rendition (that rendition's segments
 * are requested). Screenshots of the processing row and of the watch page with the menu open at
 * 1280×800 and 390×844.
 */
import { readFile } from 'node:fs/promises';
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
import { makeTestMp4 } from './videos-fixtures.js';

const PASSWORD = 'hls-journey-pass-123';
const creator = { fullName: 'Hana HLS', userName: 'hana.hls', email: 'hana@example.com' };
const TITLE = 'Harbour lights in adaptive streaming';

describe.skipIf(!hasBrowser)('adaptive streaming journey', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let context: BrowserContext;
  let page: Page;
  let videoId = '';

  beforeAll(async () => {
    // 12 s at 720p: long enough that the conversion is still running when the dashboard opens.
    const [started, clip] = await Promise.all([startServer(), makeTestMp4(12, '1280x720')]);
    server = started;
    browser = await launchBrowser();
    ({ context, page } = await browser.newPage(VIEWPORTS.desktop));
    const register = await context.request.post(`${server.url}/api/v1/users/register`, {
      multipart: { ...creator, password: PASSWORD },
    });
    expect(register.status(), await register.text()).toBe(201);
    const login = await context.request.post(`${server.url}/api/v1/users/login`, {
      data: { userName: creator.userName, email: creator.email, password: PASSWORD },
    });
    expect(login.status(), await login.text()).toBe(200);
    const upload = await context.request.post(`${server.url}/api/v1/videos`, {
      multipart: {
        title: TITLE,
        description: 'Converted to HLS in the background',
        tags: JSON.stringify(['harbour']),
        videoFile: { name: 'harbour.mp4', mimeType: 'video/mp4', buffer: await readFile(clip) },
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    videoId = ((await upload.json()) as { data: { _id: string } }).data._id;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows Processing… on the dashboard row, then toasts that the video is ready', async () => {
    await page.goto(`${server.url}/Dashboard/Content`);
    const row = page.getByRole('listitem', { name: TITLE });
    await expect
      .poll(() => row.getByRole('status').textContent(), { timeout: 20_000 })
      .toMatch(/^Processing… \d{1,3}%$/);
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'hls-dashboard-processing-desktop');
    const phone = await phonePageOf(browser, context);
    await phone.page.goto(`${server.url}/Dashboard/Content`);
    const phoneRow = phone.page.getByRole('listitem', { name: TITLE });
    await phoneRow.getByRole('status').waitFor();
    await phoneRow.scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'hls-dashboard-processing-mobile');
    await phone.context.close();

    await page.getByText(`Your video “${TITLE}” is ready in 720p`).waitFor({ timeout: 150_000 });
    expect(await row.getByRole('status').count()).toBe(0);
  }, 180_000);

  it('plays HLS with hls.js and switches rendition from the quality menu', async () => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(`${server.url}/watch/${videoId}`);
    const video = page.getByLabel(`Video: ${TITLE}`);
    await expect.poll(() => video.getAttribute('data-source')).toBe('hlsjs');
    await page.waitForFunction(
      () => (document.querySelector('video')?.currentTime ?? 0) > 1,
      undefined,
      { timeout: 30_000 },
    );
    expect(requested.some((p) => p.endsWith('.m3u8'))).toBe(true);
    expect(requested.some((p) => p.endsWith('.m4s'))).toBe(true);
    // The MP4 is not what plays.
    expect(requested.some((p) => p.endsWith('.mp4') && p.startsWith('/media/videos/'))).toBe(false);

    await page.getByRole('button', { name: 'Quality: Auto' }).click();
    const menu = page.getByRole('menu', { name: 'Quality' });
    expect(await menu.getByRole('menuitemradio').allTextContents()).toEqual([
      'Auto✓',
      '720p',
      '480p',
    ]);
    await screenshot(page, 'hls-watch-quality-menu-desktop');

    const before = requested.length;
    await menu.getByRole('menuitemradio', { name: '480p' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Quality: 480p' }).count()).toBe(1);
    await expect
      .poll(() => requested.slice(before).some((p) => /-480p-\d{5}\.m4s$/.test(p)), {
        timeout: 20_000,
      })
      .toBe(true);
    const at = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await page.waitForFunction(
      (t) => (document.querySelector('video')?.currentTime ?? 0) > t + 0.5,
      at,
      { timeout: 20_000 },
    );

    const phone = await phonePageOf(browser, context);
    await phone.page.goto(`${server.url}/watch/${videoId}`);
    await phone.page.getByRole('button', { name: 'Quality: Auto' }).click();
    await phone.page.getByRole('menu', { name: 'Quality' }).waitFor();
    await screenshot(phone.page, 'hls-watch-quality-menu-mobile');
    await phone.context.close();
  }, 120_000);
});
