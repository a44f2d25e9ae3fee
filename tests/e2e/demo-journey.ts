/**
 * The opening of a journey on the demo site: a server with the demo content on a DATA_DIR of its
 * own, Chromium, and one desktop page whose context is signed in as a demo channel (through the
 * API: the journeys that start here are about something else than signing in).
 */
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/seed/demo-data.js';
import { signIn, type E2eUser } from './accounts-api.js';
import {
  launchBrowser,
  startServer,
  VIEWPORTS,
  type BrowserSession,
  type RunningServer,
} from './harness.js';

export interface DemoJourney {
  server: RunningServer;
  browser: BrowserSession;
  page: Page;
  /** The signed-in channel's user id. */
  userId: string;
  /** Closes the browser and stops the server (for afterAll). */
  close(): Promise<void>;
}

export async function startDemoJourney(channel: E2eUser): Promise<DemoJourney> {
  const server = await startServer({ SEED_DEMO: '1' });
  let browser: BrowserSession | undefined;
  const close = async () => {
    await browser?.close();
    await server.stop();
  };
  try {
    browser = await launchBrowser();
    const { page } = await browser.newPage(VIEWPORTS.desktop);
    const userId = await signIn(page.context(), server.url, channel, DEMO_PASSWORD);
    return { server, browser, page, userId, close };
  } catch (error) {
    await close();
    throw error;
  }
}
