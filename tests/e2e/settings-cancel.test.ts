/**
 * Settings Cancel in Chromium (issue 29): typed text goes back to the saved values once the
 * cancel is confirmed, on both settings forms, also after a save.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  hasBrowser,
  launchBrowser,
  startServer,
  VIEWPORTS,
  type BrowserSession,
  type RunningServer,
} from './harness.js';
import { freshUser, signUpAndSignIn, type E2eUser } from './accounts-api.js';

describe.skipIf(!hasBrowser)('settings Cancel', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let page: Page;
  let user: E2eUser;

  const cancelAndDiscard = async () => {
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    let context;
    ({ context, page } = await browser.newPage(VIEWPORTS.desktop));
    user = freshUser('canceller');
    await signUpAndSignIn(context, server.url, user, 'settings-cancel-pass-123');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('restores the saved name and email', async () => {
    await page.goto(`${server.url}/Setting/ChangeInfo`);
    const name = page.getByLabel('Full name');
    const email = page.getByLabel('Email', { exact: true });
    await expect.poll(() => name.inputValue()).toBe(user.fullName);
    await name.fill('Somebody Else');
    await email.fill('else@example.com');
    await cancelAndDiscard();
    expect(await name.inputValue()).toBe(user.fullName);
    expect(await email.inputValue()).toBe(user.email);

    await name.fill('Saved Name');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Personal information updated successfully').first().waitFor();
    await name.fill('Typed After Saving');
    await cancelAndDiscard();
    expect(await name.inputValue()).toBe('Saved Name');
  });

  it('empties the password fields', async () => {
    await page.goto(`${server.url}/Setting/ChangePassword`);
    await page.getByLabel('Current password').fill('whatever-i-typed');
    await cancelAndDiscard();
    expect(await page.getByLabel('Current password').inputValue()).toBe('');
  });
});
