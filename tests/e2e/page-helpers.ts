/** Small helpers of the account journeys: a real picture to pick, and a page at rest. */
import type { Page } from 'playwright-core';
import sharp from 'sharp';

/** A real PNG (a square of `color`) for the pickers, as setInputFiles takes it. */
export async function pngFile(name: string, color: string) {
  const buffer = await sharp({
    create: { width: 320, height: 320, channels: 3, background: color },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Waits until framer-motion's entry animations have finished, so screenshots show the end state. */
export async function animationsSettled(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>('[style*="opacity"], [style*="transform"]')].every(
      (el) => {
        const style = getComputedStyle(el);
        return (
          (style.opacity === '1' || style.opacity === '0') &&
          /^(none|matrix\(1, 0, 0, 1, 0, 0\))$/.test(style.transform)
        );
      },
    ),
  );
}
