/**
 * Issue 12's resumable upload in Chromium: a creator uploads through the dialog on a slow line,
 * the line drops (every connection reset, new ones refused) when about half of the file has
 * reached the server, the dialog says
 * the upload will resume, and once the line is back the upload continues from the server's offset
 * (not from zero) and finishes; the video then plays on its watch page. Issue 22: a creator who
 * left the page mid-upload and chooses the same file again, with other words, goes on from what
 * the server holds, is told so, and the video takes the new words.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasBrowser,
  launchBrowser,
  screenshot,
  startServer,
  type BrowserSession,
  type RunningServer,
} from './harness.js';
import { signUpAndSignIn } from './accounts-api.js';
import { startFlakyLine, type FlakyLine } from './flaky-line.js';
import { fillUploadDialog, uploadedLink } from './upload-dialog.js';
import { makeTestMp4 } from './videos-fixtures.js';

const PASSWORD = 'resume-pass-123';
const creator = { fullName: 'Remy Resume', userName: 'remy.resume', email: 'remy@example.com' };
const TITLE = 'Upload that survived a dropped line';
/** Slow enough that "half way" lasts a few seconds (bytes per second). */
const SLOW_UPLOAD = 100 * 1024;

describe.skipIf(!hasBrowser)('resumable upload', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let clip: string;
  let longClip: string;
  let line: FlakyLine;

  beforeAll(async () => {
    // 6 s of test pattern: about half a megabyte, five seconds on the slow line.
    [server, clip, longClip] = await Promise.all([
      startServer(),
      makeTestMp4(),
      // About 1 MB, ten seconds on the slow line: the resume message stays long enough to see.
      makeTestMp4(12, '426x240'),
    ]);
    line = await startFlakyLine(new URL(server.url), SLOW_UPLOAD);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await line?.close();
    await server?.stop();
  });

  /** Bytes of the one upload in progress on the server's disk (0 before it exists). */
  async function bytesOnServer(): Promise<number> {
    const dir = path.join(server.dataDir, 'uploads');
    const names = (await readdir(dir).catch(() => [] as string[])).filter(
      (n) => !n.endsWith('.json'),
    );
    return names.length === 1 ? (await stat(path.join(dir, names[0]!))).size : 0;
  }

  it('an upload cut off at half way resumes from the server offset and finishes', async () => {
    const { context, page } = await browser.newPage();
    await signUpAndSignIn(context, server.url, creator, PASSWORD);
    const fileSize = (await stat(clip)).size;

    // Where each PATCH starts: the resumed one must start where the server stopped.
    const patchOffsets: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().includes('/api/v1/videos/uploads/')) {
        patchOffsets.push(Number(request.headers()['upload-offset']));
      }
    });
    // The page talks to the server through the line (cookies are per host, not per port).
    await page.goto(`${line.url}/Dashboard/Content`);
    const dialog = await fillUploadDialog(page, {
      clip,
      title: TITLE,
      description: 'Half of it went through before the line dropped.',
      tag: 'resume',
    });

    await dialog.getByRole('button', { name: 'Upload' }).click();
    const progress = page.getByRole('dialog', { name: 'Uploading Video' });
    await progress.waitFor();

    // Cut the line once about half of the file is on the server.
    await expect
      .poll(bytesOnServer, { timeout: 30_000, interval: 100 })
      .toBeGreaterThanOrEqual(fileSize * 0.45);
    line.drop();
    const notice = progress.getByRole('status');
    await notice.waitFor({ timeout: 15_000 });
    await expect(notice.textContent()).resolves.toBe(
      'Connection lost. The upload continues from where it stopped as soon as the connection is back.',
    );
    const received = await bytesOnServer();
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(fileSize);
    await screenshot(page, 'resumable-upload-offline', {
      'dialog title': progress.getByRole('heading', { name: 'Uploading Video' }),
      'connection notice': notice,
      'progress bar': progress.getByRole('progressbar'),
    });

    // Finished: the bar at 100 with the whole file counted, then the dialog closes by itself.
    const done = page.waitForFunction(
      () =>
        document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') === '100'
          ? document.querySelector('[data-testid="upload-bytes"]')?.textContent
          : null,
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    line.restore();
    const bytes = (await (await done).jsonValue()) as string;
    expect(bytes).toMatch(/^(\d+(\.\d)? (KB|MB)) of \1$/);
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // One PATCH from 0, and the resumed one from what the server held, not from 0 again.
    expect(patchOffsets[0]).toBe(0);
    const resumedFrom = patchOffsets.at(-1) ?? 0;
    expect(resumedFrom).toBeGreaterThanOrEqual(received);
    expect(resumedFrom).toBeLessThan(fileSize);
    // Nothing left in the resumable store once the video exists.
    expect(await bytesOnServer()).toBe(0);

    // The video is watchable: its page plays it.
    const href = (await uploadedLink(page, TITLE).getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/watch\//);
    await page.goto(`${line.url}${href}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await page.waitForFunction(
      () => (document.querySelector('video')?.currentTime ?? 0) > 0.5,
      undefined,
      { timeout: 20_000 },
    );
    const duration = await page.locator('video').evaluate((v: HTMLVideoElement) => v.duration);
    expect(Math.round(duration)).toBe(6);
    await context.close();
  });

  it('the same file chosen again after leaving the page resumes with the new words, and says so', async () => {
    const { context, page } = await browser.newPage();
    await signUpAndSignIn(
      context,
      server.url,
      { fullName: 'Rita Return', userName: 'rita.return', email: 'rita@example.com' },
      PASSWORD,
    );
    const fileSize = (await stat(longClip)).size;
    await page.goto(`${line.url}/Dashboard/Content`);
    const first = await fillUploadDialog(page, {
      clip: longClip,
      title: 'First words, never published',
      description: 'Typed before the tab was closed.',
      tag: 'draft',
    });
    await first.getByRole('button', { name: 'Upload' }).click();
    await expect
      .poll(bytesOnServer, { timeout: 30_000, interval: 100 })
      .toBeGreaterThanOrEqual(fileSize * 0.3);
    // The tab is closed mid-upload: nothing in the page runs to cancel it. Its connection is cut
    // with it: on loopback the kernel's buffers hold the whole rest of the file, which would
    // otherwise go on reaching the server after the close and finish the upload before the second
    // try (seen in CI on 2026-11-29 and 30: the notice then shows for a moment only).
    line.drop();
    await page.close();
    line.restore();
    const held = await bytesOnServer();
    expect(held).toBeLessThan(fileSize);

    const again = await context.newPage();
    const patchOffsets: number[] = [];
    again.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().includes('/api/v1/videos/uploads/')) {
        patchOffsets.push(Number(request.headers()['upload-offset']));
      }
    });
    await again.goto(`${line.url}/Dashboard/Content`);
    const NEW_TITLE = 'Chosen again with a better title';
    const dialog = await fillUploadDialog(again, {
      clip: longClip,
      title: NEW_TITLE,
      description: 'The words of the second try.',
      tag: 'final',
    });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    const progress = again.getByRole('dialog', { name: 'Uploading Video' });
    const notice = progress.getByRole('status').filter({ hasText: /^Resuming: / });
    await notice.waitFor({ timeout: 15_000 });
    await expect(notice.textContent()).resolves.toMatch(
      /^Resuming: \d+(\.\d)? (KB|MB) of \d+(\.\d)? (KB|MB) already sent$/,
    );
    const keyElements = {
      'dialog title': progress.getByRole('heading', { name: 'Uploading Video' }),
      'resume notice': notice,
      'progress bar': progress.getByRole('progressbar'),
    };
    await screenshot(again, 'upload-resuming-desktop', keyElements);
    await again.setViewportSize({ width: 390, height: 844 });
    // The side menu and grid re-lay out for the phone width after the resize.
    await again.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth);
    await screenshot(again, 'upload-resuming-phone', keyElements);

    // Only the rest travelled: the first PATCH of this page starts at what the server held.
    await progress.waitFor({ state: 'detached', timeout: 60_000 });
    expect(patchOffsets[0]).toBeGreaterThanOrEqual(held);
    expect(await bytesOnServer()).toBe(0);
    // One video, with the words of the second try.
    const mine = await again.request.get(`${line.url}/api/v1/videos/user`);
    const titles = (
      (await mine.json()) as { data: { videos: { title: string }[] } }
    ).data.videos.map((v) => v.title);
    expect(titles).toEqual([NEW_TITLE]);
    await context.close();
  });
});
