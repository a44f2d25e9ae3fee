/**
 * Issue 23's bell in Chromium: user A subscribes to B; B uploads; A's bell count rises without a
 * reload (Server-Sent Events), while the panel's code waits for the first sign of intent (the
 * pointer over the bell); the panel lists the upload and its entry opens the video; the
 * subscriptions feed shows B's new video first; B's comment on a video both are watching appears
 * on A's page without a reload. Screenshots of the panel at desktop width and of the
 * /notifications page the bell opens on phones, each after a layout check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { freshUser, signUpAndSignIn } from './accounts-api.js';
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
import { uploadVideoByApi, uniqueWord } from './videos-api.js';
import { makeTestMp4 } from './videos-fixtures.js';

const PASSWORD = 'correct horse battery';

describe.skipIf(!hasBrowser)('the bell', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let clip: string;
  let viewer: { context: BrowserContext; page: Page };
  let creator: { context: BrowserContext; page: Page };
  const creatorUser = freshUser('creator');
  const title = `Bell ${uniqueWord('live')}`;
  let videoId: string;

  beforeAll(async () => {
    [server, clip] = await Promise.all([startServer(), makeTestMp4()]);
    browser = await launchBrowser();
    viewer = await browser.newPage(VIEWPORTS.desktop);
    creator = await browser.newPage(VIEWPORTS.desktop);
    await signUpAndSignIn(viewer.context, server.url, freshUser('viewer'), PASSWORD);
    await signUpAndSignIn(creator.context, server.url, creatorUser, PASSWORD);
    const me = await creator.context.request.get(`${server.url}/api/v1/users/current-user`);
    const creatorId = ((await me.json()) as { data: { _id: string } }).data._id;
    const subscribed = await viewer.context.request.post(
      `${server.url}/api/v1/subscriptions/c/${creatorId}`,
    );
    expect(subscribed.status()).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("counts the subscribed channel's upload live, and the entry opens the video", async () => {
    const { page } = viewer;
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    const panelCode = () => scripts.filter((s) => /notification-(panel|popover)/.test(s));
    await page.goto(server.url);
    const quietBell = page.getByRole('button', { name: 'Notifications', exact: true });
    await quietBell.waitFor();
    // Live before the upload: the bell's connection says so.
    await page.locator('[data-live="live"]').waitFor();

    videoId = await uploadVideoByApi(creator.context, server.url, { clip, title });

    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor({ timeout: 10_000 });
    await expect(
      page.getByRole('status').filter({ hasText: '1 unread notifications' }).count(),
    ).resolves.toBe(1);
    // The count is live; the panel's machine, list and calls are not downloaded yet.
    expect(panelCode()).toEqual([]);

    const panelLoaded = page.waitForResponse((r) => /notification-popover/.test(r.url()));
    await bell.hover();
    await panelLoaded;
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const entry = panel.getByRole('link', { name: new RegExp(`uploaded “${title}”`) });
    await entry.waitFor();
    // Opening marked it seen: the badge is gone, the entry still looks new in this opening.
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await screenshot(page, 'bell-panel-desktop', {
      'top bar': page.getByRole('banner'),
      panel,
    });

    await entry.click();
    await page.waitForURL(`**/watch/${videoId}`);
    await expect(panel.count()).resolves.toBe(0);
    await page.getByRole('heading', { name: title }).waitFor();
  });

  it("lists the new video first in the subscriptions feed, and on Library's shelf", async () => {
    const { page } = viewer;
    await page.goto(`${server.url}/Subscriptions/videos`);
    const first = page.getByRole('article').first();
    await first.waitFor();
    await expect(first.innerText()).resolves.toContain(title);
    // The spec's channel list is the other tab, as it was.
    await page.getByRole('link', { name: 'Channels' }).click();
    await page.getByRole('button', { name: 'Unsubscribe' }).waitFor();

    await page.goto(`${server.url}/collections`);
    const shelf = page.getByRole('region', { name: 'Latest from your subscriptions' });
    await expect(shelf.getByRole('article').first().innerText()).resolves.toContain(title);
  });

  it('opens the notifications page from the bell on a phone', async () => {
    const phone = await phonePageOf(browser, viewer.context);
    const { page } = phone;
    await page.goto(server.url);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.waitForURL('**/notifications');
    const list = page.getByRole('list', { name: 'Notifications' });
    await list.getByRole('link', { name: new RegExp(title) }).waitFor();
    await screenshot(page, 'bell-panel-phone', {
      'top bar': page.getByRole('banner'),
      list,
    });
    await page.getByRole('button', { name: 'Notification settings' }).click();
    const comments = page.getByRole('switch', { name: 'Comments on my videos' });
    await comments.waitFor();
    await expect(comments.isChecked()).resolves.toBe(true);
    await screenshot(page, 'bell-settings-phone', {
      'top bar': page.getByRole('banner'),
      settings: page.getByRole('list', { name: 'Notification settings' }),
    });
    await phone.context.close();
  });

  it('shows a comment to another viewer of the same watch page, without a reload', async () => {
    const id = await uploadVideoByApi(creator.context, server.url, {
      clip,
      title: `Live comments ${uniqueWord('talk')}`,
    });
    // Both open the video; each page's stream watches it (its answer has begun) before anyone writes.
    await Promise.all(
      [viewer.page, creator.page].map(async (page) => {
        const watching = page.waitForResponse((r) => r.url().includes(`/events?video=${id}`));
        await page.goto(`${server.url}/watch/${id}`);
        await watching;
        await page.getByText('No comments yet.').waitFor();
      }),
    );
    // Gone if the viewer's page reloads.
    await viewer.page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));

    const text = `Live from the creator ${uniqueWord('hello')}`;
    await creator.page.getByLabel('Add a comment').fill(text);
    // The write is answered first, so that the ten seconds below are the delivery's alone, not
    // the write's as well (the wait ran out once at load 10; how long the write took is unknown).
    const posted = creator.page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith(`/api/v1/comments/${id}`),
    );
    await creator.page.getByRole('button', { name: 'Comment', exact: true }).click();
    expect((await posted).status()).toBe(201);

    await viewer.page.getByText(text).waitFor({ timeout: 10_000 });
    await expect(
      viewer.page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument),
    ).resolves.toBe(true);
    await viewer.page.getByRole('heading', { name: '1 Comment' }).waitFor();
  });
});
