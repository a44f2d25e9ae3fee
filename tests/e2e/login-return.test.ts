/**
 * The header's Log in returns you to the page you were on (issue 29): a visitor on a search page
 * presses Log in, signs in and lands on the same search, query string included. The sign-in page
 * starts with the cursor in Username, as the popup does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasBrowser,
  launchBrowser,
  startServer,
  VIEWPORTS,
  type BrowserSession,
  type RunningServer,
} from './harness.js';
import { freshUser, signUpAndSignIn, type E2eUser } from './accounts-api.js';

const PASSWORD = 'login-return-pass-123';

describe.skipIf(!hasBrowser)('Log in from the header', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let user: E2eUser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    user = freshUser('returner');
    // The account exists; the browser that signs in below has no session yet.
    const { context } = await browser.newPage();
    await signUpAndSignIn(context, server.url, user, PASSWORD);
    await context.close();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in and lands back on the page and query where Log in was pressed', async () => {
    const { page } = await browser.newPage(VIEWPORTS.desktop);
    const here = '/search?query=harbour+lights&sort=recent';
    await page.goto(`${server.url}${here}`);
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL(/\/login\?next=/);
    const userName = page.getByLabel('Username');
    await expect.poll(() => userName.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(user.userName);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${server.url}${here}`);
    // Signed in there: the header's Log in has gone.
    await page.getByRole('link', { name: 'Log in' }).waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${server.url}${here}`);
  });

  it('goes home when the place to return to is another site', async () => {
    const { page } = await browser.newPage(VIEWPORTS.desktop);
    await page.goto(`${server.url}/login?next=${encodeURIComponent('//example.com/phish')}`);
    await page.getByLabel('Username').fill(user.userName);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${server.url}/`);
  });
});
