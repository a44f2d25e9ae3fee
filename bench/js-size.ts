/**
 * Page weight: the gzip size of every JavaScript response a page loads until it is interactive
 * (the load event plus network idle), in headless Chromium against the built app. Lazy chunks
 * fetched later, on interaction, are not counted: they do not delay the first use.
 */
import { gzipSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/harness.js';
import { firstVideo, signIn } from './lib/http.js';
import { kB, type Row } from './lib/table.js';

/** Issue 2: what `/` ships before it is usable. */
export const HOME_BUDGET_BYTES = 120 * 1024;

async function scriptsOf(context: BrowserContext, url: string) {
  const page = await context.newPage();
  const seen = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    const isScript = response.request().resourceType() === 'script' || type.includes('javascript');
    if (!isScript || seen.has(response.url())) return;
    seen.set(
      response.url(),
      response.body().then(
        (body) => gzipSync(body, { level: 9 }).length,
        () => 0,
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const files = await Promise.all(
    [...seen].map(async ([src, size]) => ({ name: new URL(src).pathname, gzip: await size })),
  );
  await page.close();
  return files;
}

export async function benchJsSize(baseUrl: string): Promise<Row[]> {
  const session = await launchBrowser();
  const rows: Row[] = [];
  try {
    const video = await firstVideo(baseUrl);
    const { cookies } = await signIn(baseUrl);
    const anonymous = await session.browser.newContext();
    const signedIn = await session.browser.newContext();
    const { hostname } = new URL(baseUrl);
    await signedIn.addCookies(cookies.map((c) => ({ ...c, domain: hostname, path: '/' })));
    const pages: { label: string; context: BrowserContext; path: string; budget?: number }[] = [
      { label: '/', context: anonymous, path: '/', budget: HOME_BUDGET_BYTES },
      { label: '/ (signed in)', context: signedIn, path: '/', budget: HOME_BUDGET_BYTES },
      { label: '/search?query=music', context: anonymous, path: '/search?query=music' },
      { label: '/watch/{id} (signed in)', context: signedIn, path: `/watch/${video.id}` },
    ];
    for (const p of pages) {
      const files = await scriptsOf(p.context, `${baseUrl}${p.path}`);
      const total = files.reduce((sum, f) => sum + f.gzip, 0);
      rows.push({
        bench: 'js gzip',
        metric: `${p.label}: ${files.length} files`,
        value: kB(total),
        ...(p.budget ? { target: `≤ ${kB(p.budget)}`, ok: total <= p.budget } : {}),
      });
      for (const f of files.sort((a, b) => b.gzip - a.gzip)) {
        rows.push({ bench: '', metric: `  ${f.name}`, value: kB(f.gzip) });
      }
    }
  } finally {
    await session.close();
  }
  return rows;
}
