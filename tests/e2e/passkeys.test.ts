/**
 * Passkeys in Chromium (issue 32): Chromium's virtual authenticator (DevTools protocol, WebAuthn
 * domain) stands in for the fingerprint reader. Add a passkey in Settings, sign out, sign in with
 * it; the new screens are laid out and photographed at 1280 and 390 px.
 *
 * The browser opens the site at http://localhost:<port>, not the harness's 127.0.0.1: WebAuthn
 * refuses IP addresses as relying-party ids, and the server derives its RP id from the host the
 * request reached (PUBLIC_URL unset).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshUser, signUpAndSignIn, type E2eUser } from './accounts-api.js';
import { dismissEmailBanner } from './page-helpers.js';
import {
  hasBrowser,
  launchBrowser,
  screenshot,
  startServer,
  VIEWPORTS,
  type BrowserSession,
  type RunningServer,
} from './harness.js';

/** Where the pictures go for people to look at (never the repository). */
const SHOTS = '/tmp/passkeys/shots';

async function shoot(page: Page, name: string, key: Parameters<typeof screenshot>[2]) {
  await screenshot(page, name, key);
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

describe.skipIf(!hasBrowser)('passkeys with a virtual authenticator', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let context: BrowserContext;
  let page: Page;
  let cdp: CDPSession;
  let authenticatorId: string;
  let site: string;
  let user: E2eUser;

  beforeAll(async () => {
    server = await startServer();
    site = server.url.replace('127.0.0.1', 'localhost');
    browser = await launchBrowser();
    ({ context, page } = await browser.newPage(VIEWPORTS.desktop));
    cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    ({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    }));
    user = freshUser('passkeyer');
    await signUpAndSignIn(context, site, user, 'passkey-journey-pass-123');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('adds a passkey in Settings, signs out, and signs in with it without a password', async () => {
    await page.goto(`${site}/Setting/Passkeys`);
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByText('You have no passkeys yet.').waitFor();
    await shoot(page, 'passkeys-empty-1280', {
      heading: section.getByRole('heading', { name: 'Passkeys' }),
      add: section.getByRole('button', { name: 'Add a passkey' }),
    });

    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const rows = section.getByRole('list', { name: 'Your passkeys' });
    await rows.getByText('Chrome on Linux').waitFor();
    await page.getByText('Passkey added').first().waitFor();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    await shoot(page, 'passkeys-list-1280', {
      row: rows.getByText('Chrome on Linux'),
      rename: rows.getByRole('button', { name: 'Rename Chrome on Linux' }),
      remove: rows.getByRole('button', { name: 'Remove Chrome on Linux' }),
    });

    // Rename it; the remove question, declined.
    await rows.getByRole('button', { name: 'Rename Chrome on Linux' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename passkey' });
    await dialog.getByLabel('Passkey name').fill('My laptop');
    await shoot(page, 'passkeys-rename-1280', {
      field: dialog.getByLabel('Passkey name'),
      save: dialog.getByRole('button', { name: 'Save' }),
    });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await rows.getByText('My laptop').waitFor();
    await rows.getByRole('button', { name: 'Remove My laptop' }).click();
    const question = page.getByRole('dialog', { name: 'Remove passkey?' });
    await question.getByText(/“My laptop”/).waitFor();
    await shoot(page, 'passkeys-remove-1280', {
      question: question.getByText(/“My laptop”/),
      remove: question.getByRole('button', { name: 'Remove' }),
    });
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });

    // Sign out, then in with the passkey alone.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page
      .getByRole('link', { name: /Log in/i })
      .first()
      .waitFor();
    await page.goto(`${site}/login`);
    const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });
    await passkeyButton.waitFor();
    await shoot(page, 'passkeys-sign-in-page-1280', {
      signIn: page.getByRole('button', { name: 'Sign in', exact: true }),
      passkey: passkeyButton,
    });
    await passkeyButton.click();
    await page.getByText('successfully login').first().waitFor();
    await page.waitForURL(`${site}/`);
    const me = await page.evaluate(async () => {
      const res = await fetch('/api/v1/users/current-user', { credentials: 'include' });
      return ((await res.json()) as { data: { userName: string } }).data.userName;
    });
    expect(me).toBe(user.userName);

    // The passkey now says when it was last used.
    await page.goto(`${site}/Setting/Passkeys`);
    await page
      .getByRole('list', { name: 'Your passkeys' })
      .getByText(/Last used/)
      .waitFor();
  }, 120_000);

  it('lays out the passkey screens at phone width', async () => {
    const phone = await browser.browser.newContext({ viewport: VIEWPORTS.mobile });
    await phone.addCookies(await context.cookies());
    const small = await phone.newPage();
    await small.goto(`${site}/Setting/Passkeys`);
    const rows = small.getByRole('list', { name: 'Your passkeys' });
    await rows.getByText('My laptop').waitFor();
    await dismissEmailBanner(small);
    await shoot(small, 'passkeys-list-390', {
      // The third tab, past the phone's edge, is scrolled into view.
      tab: small.getByRole('link', { name: 'Passkeys' }),
      row: rows.getByText('My laptop'),
      rename: rows.getByRole('button', { name: 'Rename My laptop' }),
      add: small.getByRole('button', { name: 'Add a passkey' }),
    });
    await rows.getByRole('button', { name: 'Rename My laptop' }).click();
    const dialog = small.getByRole('dialog', { name: 'Rename passkey' });
    await shoot(small, 'passkeys-rename-390', {
      field: dialog.getByLabel('Passkey name'),
      save: dialog.getByRole('button', { name: 'Save' }),
    });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await rows.getByRole('button', { name: 'Remove My laptop' }).click();
    const question = small.getByRole('dialog', { name: 'Remove passkey?' });
    await shoot(small, 'passkeys-remove-390', {
      remove: question.getByRole('button', { name: 'Remove' }),
    });
    await phone.close();

    // Signed out: the sign-in page, and the popup over a guarded page, at both widths.
    for (const [width, viewport] of [
      ['390', VIEWPORTS.mobile],
      ['1280', VIEWPORTS.desktop],
    ] as const) {
      const visitor = await browser.browser.newContext({ viewport });
      const p = await visitor.newPage();
      if (width === '390') {
        await p.goto(`${site}/login`);
        await shoot(p, 'passkeys-sign-in-page-390', {
          signIn: p.getByRole('button', { name: 'Sign in', exact: true }),
          passkey: p.getByRole('button', { name: 'Sign in with a passkey' }),
        });
      }
      await p.goto(`${site}/Setting/Passkeys`);
      const popup = p.getByRole('dialog', { name: 'Sign in to continue' });
      await popup.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
      await shoot(p, `passkeys-sign-in-popup-${width}`, {
        signIn: popup.getByRole('button', { name: 'Sign in', exact: true }),
        passkey: popup.getByRole('button', { name: 'Sign in with a passkey' }),
      });
      await visitor.close();
    }
  }, 120_000);
});
