/**
 * End-to-end harness: the real server (its bundle and built SPA) on a free port with a fresh
 * DATA_DIR, and Debian's Chromium driven by playwright-core. Nothing here downloads a browser.
 *
 * Chromium is found at CHROME_PATH or /usr/bin/chromium. When it is missing the suite is skipped
 * with a message, except under CI=true, where a missing browser fails the run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { serverCommand } from '../../scripts/server-process.js';
import { expectLaidOut, type KeyElements } from './layout.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SCREENSHOT_DIR = path.join(root, 'test-results/screenshots');
/**
 * Debian's Chromium headless shell (the old headless mode, its own package) when it is there: no
 * browser UI behind each page, and the browser suite's journeys ran about a quarter faster in it
 * than in the full browser's headless mode (dashboard-library at load 10: 116 s against 150 s).
 * Else the full browser; CHROME_PATH names another.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const chromePath =
  process.env.CHROME_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
export const hasBrowser = existsSync(chromePath);

if (!hasBrowser) {
  const message = `e2e: Chromium not found at ${chromePath} (install Debian's 'chromium-headless-shell' or 'chromium', or set CHROME_PATH)`;
  if (process.env.CI) throw new Error(`${message}; CI requires the browser suite.`);
  console.warn(`${message}: skipping the browser suite.`);
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  output: () => string;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * Starts the production server on a DATA_DIR of its own and waits until it is healthy. The folder
 * starts as a copy of the run's empty site, or with SEED_DEMO=1 of its demo site
 * (global-setup.ts): creating the database and seeding (ffmpeg) once per run, not per file.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-e2e-'));
  const start = inject(env.SEED_DEMO === '1' ? 'e2eSeededDataDir' : 'e2eEmptyDataDir');
  if (start) await cp(start, dataDir, { recursive: true });
  return runServer(dataDir, env);
}

/** Runs the server on `dataDir` until it is healthy; `stop()` removes the folder unless kept. */
export async function runServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  let log = '';
  // As `npm start` runs it: the bundle that `npm run build` made (test:e2e builds first).
  const { command, args } = serverCommand(root);
  const child: ChildProcess = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      // The HTML of / always carries the feed it waits for (100 ms in production), however
      // loaded the test machine: journeys then see one behaviour (the fallback has view tests).
      FIRST_SCREEN_WAIT_MS: '30000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, so that `stop()` can end the server with its ffmpeg children.
    detached: true,
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  // A first start that seeds the demo site makes its media first: 110 s alone, past 120 s beside
  // other work on a 2-core machine.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const res = await fetch(`${url}/api/v1/healthcheck`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    output: () => log,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        // A folder that is kept is stopped as Ctrl-C stops it (the next start reads it). One about
        // to be removed is killed with its group: the graceful stop's checkpoint took 3–4 s of a
        // file's time for nothing, and the server suite tests that stop (shutdown-signals).
        if (keepData) child.kill('SIGTERM');
        else process.kill(-child.pid!, 'SIGKILL');
        await exited;
      }
      if (!keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface BrowserSession {
  browser: Browser;
  newPage(viewport?: {
    width: number;
    height: number;
  }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<BrowserSession> {
  // playwright-core gives every launch a fresh temporary --user-data-dir of its own.
  const browser = await chromium.launch({
    executablePath: chromePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  return {
    browser,
    async newPage(viewport = VIEWPORTS.desktop) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      return { context, page };
    },
    async close() {
      await browser.close();
    },
  };
}

/**
 * Checks the page's layout (layout.ts: no sideways scrolling, the key elements on screen and
 * apart from each other), then saves a screenshot under test-results/screenshots (git-ignored)
 * for people to look at. The check is what the test asserts; the picture is for review.
 */
export async function screenshot(
  page: Page,
  name: string,
  keyElements: KeyElements,
): Promise<string> {
  await expectLaidOut(page, keyElements);
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/**
 * The open dialog's spring-in has ended (panel and overlay fully opaque, panel at rest), for a
 * clean screenshot. Spinners inside may still turn: only the entry is waited for.
 */
export async function dialogSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const dialog = document.querySelector('[role="dialog"]');
    if (!dialog) return false;
    const panel = getComputedStyle(dialog);
    return (
      panel.opacity === '1' &&
      /^(none|matrix\(1, 0, 0, 1, 0, 0\))$/.test(panel.transform) &&
      getComputedStyle(dialog.parentElement!).opacity === '1'
    );
  });
}

/** A page at phone size (390×844) that shares `signedIn`'s cookies, so the same user. */
export async function phonePageOf(
  session: BrowserSession,
  signedIn: BrowserContext,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await session.browser.newContext({ viewport: VIEWPORTS.mobile });
  await context.addCookies(await signedIn.cookies());
  return { context, page: await context.newPage() };
}

export { sidewaysOverflow } from './layout.js';
