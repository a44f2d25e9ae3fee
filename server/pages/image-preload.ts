/**
 * The pieces of a first-screen head (first-screen-html.ts, search-page-head.ts): a high-priority
 * image preload that asks for exactly what the page's `<img>` then asks for, and the time the
 * HTML waits for its data.
 */
import { escapeMarkup } from '../../contract/markup.js';
import type { VideoItem } from '../../contract/shapes.js';
import { srcSetOf } from '../../contract/srcset.js';

/**
 * A thumbnail's preload with the card's own srcset and `sizes` (a THUMBNAIL_SIZES entry), so the
 * browser picks the same width it then picks for the `<img>` and fetches it once; the one URL when
 * the video has no sizes (as the `<img>` does then).
 */
export function thumbnailPreload(
  video: Pick<VideoItem, 'thumbnail' | 'thumbnailSizes'>,
  sizes: string,
): string {
  const srcSet = srcSetOf(video.thumbnailSizes);
  const source = srcSet
    ? `imagesrcset="${escapeMarkup(srcSet)}" imagesizes="${escapeMarkup(sizes)}"`
    : `href="${escapeMarkup(video.thumbnail)}"`;
  return `    <link rel="preload" as="image" fetchpriority="high" ${source}>\n`;
}

/**
 * An image drawn from one URL that is its page's largest paint (the watch page's poster, a
 * channel's cover, a playlist's picture): fetched first, beside the scripts.
 */
export const imagePreload = (href: string): string =>
  `    <link rel="preload" as="image" fetchpriority="high" href="${escapeMarkup(href)}">\n`;

/**
 * `work`'s answer, or undefined once `waitMs` (FIRST_SCREEN_WAIT_MS) have passed: the HTML waits
 * that long at most for its data, and past it the SPA asks the API itself.
 */
export async function withinWait<T>(waitMs: number, work: Promise<T>): Promise<T | undefined> {
  let stopWaiting = () => {};
  const late = new Promise<undefined>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), waitMs);
    stopWaiting = () => clearTimeout(timer);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    stopWaiting();
  }
}
