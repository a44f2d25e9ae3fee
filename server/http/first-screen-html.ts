/**
 * What the HTML of `/` carries beyond index.html, so that the home feed paints without an API
 * round trip after the scripts have run (issue 11):
 * - the feed's first page exactly as `GET /videos?page=1` answers a visitor, in a
 *   `<script type="application/json">` data block that the SPA reads (src/api/first-screen.ts).
 *   A data block never runs, so the Content-Security-Policy (`script-src 'self'`, no inline
 *   script) is untouched; every `<` is written `\u003c`, so no title can close the element.
 * - `<link rel="preload" as="image">` for the first thumbnails with the grid's own srcset and
 *   sizes, so the browser fetches them while it fetches the scripts.
 * Public data only: the page is built without the caller's cookies and is the same for everyone
 * on an origin, so a shared cache holding the HTML (`no-cache`: revalidated) leaks nothing.
 */
import { FIRST_FEED_ELEMENT_ID } from '../../contract/first-screen.js';
import { PAGE_SIZE } from '../../contract/limits.js';
import { srcSetOf } from '../../contract/srcset.js';
import { EAGER_THUMBNAILS, THUMBNAIL_SIZES } from '../../contract/thumbnail-sizes.js';
import type { VideoList } from '../../contract/videos.js';
import type { AppContext } from '../context.js';
import type { MediaUrls } from '../services/video-dto.js';
import { feedAnswer } from './feed-answer.js';

/** The HTML waits at most this long for the feed; past it the SPA asks the API itself. */
const FEED_WAIT_MS = 100;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function thumbnailPreload(video: VideoList['videos'][number]): string {
  const srcSet = srcSetOf(video.thumbnailSizes);
  // The same pick as the grid's <img>: srcset and sizes when there are sizes, else the one URL.
  const source = srcSet
    ? `imagesrcset="${escapeAttribute(srcSet)}" imagesizes="${escapeAttribute(THUMBNAIL_SIZES.grid)}"`
    : `href="${escapeAttribute(video.thumbnail)}"`;
  return `    <link rel="preload" as="image" fetchpriority="high" ${source}>\n`;
}

/** The head's additions for a serialized feed answer (the envelope GET /videos sends). */
export function firstFeedHead(envelope: string): string {
  const { data } = JSON.parse(envelope) as { data: VideoList };
  const preloads = data.videos.slice(0, EAGER_THUMBNAILS).map(thumbnailPreload).join('');
  const json = envelope.replace(/</g, '\\u003c');
  return `${preloads}    <script type="application/json" id="${FIRST_FEED_ELEMENT_ID}">${json}</script>\n`;
}

let last: { envelope: string; head: string } | undefined;

/**
 * The head's additions for `/`, or '' when the feed is slower than FEED_WAIT_MS (the SPA then asks
 * the API itself, as on any other page). A failed feed query rejects.
 */
export async function homePageHead(ctx: AppContext, urls: MediaUrls): Promise<string> {
  let stopWaiting = () => {};
  const late = new Promise<undefined>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), FEED_WAIT_MS);
    stopWaiting = () => clearTimeout(timer);
  });
  try {
    const envelope = await Promise.race([
      feedAnswer(ctx, { page: 1, limit: PAGE_SIZE.homeFeed }, urls),
      late,
    ]);
    if (envelope === undefined) return '';
    // The cache hands out the same string for a while: build its head once.
    if (last?.envelope !== envelope) last = { envelope, head: firstFeedHead(envelope) };
    return last.head;
  } finally {
    stopWaiting();
  }
}
