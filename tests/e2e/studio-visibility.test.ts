/**
 * Issue 34's visibility and schedule in Chromium. A creator schedules a video two seconds ahead:
 * the publication job makes it public then, and the subscriber's bell counts it live and the
 * subscriptions feed lists it. The creator's edit dialog schedules another for tomorrow in their
 * own time zone, and the dashboard row says "Scheduled · <date time>". An unlisted video plays
 * from its link, with its badge, while home, search and the channel's tab leave it out.
 * Screenshots `studio-visibility-*-{desktop,phone}` after a layout check.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { freshUser, signUpAndSignIn } from './accounts-api.js';
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
import { uniqueWord } from './videos-api.js';
import { makeTestMp4 } from './videos-fixtures.js';

const PASSWORD = 'correct horse battery';

describe.skipIf(!hasBrowser)('studio: visibility and schedule', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let clip: string;
  let viewer: { context: BrowserContext; page: Page };
  let creator: { context: BrowserContext; page: Page };
  const creatorUser = freshUser('studio');
  let creatorId: string;

  /** POST /videos as the creator with a visibility; returns the id. */
  const uploadAs = async (title: string, fields: Record<string, string>) => {
    const upload = await creator.context.request.post(`${server.url}/api/v1/videos`, {
      multipart: {
        title,
        description: `${title}: colour bars and a tone.`,
        tags: JSON.stringify(['e2e']),
        ...fields,
        videoFile: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: await readFile(clip) },
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    return ((await upload.json()) as { data: { _id: string } }).data._id;
  };

  beforeAll(async () => {
    [server, clip] = await Promise.all([startServer(), makeTestMp4()]);
    browser = await launchBrowser();
    viewer = await browser.newPage(VIEWPORTS.desktop);
    creator = await browser.newPage(VIEWPORTS.desktop);
    await signUpAndSignIn(viewer.context, server.url, freshUser('fan'), PASSWORD);
    await signUpAndSignIn(creator.context, server.url, creatorUser, PASSWORD);
    const me = await creator.context.request.get(`${server.url}/api/v1/users/current-user`);
    creatorId = ((await me.json()) as { data: { _id: string } }).data._id;
    const subscribed = await viewer.context.request.post(
      `${server.url}/api/v1/subscriptions/c/${creatorId}`,
    );
    expect(subscribed.status()).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('publishes a video scheduled two seconds ahead: the bell counts it and the feed lists it', async () => {
    const title = `Premiere ${uniqueWord('soon')}`;
    const id = await uploadAs(title, { visibility: 'private' });
    const { page } = viewer;
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await page.locator('[data-live="live"]').waitFor();

    const publishAt = new Date(Date.now() + 2_000).toISOString();
    const scheduled = await creator.context.request.patch(
      `${server.url}/api/v1/videos/${id}/visibility`,
      { data: { visibility: 'private', publishAt } },
    );
    expect(scheduled.status(), await scheduled.text()).toBe(200);
    // Nothing yet: the video is private until its time.
    const before = await viewer.context.request.get(`${server.url}/api/v1/videos/${id}`);
    expect(before.status()).toBe(404);

    // The job publishes it at its time; the bell hears it live, without a reload.
    await page
      .getByRole('button', { name: 'Notifications, 1 unread' })
      .waitFor({ timeout: 20_000 });
    await page.goto(`${server.url}/Subscriptions/videos`);
    const first = page.getByRole('article').first();
    await first.waitFor();
    await expect(first.innerText()).resolves.toContain(title);
  });

  it('schedules from the edit dialog in the viewer’s zone and the row says so', async () => {
    const title = `Tomorrow ${uniqueWord('show')}`;
    await uploadAs(title, { visibility: 'unlisted' });
    const { page } = creator;
    await page.goto(`${server.url}/Dashboard/Content`);
    const row = page.getByRole('listitem', { name: title });
    await row.getByText('Unlisted', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit video' });
    await dialogSettled(page);
    await dialog.getByRole('radio', { name: 'Private' }).check();
    await dialog.getByRole('checkbox', { name: 'Schedule' }).check();
    const at = dialog.getByLabel('Publish at');
    // The proposal: the next full hour a day ahead, in this browser's zone.
    await expect(at.inputValue()).resolves.toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00$/);
    const zone = dialog.getByText(/Your time zone:/);
    await dialog.getByText('Visibility').scrollIntoViewIfNeeded();
    await zone.waitFor();
    await screenshot(page, 'studio-visibility-dialog-desktop', {
      visibility: dialog.getByRole('group', { name: 'Visibility' }),
    });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText(/^Scheduled · /).waitFor();
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByRole('button', { name: 'Publish' }).count()).resolves.toBe(1);
    await screenshot(page, 'studio-visibility-dashboard-desktop', { row });

    const phone = await phonePageOf(browser, creator.context);
    await phone.page.goto(`${server.url}/Dashboard/Content`);
    const phoneRow = phone.page.getByRole('listitem', { name: title });
    await phoneRow.getByText(/^Scheduled · /).waitFor();
    await phoneRow.scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'studio-visibility-dashboard-phone', { row: phoneRow });
    await phoneRow.getByRole('button', { name: 'Edit' }).click();
    const phoneDialog = phone.page.getByRole('dialog', { name: 'Edit video' });
    await dialogSettled(phone.page);
    const group = phoneDialog.getByRole('group', { name: 'Visibility' });
    await group.scrollIntoViewIfNeeded();
    await expect(phoneDialog.getByRole('checkbox', { name: 'Schedule' }).isChecked()).resolves.toBe(
      true,
    );
    await screenshot(phone.page, 'studio-visibility-dialog-phone', { visibility: group });
    await phone.context.close();
  });

  it('plays an unlisted video from its link while no list shows it', async () => {
    const word = uniqueWord('linkonly');
    const title = `Only by link ${word}`;
    const id = await uploadAs(title, { visibility: 'unlisted' });
    const { page } = viewer;
    await page.goto(`${server.url}/watch/${id}`);
    await page.getByRole('heading', { name: title }).waitFor();
    const badge = page.getByLabel('Visibility: Unlisted');
    await badge.waitFor();
    // It plays: the element advances past its start.
    await page.waitForFunction(() => {
      const video = document.querySelector('video');
      return video !== null && video.currentTime > 0.2;
    });
    await screenshot(page, 'studio-visibility-unlisted-desktop', {
      badge,
      title: page.getByRole('heading', { name: title }),
    });
    const phone = await phonePageOf(browser, viewer.context);
    await phone.page.goto(`${server.url}/watch/${id}`);
    const phoneBadge = phone.page.getByLabel('Visibility: Unlisted');
    await phoneBadge.waitFor();
    await screenshot(phone.page, 'studio-visibility-unlisted-phone', {
      badge: phoneBadge,
      title: phone.page.getByRole('heading', { name: title }),
    });
    await phone.context.close();

    // Home, search and the channel's tab: the lists as a viewer sees them, without it.
    await page.goto(server.url);
    await page.getByRole('article').first().waitFor();
    await expect(page.getByText(title).count()).resolves.toBe(0);
    await page.goto(`${server.url}/search?query=${word}`);
    await page.getByText(`No videos found for “${word}”`).waitFor();
    await expect(page.getByText(title).count()).resolves.toBe(0);
    await page.goto(`${server.url}/Channel/${encodeURIComponent(creatorUser.userName)}`);
    await page.getByRole('article').first().waitFor();
    await expect(page.getByText(title).count()).resolves.toBe(0);
  });
});
