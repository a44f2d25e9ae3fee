/**
 * Issue 32 in Chromium: Settings → Devices with two browser contexts (one signs the other out,
 * whose next request is refused), and two-step sign-in turned on with a code computed here with
 * otpauth, then signing in with a code and with a recovery code. Screenshots of each new screen
 * at 1280 and 390 px (test-results/screenshots, and DEVICES_SHOTS when set).
 */
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { authenticatorCode } from '../support/authenticator.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshUser, signIn, signUpAndSignIn, type E2eUser } from './accounts-api.js';
import {
  hasBrowser,
  launchBrowser,
  screenshot,
  startServer,
  VIEWPORTS,
  type BrowserSession,
  type RunningServer,
} from './harness.js';
import type { KeyElements } from './layout.js';
import { animationsSettled, dismissEmailBanner } from './page-helpers.js';

const PASSWORD = 'two-step-password-1';

async function shot(page: Page, name: string, keyElements: KeyElements) {
  await page.waitForLoadState('networkidle');
  await animationsSettled(page);
  const file = await screenshot(page, name, keyElements);
  const extra = process.env.DEVICES_SHOTS;
  if (extra) {
    await mkdir(extra, { recursive: true });
    await copyFile(file, path.join(extra, path.basename(file)));
  }
}

const codeOf = authenticatorCode;

/** Turns two-step sign-in on through Settings; answers the secret and the recovery codes. */
async function turnOn(page: Page, url: string, shotName: string) {
  await page.goto(`${url}/Setting/TwoStep`);
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).waitFor();
  await dismissEmailBanner(page);
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const secretText = page.getByLabel('Secret key');
  await secretText.waitFor();
  const secret = (await secretText.textContent())!.trim();
  await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  await page.getByRole('button', { name: 'Confirm' }).scrollIntoViewIfNeeded();
  await shot(page, `two-step-secret-${shotName}`, {
    qr: page.getByRole('img', { name: 'QR code for your authenticator app' }),
    confirm: page.getByRole('button', { name: 'Confirm' }),
  });
  await page.getByLabel('Code from the app').fill(codeOf(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor();
  const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  await page.getByRole('button', { name: 'I have saved them' }).scrollIntoViewIfNeeded();
  await shot(page, `two-step-codes-${shotName}`, {
    codes: list,
    done: page.getByRole('button', { name: 'I have saved them' }),
  });
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await page.getByText('Two-step sign-in is on. Recovery codes left: 10.').waitFor();
  await page.getByRole('button', { name: 'Turn off' }).scrollIntoViewIfNeeded();
  await shot(page, `two-step-on-${shotName}`, {
    'new codes': page.getByRole('button', { name: 'Make new recovery codes' }),
    'turn off': page.getByRole('button', { name: 'Turn off' }),
  });
  return { secret, codes };
}

async function fillSignIn(page: Page, user: E2eUser) {
  await page.getByLabel('Username').fill(user.userName);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('form', { name: 'Two-step verification' }).waitFor();
}

describe.skipIf(!hasBrowser)('devices and two-step sign-in in Chromium', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists two devices and signs the other one out: its next request is refused', async () => {
    const user = freshUser('devices');
    const laptop = await browser.newPage(VIEWPORTS.desktop);
    await signUpAndSignIn(laptop.context, server.url, user, PASSWORD);
    const phone = await browser.newPage(VIEWPORTS.mobile);
    await signIn(phone.context, server.url, user, PASSWORD);
    await phone.page.goto(`${server.url}/Setting/Devices`);
    await phone.page.getByText('This device').waitFor();
    await dismissEmailBanner(phone.page);

    await laptop.page.goto(`${server.url}/Setting/Devices`);
    const rows = laptop.page.getByRole('listitem');
    await laptop.page.getByText('This device').waitFor();
    await dismissEmailBanner(laptop.page);
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    await shot(laptop.page, 'devices-desktop', {
      'this device': laptop.page.getByText('This device'),
      'sign out others': laptop.page.getByRole('button', { name: 'Sign out all other devices' }),
    });
    await shot(phone.page, 'devices-phone', {
      'this device': phone.page.getByText('This device'),
      'sign out others': phone.page.getByRole('button', { name: 'Sign out all other devices' }),
    });

    const before = await rows.count();
    // The other device's row is the one with a Sign out button (this device has none).
    await laptop.page
      .getByRole('button', { name: /^Sign out .+ on / })
      .first()
      .click();
    await laptop.page.getByText('Device signed out', { exact: true }).first().waitFor();
    await expect.poll(() => rows.count()).toBe(before - 1);

    // The phone is signed out: its next request is refused, and its page learns it.
    const refused = await phone.context.request.get(`${server.url}/api/v1/users/current-user`);
    expect(refused.status()).toBe(401);
    await phone.page.reload();
    await phone.page.getByRole('dialog', { name: 'Sign in to continue' }).waitFor();
    await laptop.context.close();
    await phone.context.close();
  }, 120_000);

  it('turns on two-step sign-in, then signs in with a code and with a recovery code', async () => {
    const user = freshUser('twostep');
    const { context, page } = await browser.newPage(VIEWPORTS.desktop);
    await signUpAndSignIn(context, server.url, user, PASSWORD);
    const { secret, codes } = await turnOn(page, server.url, 'desktop');
    const signedInAgain = async () => {
      await page.waitForURL(`${server.url}/`);
      const me = await context.request.get(`${server.url}/api/v1/users/current-user`);
      expect(me.status()).toBe(200);
    };

    // Signed out, sign in again: the password, then the authenticator's next code.
    await context.clearCookies();
    await page.goto(`${server.url}/login`);
    await fillSignIn(page, user);
    await shot(page, 'second-step-desktop', {
      code: page.getByLabel('Authenticator code'),
      verify: page.getByRole('button', { name: 'Verify' }),
    });
    await page.getByLabel('Authenticator code').fill(codeOf(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await signedInAgain();

    // And once more with a recovery code.
    await context.clearCookies();
    await page.goto(`${server.url}/login`);
    await fillSignIn(page, user);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await shot(page, 'second-step-recovery-desktop', {
      code: page.getByLabel('Recovery code'),
      verify: page.getByRole('button', { name: 'Verify' }),
    });
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await signedInAgain();
    await page.goto(`${server.url}/Setting/TwoStep`);
    await page.getByText('Two-step sign-in is on. Recovery codes left: 9.').waitFor();
    await context.close();
  }, 120_000);

  it('shows the two-step screens at phone width', async () => {
    const user = freshUser('twophone');
    const { context, page } = await browser.newPage(VIEWPORTS.mobile);
    await signUpAndSignIn(context, server.url, user, PASSWORD);
    await turnOn(page, server.url, 'phone');
    await context.clearCookies();
    await page.goto(`${server.url}/login`);
    await fillSignIn(page, user);
    await shot(page, 'second-step-phone', {
      code: page.getByLabel('Authenticator code'),
      verify: page.getByRole('button', { name: 'Verify' }),
    });
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await shot(page, 'second-step-recovery-phone', {
      code: page.getByLabel('Recovery code'),
      verify: page.getByRole('button', { name: 'Verify' }),
    });
    await context.close();
  }, 120_000);
});
