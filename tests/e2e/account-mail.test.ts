/**
 * Issue 32's mailed links in Chromium, with mail read from the server's outbox (no SMTP_URL: each
 * message is an .eml in DATA_DIR/outbox/): forget the password, follow the mailed link, set a new
 * one and sign in with it; change the email in Settings and confirm it from the new address's
 * mail. Screenshots of each new screen at both widths go to SHOTS_DIR (or test-results).
 */
import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkPathOf, nextMail } from '../support/outbox.js';
import { freshUser, signUpAndSignIn, type E2eUser } from './accounts-api.js';
import {
  SCREENSHOT_DIR,
  hasBrowser,
  launchBrowser,
  startServer,
  VIEWPORTS,
  type BrowserSession,
  type RunningServer,
} from './harness.js';

const PASSWORD = 'mailed-links-pass-123';
const NEW_PASSWORD = 'a fresh password 456';
const SHOTS = process.env.SHOTS_DIR ?? SCREENSHOT_DIR;

/** The next outbox message to `to` (each file read once). */
const mailTo = (server: RunningServer, to: string, seen: Set<string>) =>
  nextMail(path.join(server.dataDir, 'outbox'), to, seen);

/** The mailed link, on this server's address (links name PUBLIC_URL, unset here). */
const linkOn = (server: RunningServer, mail: ParsedMail) => `${server.url}${linkPathOf(mail)}`;

async function shoot(page: Page, name: string) {
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size.width}-${label}.png`) });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

describe.skipIf(!hasBrowser)('mailed links', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let user: E2eUser;
  const seen = new Set<string>();

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    user = freshUser('forgetful');
    const { context } = await browser.newPage();
    await signUpAndSignIn(context, server.url, user, PASSWORD);
    await context.close();
    await mailTo(server, user.email, seen);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('forgets the password, follows the mailed link, sets a new one and signs in', async () => {
    const { page } = await browser.newPage(VIEWPORTS.desktop);
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgot-password$/);
    await page.getByRole('heading', { name: 'Forgot password?' }).waitFor();
    await shoot(page, 'forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(user.email.toUpperCase());
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account uses this address').waitFor();
    await shoot(page, 'forgot-password-sent');

    const mail = await mailTo(server, user.email, seen);
    expect(mail.subject).toBe('Reset your VidTube password');
    await page.goto(linkOn(server, mail));
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill('not the same one');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText("New password and confirmation don't match").waitFor();
    await shoot(page, 'reset-password');
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password has been changed').waitFor();
    await shoot(page, 'reset-password-done');

    // The link works once.
    await page.goto(linkOn(server, mail));
    await page.getByLabel('New password', { exact: true }).fill('third password here');
    await page.getByLabel('Confirm new password').fill('third password here');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('This password reset link is not valid').waitFor();

    await page.goto(`${server.url}/login`);
    await page.getByLabel('Username').fill(user.userName);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('link', { name: 'Log in' }).waitFor({ state: 'detached' });
  }, 120_000);

  it('shows the banner, changes the email in Settings and confirms it from the new address', async () => {
    const other = freshUser('mover');
    const { context, page } = await browser.newPage(VIEWPORTS.desktop);
    await signUpAndSignIn(context, server.url, other, PASSWORD);
    const welcome = await mailTo(server, other.email, seen);
    await page.goto(`${server.url}/`);
    const banner = page.getByRole('region', { name: 'Confirm your email address' });
    await banner.waitFor();
    await shoot(page, 'email-banner');
    await banner.getByRole('button', { name: 'Send the link again' }).click();
    await banner.getByText('We have sent you a new confirmation link.').waitFor();
    const resent = await mailTo(server, other.email, seen);
    expect(resent.subject).toBe(welcome.subject);

    const newEmail = `moved-${other.email}`;
    await page.goto(`${server.url}/Setting/ChangeInfo`);
    await page.getByLabel('Email', { exact: true }).fill(newEmail);
    await page.getByRole('button', { name: 'Save changes' }).click();
    const note = page.getByText(`We sent a confirmation link to ${newEmail}`);
    await note.waitFor();
    await note.scrollIntoViewIfNeeded();
    await shoot(page, 'settings-pending-email');
    const notice = await mailTo(server, other.email, seen);
    expect(notice.subject).toBe('Your VidTube email address is being changed');
    const link = await mailTo(server, newEmail, seen);

    await page.goto(linkOn(server, link));
    await page.getByText('Your email address is confirmed.').waitFor();
    await page.getByText(`Your account’s email address is ${newEmail}.`).waitFor();
    await shoot(page, 'confirm-email');
    await banner.waitFor({ state: 'detached' });
    await page.goto(`${server.url}/Setting/ChangeInfo`);
    await expect.poll(() => page.getByLabel('Email', { exact: true }).inputValue()).toBe(newEmail);

    const again = await browser.newPage(VIEWPORTS.desktop);
    await again.page.goto(linkOn(server, link));
    await again.page.getByText('This confirmation link is not valid').waitFor();
    await shoot(again.page, 'confirm-email-refused');
  }, 120_000);
});
