/**
 * What the server-rendered pages' e2e tests check of hydration (issue 35): a page that records its
 * console problems, its API calls and where the first screen's elements were when the HTML had
 * been parsed; and the check that React took over that markup quietly.
 */
import { expect } from 'vitest';
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import type { BrowserSession } from './harness.js';

export type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

/** A page that records console errors and warnings, and the API calls it makes. */
export async function watchedPage(
  browser: BrowserSession,
  viewport: { width: number; height: number },
  cookies: Cookies = [],
) {
  const { context, page } = await browser.newPage(viewport);
  await context.addCookies(cookies);
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // "Failed to load resource" names no resource: its location does (once seen as
    // net::ERR_EMPTY_RESPONSE twice under CI's load, with nothing to tell which).
    const { url } = message.location();
    problems.push(url ? `${message.text()} (${url})` : message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname + url.search);
  });
  // Two records of what hydration moves, from the moment the HTML was parsed whole (readyState
  // "interactive", before any module script runs):
  // - `layout`: where every element of the first screen starts then (its top left corner, what
  //   a layout shift measures; a box that only grows below moves nothing), by its place in the
  //   tree, to compare with where it is after hydration (layoutMoves below);
  // - `shifts`: the layout shifts the browser reports from the first frame after that. A slow
  //   phone may paint the document while it still arrives (the top bar's right half not yet
  //   parsed); the frame that shows it whole reports a shift, which is the parser's.
  await page.addInitScript(() => {
    const record = {
      layout: {} as Record<string, string>,
      settledAt: Infinity,
      shifts: [] as string[],
    };
    const win = window as unknown as {
      record: typeof record;
      layoutNow: () => Record<string, string>;
    };
    win.record = record;
    // Element → its top left corner, for the elements inside the viewport, keyed by their
    // path of tag names and places under #root.
    win.layoutNow = () => {
      const rects: Record<string, string> = {};
      const walk = (element: Element, path: string) => {
        [...element.children].forEach((child, index) => {
          const key = `${path}/${child.tagName.toLowerCase()}${index}`;
          // A turning spinner's box moves with each frame by design (a transform, never a
          // layout shift): an animated element and what it holds are left out.
          if (getComputedStyle(child).animationName !== 'none') return;
          const box = child.getBoundingClientRect();
          if (box.bottom > 0 && box.top < window.innerHeight && box.width > 0) {
            rects[key] = `${Math.round(box.x)},${Math.round(box.y)}`;
          }
          walk(child, key);
        });
      };
      const root = document.getElementById('root');
      if (root) walk(root, '');
      return rects;
    };
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      record.layout = win.layoutNow();
      requestAnimationFrame(() =>
        requestAnimationFrame(() => (record.settledAt = performance.now())),
      );
    });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.startTime < record.settledAt) continue;
        // What moved, named by its element, test id or class, and from where to where.
        const shift = entry as unknown as {
          value: number;
          sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        };
        const moved = shift.sources.map(({ node, previousRect: a, currentRect: b }) => {
          const element = node instanceof Element ? node : null;
          const name = element
            ? `${element.tagName.toLowerCase()}${element.getAttribute('data-testid') ? `[${element.getAttribute('data-testid')}]` : ''}.${String(element.className).split(' ')[0]} "${(element.textContent ?? '').slice(0, 30)}"`
            : String(node?.nodeName);
          return `${name} ${a.x},${a.y} ${a.width}x${a.height} → ${b.x},${b.y} ${b.width}x${b.height}`;
        });
        record.shifts.push(
          `${shift.value.toFixed(5)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return { context, page, problems, calls };
}

/** React took over the markup: a card's link now routes in the page (no document load). */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });

/**
 * React took over the server's markup (it carries the mark) without a console error or warning,
 * without asking any of `notAsked` again, and without moving anything after the HTML was parsed.
 */
export async function expectQuietHydration(
  page: Page,
  problems: string[],
  calls: string[],
  notAsked: string[],
) {
  await hydrated(page);
  expect(await page.locator('#root[data-server-rendered]').count()).toBe(1);
  expect(problems).toEqual([]);
  expect(calls.filter((call) => notAsked.some((prefix) => call.startsWith(prefix)))).toEqual([]);
  expect(await layoutMoves(page)).toEqual([]);
}

/**
 * What moved since the HTML was parsed: the elements of the first screen that are still there
 * (same place in the tree) but no longer where they were, and the shifts the browser reported.
 */
export async function layoutMoves(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const win = window as unknown as {
      record: { layout: Record<string, string>; shifts: string[] };
      layoutNow: () => Record<string, string>;
    };
    const now = win.layoutNow();
    const moved = Object.entries(win.record.layout)
      .filter(([key, rect]) => key in now && now[key] !== rect)
      .map(([key, rect]) => `${key}: ${rect} → ${now[key]}`);
    return [...moved, ...win.record.shifts];
  });
}
