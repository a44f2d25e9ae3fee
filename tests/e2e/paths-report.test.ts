/**
 * The testers' paths report (issue 10) opened in Chromium from disk, with the network refused:
 * every machine's chart is drawn (each state and transition once, children inside their parent),
 * a click highlights that path on the diagram, the filter and the strategy switch work.
 * A screenshot goes to test-results/screenshots/paths-report.png.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MachineData } from '../../scripts/paths/paths-data.js';
import { collect, writeOutputs } from '../../scripts/paths/write-outputs.js';
import { hasBrowser, launchBrowser, SCREENSHOT_DIR, type BrowserSession } from './harness.js';

describe.skipIf(!hasBrowser)('paths report in Chromium', () => {
  let session: BrowserSession;
  let page: Page;
  let machines: MachineData[];
  const requests: string[] = [];

  beforeAll(async () => {
    machines = await collect();
    const { html } = await writeOutputs(machines, { report: true });
    session = await launchBrowser();
    ({ page } = await session.newPage());
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(pathToFileURL(html!).href);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('needs nothing but the file', () => {
    expect(requests.filter((url) => !url.startsWith('file:'))).toEqual([]);
  });

  it('draws every machine: each state and transition once, nested as in the chart', async () => {
    expect(await page.locator('section.machine').count()).toBe(machines.length);
    for (const m of machines) {
      const svg = page.locator(`section.machine[data-name="${m.name}"] svg.chart`);
      expect(await svg.locator('[data-state]').count(), m.name).toBe(m.states.length);
      expect(await svg.locator('[data-transition]').count(), m.name).toBe(m.transitions.length);
      expect(await svg.locator('.missing').count(), m.name).toBe(0);
      // A child's box lies inside its parent's box (ELK coordinates made absolute correctly).
      const boxes = await svg.evaluate((el) =>
        Object.fromEntries(
          [...el.querySelectorAll<SVGGElement>('[data-state]')].map((g) => {
            const r = g.querySelector('rect')!.getBBox();
            return [g.dataset.state!, [r.x, r.y, r.x + r.width, r.y + r.height] as const];
          }),
        ),
      );
      for (const s of m.states.filter((x) => x.parent)) {
        const [x1, y1, x2, y2] = boxes[s.id]!;
        const [px1, py1, px2, py2] = boxes[s.parent!]!;
        expect(x1 >= px1 && y1 >= py1 && x2 <= px2 && y2 <= py2, `${s.id} in ${s.parent}`).toBe(
          true,
        );
        expect(x2 - x1).toBeGreaterThan(20);
      }
    }
  });

  it('highlights a clicked path on the diagram', async () => {
    const section = page.locator('#m-change-password');
    const path1 = section.locator('[data-strategy=shortest] li.path').first();
    await path1.click();
    await expect.poll(() => section.locator('svg.chart.highlighting').count()).toBe(1);
    const wanted = await path1.evaluate(
      (li) =>
        `${(li as HTMLElement).dataset.states} ${(li as HTMLElement).dataset.transitions}`
          .split(' ')
          .filter(Boolean).length,
    );
    expect(await section.locator('svg .on-path').count()).toBe(wanted);
    await section.evaluate((el) => window.scrollTo(0, (el as HTMLElement).offsetTop - 100));
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'paths-report.png') });
    await path1.click();
    expect(await section.locator('svg .on-path').count()).toBe(0);
  });

  it('filters paths and switches strategy', async () => {
    const visible = () => page.locator('li.path:visible').count();
    const before = await visible();
    await page.fill('#filter', 'CONFIRM');
    const after = await visible();
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(before);
    expect(await page.locator('#m-pager').isVisible()).toBe(false);
    await page.fill('#filter', '');
    await page.check('input[name=strategy][value=simple]');
    const simple = machines.reduce((n, m) => n + m.strategies.simple.paths.length, 0);
    expect(await visible()).toBe(simple);
    // Back to the page as it loaded, for the tests that read the shortest paths.
    await page.check('input[name=strategy][value=shortest]');
  });
});
