/**
 * Issue 22's forms in Chromium against the real server: the sign-up wizard says, beside each
 * field and in words, that a user name is taken (asked while typing), that a password is too
 * short, that a picture is too big or no picture at all; each is fixed and the account is made
 * with the picked picture. The browser's Back and Forward move between steps and a reload keeps
 * what was typed but the password. Settings say beside the field why a change was refused.
 * Screenshots at 1280×800 and 390×844 go to test-results/screenshots (git-ignored), each after a
 * layout check. Every test makes its own accounts through the API, so each runs alone.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshUser, signUpAndSignIn } from './accounts-api.js';
import { describeViolations, seriousViolations } from './axe.js';
import { animationsSettled, pngFile } from './page-helpers.js';
import {
  hasBrowser,
  launchBrowser,
  screenshot,
  startServer,
  VIEWPORTS,
  type BrowserSession,
  type RunningServer,
} from './harness.js';

const TAKEN = 'This user name is already taken';
const SHORT = 'Password must be at least 8 characters';
const TOO_BIG = 'Profile picture is larger than 10 MB';
const UNREADABLE = 'Profile picture must be a PNG, JPG, GIF or WebP image that can be read';
const NOT_A_PICTURE = 'Profile picture must be a PNG, JPG, GIF or WebP image';

/** The sentence a field's aria-describedby points at ('' when none). */
const description = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((field) =>
    (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );

async function expectDescription(page: Page, label: string, text: string) {
  await expect.poll(() => description(page, label), { timeout: 10_000 }).toBe(text);
}

describe.skipIf(!hasBrowser)('sign-up and settings checks in Chromium', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  const url = (path: string) => `${server.url}${path}`;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** An account made through the API, whose user name the wizard must find taken. */
  async function existingAccount() {
    const someone = { ...freshUser('taken'), password: 'taken-password-1' };
    const maker = await browser.newPage();
    await signUpAndSignIn(maker.context, server.url, someone, someone.password);
    await maker.context.close();
    return someone;
  }

  it('walks sign-up past a taken name, a short password and bad pictures, fixing each', async () => {
    const someone = await existingAccount();
    const me = freshUser('fixer');
    const { context, page } = await browser.newPage(VIEWPORTS.desktop);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(url('/signup'));
    await page.getByText('Step 1 of 4').waitFor();
    await page.getByLabel('Full name').fill(me.fullName);
    // Someone else's name, typed in capitals: asked about as the server stores it.
    await page.getByLabel('Username').fill(someone.userName.toUpperCase());
    await expectDescription(page, 'Username', TAKEN);
    await page.getByLabel('Email', { exact: true }).fill(me.email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectDescription(page, 'Password', SHORT);
    expect(await page.getByText('Step 1 of 4').isVisible()).toBe(true);
    await animationsSettled(page);
    await screenshot(page, 'forms-signup-inline-errors-desktop', {
      username: page.getByLabel('Username'),
      'taken message': page.getByText(TAKEN),
      'password message': page.getByText(SHORT),
      continue: page.getByRole('button', { name: 'Continue' }),
    });

    // Fixing a field takes its message away.
    await page.getByLabel('Username').fill(me.userName);
    await expectDescription(page, 'Username', '3–30 characters: letters, digits, _ and .');
    await page.getByLabel('Password').fill('long-enough-1');
    await expectDescription(page, 'Password', 'At least 8 characters');

    // A reload keeps what was typed, but the password.
    await page.reload();
    await page.getByText('Step 1 of 4').waitFor();
    expect(await page.getByLabel('Username').inputValue()).toBe(me.userName);
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(me.email);
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    await page.getByLabel('Password').fill('long-enough-1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Step 2 of 4').waitFor();
    expect(page.url()).toBe(url('/signup?step=2'));

    // Pictures are checked when picked, before anything is sent.
    const picker = page.getByLabel('Choose profile picture');
    await picker.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(12 * 1024 * 1024 + 512 * 1024),
    });
    await expectDescription(page, 'Choose profile picture', TOO_BIG);
    await animationsSettled(page);
    const axeFound = [
      describeViolations('sign-up step 2, picture refused', await seriousViolations(page)),
    ];
    await screenshot(page, 'forms-signup-picture-refused-desktop', {
      'picture message': page.getByText(TOO_BIG),
      continue: page.getByRole('button', { name: 'Continue' }),
    });
    await picker.setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('these are notes, not a picture'),
    });
    await expectDescription(page, 'Choose profile picture', UNREADABLE);
    await picker.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('notes'),
    });
    await expectDescription(page, 'Choose profile picture', NOT_A_PICTURE);
    await picker.setInputFiles(await pngFile('me.png', '#ff9800'));
    await expectDescription(page, 'Choose profile picture', '');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Step 3 of 4').waitFor();

    // The browser's Back returns to the step before, Forward goes on again.
    await page.goBack();
    await page.getByText('Step 2 of 4').waitFor();
    expect(page.url()).toBe(url('/signup?step=2'));
    await page.goForward();
    await page.getByText('Step 3 of 4').waitFor();
    // The wizard's own Back goes back in history too, so the browser's Back never stays put.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByText('Step 2 of 4').waitFor();
    await expect.poll(() => page.url()).toBe(url('/signup?step=2'));
    await page.goBack();
    await page.getByText('Step 1 of 4').waitFor();
    expect(page.url()).toBe(url('/signup'));
    await page.goForward();
    await page.getByText('Step 2 of 4').waitFor();
    await page.goForward();
    await page.getByText('Step 3 of 4').waitFor();

    await animationsSettled(page);
    axeFound.push(describeViolations('sign-up step 3', await seriousViolations(page)));
    await page.getByRole('button', { name: 'Use Default Image' }).click();
    await page.getByText('Step 4 of 4').waitFor();
    await animationsSettled(page);
    axeFound.push(describeViolations('sign-up step 4', await seriousViolations(page)));
    // axe-core, as on every other screen (accessibility.test.ts): nothing serious or critical.
    expect(axeFound.filter(Boolean).join('\n'), 'serious or critical axe violations').toBe('');
    expect(await page.getByText('Using default avatar').count()).toBe(0);
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await page.waitForURL(url('/TermsAndConditions'));

    // The account exists, with the picked picture rather than the default.
    const current = await context.request.get(url('/api/v1/users/current-user'));
    const user = (await current.json()) as { data: { userName: string; avatar: string } };
    expect(user.data.userName).toBe(me.userName);
    expect(user.data.avatar).not.toMatch(/default/);
    // The draft went with the registration.
    expect(await page.evaluate(() => sessionStorage.getItem('vidtube:signup-draft'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the inline errors on a phone too', async () => {
    const someone = await existingAccount();
    const { context, page } = await browser.newPage(VIEWPORTS.mobile);
    await page.goto(url('/signup'));
    await page.getByText('Step 1 of 4').waitFor();
    await page.getByLabel('Full name').fill('Phone Person');
    await page.getByLabel('Username').fill(someone.userName);
    await expectDescription(page, 'Username', TAKEN);
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectDescription(page, 'Email', 'Enter a valid email address, like name@example.com');
    await animationsSettled(page);
    expect(
      describeViolations('sign-up step 1 with errors (mobile)', await seriousViolations(page)),
      'serious or critical axe violations',
    ).toBe('');
    await screenshot(page, 'forms-signup-inline-errors-mobile', {
      username: page.getByLabel('Username'),
      'taken message': page.getByText(TAKEN),
      'email message': page.getByText('Enter a valid email address, like name@example.com'),
    });
    await context.close();
  });

  it('says in settings, beside the field, why a change was refused', async () => {
    const someone = await existingAccount();
    const me = { ...freshUser('settler'), password: 'settler-password-1' };
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const { context, page } = await browser.newPage(viewport);
      if (name === 'desktop') await signUpAndSignIn(context, server.url, me, me.password);
      else await signUpAndSignIn(context, server.url, freshUser('settler'), me.password);

      await page.goto(url('/Setting/ChangeInfo'));
      await page.getByRole('button', { name: 'Save changes' }).waitFor();
      await page.getByLabel('Email', { exact: true }).fill(someone.email);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expectDescription(page, 'Email', 'An account with this email already exists');
      await page.getByText('Failed to update information', { exact: true }).first().waitFor();
      await page.getByLabel('Email', { exact: true }).scrollIntoViewIfNeeded();
      await screenshot(page, `forms-settings-email-taken-${name}`, {
        email: page.getByLabel('Email', { exact: true }),
        'email message': page.getByText('An account with this email already exists'),
      });

      await page.goto(url('/Setting/ChangePassword'));
      await page.getByLabel('Current password').fill(me.password);
      await page.getByLabel('New password', { exact: true }).fill(me.password);
      await page.getByLabel('Confirm new password').fill(me.password);
      await page.getByRole('button', { name: 'Change password' }).click();
      await expectDescription(
        page,
        'New password',
        'The new password must be different from the current one',
      );
      await page.getByLabel('Current password').fill('not-my-password');
      await page.getByLabel('New password', { exact: true }).fill('another-password-2');
      await page.getByLabel('Confirm new password').fill('another-password-2');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expectDescription(page, 'Current password', 'The current password is not correct');
      await page.getByLabel('Current password').scrollIntoViewIfNeeded();
      await screenshot(page, `forms-settings-wrong-password-${name}`, {
        'current password': page.getByLabel('Current password'),
        'current password message': page.getByText('The current password is not correct'),
      });
      await context.close();
    }
  });
});
