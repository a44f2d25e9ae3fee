/**
 * Issue 34, captions and the embed, in Chromium: the creator uploads English captions in the
 * edit dialog's Captions section; a viewer turns CC on and the cue is shown over the picture
 * (its text drawn over the picture, above the control bar, inside the player); the choice is remembered on the
 * next video page. Share's Embed gives the <iframe> code, which a page on another origin (a
 * second local server, on `localhost`, another site than the app's 127.0.0.1) uses to play the
 * video, captions included, without signing in. Screenshots studio-captions-* and studio-embed-*
 * at 1280 and 390 px, each after a layout check.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Frame, Page } from 'playwright-core';
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

const PASSWORD = 'captions-journey-pass-123';
const TITLE = 'Colour bars with captions';
const CUE = 'Hello from the captions journey';
const VTT = `WEBVTT\n\n00:00:00.000 --> 00:00:19.000\n${CUE}\n`;

/**
 * The language of the track the player turned on (hidden: the player draws its cues itself) and
 * the cue text drawn over the picture, in the page's player.
 */
const shownCues = (where: Page | Frame) =>
  where.getByTestId('player').evaluate((player: HTMLElement) => {
    const v = player.querySelector('video')!;
    const track = Array.from(v.textTracks).find((t) => t.mode !== 'disabled');
    const drawn = player.querySelector('[data-testid="caption-cues"]');
    return {
      language: track?.language ?? null,
      cues: Array.from(drawn?.children ?? []).map((line) => line.textContent),
      time: v.currentTime,
    };
  });

/** Waits until the cue's text is drawn over the picture, inside the player's box. */
async function cueOnScreen(where: Page | Frame) {
  const drawn = where.getByTestId('caption-cues').getByText(CUE, { exact: true });
  await drawn.waitFor({ state: 'visible', timeout: 30_000 });
  const [cue, player] = await Promise.all([
    drawn.boundingBox(),
    where.getByTestId('player').boundingBox(),
  ]);
  expect(cue && player && cue.y >= player.y && cue.y + cue.height <= player.y + player.height).toBe(
    true,
  );
}

