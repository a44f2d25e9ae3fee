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

/**
 * Records every distinct combination of `data-status` values inside `listSelector`, as the DOM
 * held it after each change (a MutationObserver sees every change, however briefly it lasts).
 * For states that last less than a poll interval on a loaded machine, such as a batch dialog's
 * last line, which is `completed` for only the 500 ms before the dialog closes. The returned
 * function stops recording and answers the combinations in order, e.g. ['loading,pending', …].
 */
export async function recordStatuses(page: Page, listSelector: string) {
  await page.evaluate((selector) => {
    const seen: string[] = [];
    const snapshot = () => {
      const list = document.querySelector(selector);
      if (!list) return;
      const statuses = [...list.querySelectorAll('[data-status]')]
        .map((el) => el.getAttribute('data-status'))
        .join(',');
      if (seen.at(-1) !== statuses) seen.push(statuses);
    };
    const observer = new MutationObserver(snapshot);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-status'],
    });
    Object.assign(window, { __statusRecorder: { seen, observer } });
  }, listSelector);
  return () =>
    page.evaluate(() => {
      const { seen, observer } = (window as unknown as Record<string, unknown>)
        .__statusRecorder as { seen: string[]; observer: MutationObserver };
      observer.disconnect();
      return seen;
    });
}

/**
 * Closes the "Confirm your email address" banner a new account sees on every page (issue 32), for
 * screenshots of other screens: it pushes the page down by its height. Call it once the page's
 * own content is shown (the banner comes with the session); it stays closed for the tab's session,
 * so a later call finds none and does nothing.
 */
export async function dismissEmailBanner(page: Page) {
  const banner = page.getByRole('region', { name: 'Confirm your email address' });
  if ((await banner.count()) === 0) return;
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await banner.waitFor({ state: 'detached' });
}
