/**
 * Largest contentful paint of `/` and `/watch/{id}` against the demo data, in headless Chromium:
 * the median of 5 cold loads (a fresh browser context each, so nothing comes from cache).
 */
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/harness.js';
import { firstVideo, signIn, type SignedIn } from './lib/http.js';
import { ms, type Row } from './lib/table.js';

const LOADS = 5;
/** Issue 4's target. */
const LCP_BUDGET_MS = 1000;

declare global {
  interface Window {
    __lcp?: number;
  }
}

async function lcpOnce(browser: Browser, url: string, session?: SignedIn): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    if (session) {
      const { hostname } = new URL(url);
      await context.addCookies(session.cookies.map((c) => ({ ...c, domain: hostname, path: '/' })));
    }
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // LCP entries are reported after paint; give the last frame a moment to land.
    await page.waitForTimeout(300);
    return await page.evaluate(() => window.__lcp ?? 0);
  } finally {
    await context.close();
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchLcp(baseUrl: string): Promise<Row[]> {
  const browser = await launchBrowser();
  try {
    const session = await signIn(baseUrl);
    const video = await firstVideo(baseUrl);
    const pages = [
      { label: '/', path: '/', session: undefined },
      { label: '/ (signed in)', path: '/', session },
      { label: '/watch/{id} (signed in)', path: `/watch/${video.id}`, session },
    ];
    const rows: Row[] = [];
    for (const p of pages) {
      const samples: number[] = [];
      for (let i = 0; i < LOADS; i++)
        samples.push(await lcpOnce(browser.browser, `${baseUrl}${p.path}`, p.session));
      const value = median(samples);
      rows.push({
        bench: 'lcp',
        metric: `${p.label}: median of ${LOADS} (${samples.map((s) => s.toFixed(0)).join(', ')})`,
        value: ms(value),
        target: `≤ ${LCP_BUDGET_MS} ms`,
        ok: value > 0 && value <= LCP_BUDGET_MS,
      });
    }
    return rows;
  } finally {
    await browser.close();
  }
}