describe.skipIf(!hasBrowser)('studio: captions and the embed', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let creator: BrowserContext;
  let page: Page;
  let videoId: string;
  let elsewhere: Server;
  let hostPage = '';
  let embedCode = '';

  beforeAll(async () => {
    let clip: string;
    [server, clip] = await Promise.all([startServer(), makeTestMp4(20)]);
    browser = await launchBrowser();
    ({ context: creator, page } = await browser.newPage(VIEWPORTS.desktop));
    await creator.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await signUpAndSignIn(creator, server.url, freshUser('cap'), PASSWORD);
    videoId = await uploadVideoByApi(creator, server.url, { clip, title: TITLE });
    // Another site: serves whatever page the test gives it, on localhost (the app is 127.0.0.1).
    elsewhere = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(hostPage);
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, resolve));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => elsewhere?.close(resolve));
  });

  it('uploads captions in the edit dialog', async () => {
    await page.goto(`${server.url}/Dashboard/Content`);
    await page.getByRole('listitem', { name: TITLE }).getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit video' });
    const section = edit.getByRole('group', { name: 'Captions' });
    await section.getByText('No captions yet.').waitFor();
    await section.getByLabel('Language code').fill('en');
    await section.getByLabel('Caption file (WebVTT or SubRip, up to 512 kB)').setInputFiles({
      name: 'english.vtt',
      mimeType: 'text/vtt',
      buffer: Buffer.from(VTT),
    });
    await section.getByRole('button', { name: 'Upload captions' }).click();
    await section.getByRole('status').getByText('Captions saved.').waitFor();
    await section.getByText('English (en)').waitFor();
    await dialogSettled(page);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'studio-captions-edit-desktop', {
      'captions list': section.getByText('English (en)'),
      'upload button': section.getByRole('button', { name: 'Upload captions' }),
    });
    // A file with markup is refused with the server's reason, and nothing is added.
    await section.getByLabel('Language code').fill('fr');
    await section.getByLabel('Caption file (WebVTT or SubRip, up to 512 kB)').setInputFiles({
      name: 'french.srt',
      mimeType: 'application/x-subrip',
      buffer: Buffer.from('1\n00:00:01,000 --> 00:00:02,000\n<script>alert(1)</script>\n'),
    });
    await section.getByRole('button', { name: 'Upload captions' }).click();
    await section
      .getByRole('alert')
      .getByText('Cue 1: the tag <script> is not allowed in captions', { exact: false })
      .waitFor();
    expect(await section.getByRole('listitem').count()).toBe(1);
  });

  it('plays with CC on and the cue on screen; the choice is remembered', async () => {
    await page.goto(`${server.url}/watch/${videoId}`);
    const cc = page.getByRole('button', { name: 'Subtitles/closed captions (c)' });
    await cc.waitFor();
    expect(await cc.getAttribute('aria-pressed')).toBe('false');
    await page
      .getByTestId('player')
      .click({ position: { x: 5, y: 5 } })
      .catch(() => undefined);
    await page.keyboard.press('c');
    await expect.poll(() => cc.getAttribute('aria-pressed')).toBe('true');
    await cueOnScreen(page);
    expect(await shownCues(page)).toMatchObject({ language: 'en', cues: [CUE] });
    await page.getByTestId('player').hover();
    await screenshot(page, 'studio-captions-cc-desktop', {
      'CC button': cc,
      'subtitles menu': page.getByRole('button', { name: 'Subtitles: English' }),
    });
    // The language menu: Off, then English again.
    await page.getByRole('button', { name: 'Subtitles: English' }).click();
    await page.getByRole('menuitemradio', { name: 'Off' }).click();
    await expect.poll(async () => (await shownCues(page)).language).toBeNull();
    await page.getByRole('button', { name: 'Subtitles: Off' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await cueOnScreen(page);

    // Remembered per browser: a phone-sized page of the same browser context shows them at once.
    const phone = await phonePageOf(browser, creator);
    await phone.page.goto(`${server.url}/watch/${videoId}`);
    await phone.page.evaluate(
      (prefs) => localStorage.setItem('vidtube.player', prefs),
      await page.evaluate(() => localStorage.getItem('vidtube.player') ?? '{}'),
    );
    await phone.page.reload();
    await cueOnScreen(phone.page);
    await phone.page.getByTestId('player').hover();
    await screenshot(phone.page, 'studio-captions-cc-phone', {
      'CC button': phone.page.getByRole('button', { name: 'Subtitles/closed captions (c)' }),
      'subtitles menu': phone.page.getByRole('button', { name: 'Subtitles: English' }),
    });
    await phone.context.close();
  });

  it("Share's Embed code plays the video on a page of another origin, signed out", async () => {
    await page.goto(`${server.url}/watch/${videoId}`);
    await page.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share' });
    await share.getByRole('button', { name: 'Embed' }).click();
    embedCode = await share.getByLabel('Embed code').inputValue();
    expect(embedCode).toMatch(
      new RegExp(`^<iframe width="560" height="315" src="${server.url}/embed/${videoId}" `),
    );
    await dialogSettled(page);
    await screenshot(page, 'studio-embed-share-desktop', {
      'embed code': share.getByLabel('Embed code'),
      copy: share.getByRole('button', { name: 'Copy' }),
    });
    await share.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Embed code copied to clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(embedCode);

    const port = (elsewhere.address() as AddressInfo).port;
    hostPage = `<!doctype html><html><head><title>A blog</title><meta name="viewport" content="width=device-width"><style>iframe { max-width: 100%; height: auto; aspect-ratio: 16 / 9; }</style></head><body style="font-family:sans-serif">
      <h1>A blog post with a video</h1>${embedCode}<p>Text after the video.</p></body></html>`;
    for (const [name, viewport] of [
      ['desktop', VIEWPORTS.desktop],
      ['phone', VIEWPORTS.mobile],
    ] as const) {
      const visitor = await browser.newPage(viewport);
      await visitor.page.goto(`http://localhost:${port}/`);
      const frameElement = visitor.page.locator('iframe');
      await frameElement.waitFor();
      const frame = (await (await frameElement.elementHandle()).contentFrame())!;
      await frame.getByRole('link', { name: TITLE }).waitFor();
      await frame.waitForFunction(
        () => (document.querySelector('video')?.currentTime ?? 0) > 0.5,
        null,
        {
          timeout: 30_000,
        },
      );
      // The visitor turns captions on in the frame (its storage is the other site's: nothing
      // remembered there when the browser blocks a third party's storage, as Chromium here does).
      await frame.getByRole('button', { name: 'Subtitles/closed captions (c)' }).click();
      await cueOnScreen(frame);
      await screenshot(visitor.page, `studio-embed-${name}`, {
        heading: visitor.page.getByRole('heading', { name: 'A blog post with a video' }),
        'embedded player': frameElement,
      });
      await visitor.context.close();
    }
  });

  it('the watch page itself refuses to be framed by another origin', async () => {
    const port = (elsewhere.address() as AddressInfo).port;
    hostPage = `<!doctype html><iframe src="${server.url}/watch/${videoId}"></iframe>`;
    const visitor = await browser.newPage(VIEWPORTS.desktop);
    const refused = new Promise<boolean>((resolve) => {
      visitor.page.on('console', (m) => {
        if (/frame-ancestors|X-Frame-Options|refused to display/i.test(m.text())) resolve(true);
      });
    });
    await visitor.page.goto(`http://localhost:${port}/`);
    expect(await refused).toBe(true);
    await visitor.context.close();
  });
});
