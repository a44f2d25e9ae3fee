/**
 * What a screenshot test asserts, so that it can fail: the page does not scroll sideways, each
 * named element is on screen (inside the viewport, not hidden, not collapsed) and no two named
 * elements overlap. Callers name elements that must sit side by side or one under the other
 * (a heading and a button, a card and the top bar), never one inside another.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export type KeyElements = Record<string, Locator>;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Sub-pixel rounding of layout boxes. */
const SLACK = 0.5;

const overlapArea = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/** How far the page sticks out sideways, in pixels (0 when nothing does). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** The layout problems of the page as it is now; [] when it is laid out as it should be. */
export async function layoutProblems(page: Page, elements: KeyElements): Promise<string[]> {
  const problems: string[] = [];
  const overflow = await sidewaysOverflow(page);
  if (overflow > 0) problems.push(`the page scrolls ${overflow} px sideways`);
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  const boxes: [string, Box][] = [];
  for (const [name, matches] of Object.entries(elements)) {
    // A control may exist twice, once per screen size, with one of them hidden.
    const visible = [];
    for (const match of await matches.all()) if (await match.isVisible()) visible.push(match);
    if (visible.length !== 1) {
      problems.push(`${name}: ${visible.length} visible elements match, not 1`);
      continue;
    }
    const box = await visible[0]!.boundingBox();
    if (!box || box.width < 1 || box.height < 1) {
      problems.push(`${name} is not visible`);
      continue;
    }
    const inside =
      box.x >= -SLACK &&
      box.y >= -SLACK &&
      box.x + box.width <= viewport.width + SLACK &&
      box.y + box.height <= viewport.height + SLACK;
    if (!inside) {
      const at = [box.x, box.y, box.width, box.height].map(Math.round).join(', ');
      problems.push(
        `${name} is not inside the ${viewport.width}×${viewport.height} viewport (${at})`,
      );
    }
    boxes.push([name, box]);
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [[a, boxA], [b, boxB]] = [boxes[i]!, boxes[j]!];
      const area = overlapArea(boxA, boxB);
      if (area > 1) problems.push(`${a} and ${b} overlap (${Math.round(area)} px²)`);
    }
  }
  return problems;
}

/**
 * How long a page may take to settle into its layout: its data (a feed, a channel) can arrive
 * after the load events on a busy machine, and a problem that lasts this long is a real one.
 */
const SETTLE_MS = 10_000;

/** Fails the test with every layout problem the page still has once it has had time to settle. */
export async function expectLaidOut(page: Page, elements: KeyElements): Promise<void> {
  expect(Object.keys(elements).length, 'a layout check names at least one element').toBeGreaterThan(
    0,
  );
  await expect
    .poll(() => layoutProblems(page, elements), { timeout: SETTLE_MS, interval: 100 })
    .toEqual([]);
}
