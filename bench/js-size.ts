/**
 * Page weight: the bytes actually transferred (encoded body plus response headers, as Chromium
 * counts them) for every JavaScript response a page loads until it is interactive (the load
 * event plus network idle), in headless Chromium against the built app, and for everything the
 * page loaded. Lazy chunks fetched later, on interaction, are not counted: they do not delay the
 * first use.
 */
import type { BrowserContext } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/harness.js';
import { firstVideo, signIn } from './lib/http.js';
import { kB, type Row } from './lib/table.js';

/** Issue 2: what `/` ships before it is usable. */
export const HOME_BUDGET_BYTES = 120 * 1024;

interface Transfer {
  name: string;
  isScript: boolean;
  encoding: string;
  /** Encoded body plus headers: what crossed the wire. */
  bytes: number;
  /** The decoded body: what an uncompressed response would have carried. */
  decoded: number;
}

async function transfersOf(context: BrowserContext, url: string): Promise<Transfer[]> {
  const page = await context.newPage();
  const seen = new Map<string, Promise<Transfer>>();
  page.on('response', (response) => {
    if (seen.has(response.url())) return;
    const request = response.request();
    const type = response.headers()['content-type'] ?? '';
    // A signed-in page's live stream (GET /events) never ends: its body and sizes would never
    // arrive. It carries no JavaScript; it is left out.
    if (type.includes('text/event-stream')) return;
    seen.set(
      response.url(),
      Promise.all([request.sizes(), response.body().catch(() => Buffer.alloc(0))]).then(
        ([sizes, body]) => ({
          name: new URL(response.url()).pathname,
          isScript: request.resourceType() === 'script' || type.includes('javascript'),
          encoding: response.headers()['content-encoding'] ?? 'identity',
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
          decoded: body.length,
        }),
        () => ({ name: response.url(), isScript: false, encoding: '?', bytes: 0, decoded: 0 }),
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const transfers = await Promise.all(seen.values());
  await page.close();
  return transfers;
}

export async function benchJsSize(baseUrl: string): Promise<Row[]> {
  const session = await launchBrowser();
  const rows: Row[] = [];
  try {
    const video = await firstVideo(baseUrl);
    const { cookies } = await signIn(baseUrl);
    const { hostname } = new URL(baseUrl);
    const pages: { label: string; signedIn: boolean; path: string; budget?: number }[] = [
      { label: '/', signedIn: false, path: '/', budget: HOME_BUDGET_BYTES },
      { label: '/ (signed in)', signedIn: true, path: '/', budget: HOME_BUDGET_BYTES },
      { label: '/search?query=music', signedIn: false, path: '/search?query=music' },
      { label: '/watch/{id} (signed in)', signedIn: true, path: `/watch/${video.id}` },
      // The creator dashboard with its lazy chart chunk (chart.js): measured, no budget.
      { label: '/Dashboard/Content (signed in)', signedIn: true, path: '/Dashboard/Content' },
    ];
    for (const p of pages) {
      // A fresh context per page: a cold cache, as a first visit has.
      const context = await session.browser.newContext();
      if (p.signedIn) {
        await context.addCookies(cookies.map((c) => ({ ...c, domain: hostname, path: '/' })));
      }
      const transfers = await transfersOf(context, `${baseUrl}${p.path}`);
      await context.close();
      const scripts = transfers.filter((f) => f.isScript);
      const total = scripts.reduce((sum, f) => sum + f.bytes, 0);
      const decoded = scripts.reduce((sum, f) => sum + f.decoded, 0);
      const everything = transfers.reduce((sum, f) => sum + f.bytes, 0);
      rows.push({
        bench: 'js transferred',
        metric: `${p.label}: ${scripts.length} files`,
        value: kB(total),
        ...(p.budget ? { target: `≤ ${kB(p.budget)}`, ok: total <= p.budget } : {}),
      });
      rows.push({
        bench: '',
        metric: `  the same scripts uncompressed (what an identity response carries)`,
        value: kB(decoded),
      });
      for (const f of scripts.sort((a, b) => b.bytes - a.bytes)) {
        rows.push({ bench: '', metric: `  ${f.name} (${f.encoding})`, value: kB(f.bytes) });
      }
      rows.push({
        bench: '',
        metric: `  all ${transfers.length} responses (HTML, JS, API, images)`,
        value: kB(everything),
      });
    }
  } finally {
    await session.close();
  }
  return rows;
}
