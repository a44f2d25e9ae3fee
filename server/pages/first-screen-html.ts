/**
 * What the HTML of the first-screen pages carries beyond index.html (issue 11). On `/`, so that
 * the home feed paints without an API round trip after the scripts have run:
 * - the feed's first page exactly as `GET /videos?page=1` answers a visitor, in a
 *   `<script type="application/json">` data block that the SPA reads (src/api/first-screen.ts).
 *   A data block never runs, so the Content-Security-Policy (`script-src 'self'`, no inline
 *   script) is untouched; every `<` is written `\u003c`, so no title can close the element.
 * - `<link rel="preload" as="image">` for the first thumbnails with the grid's own srcset and
 *   sizes, so the browser fetches them while it fetches the scripts.
 * On `/watch/{id}`, for a caller with a session cookie (the page is for signed-in users), a preload
 * of the poster, which is the page's largest paint: it loads beside the scripts instead of after
 * the video's API answer. Only for a published video, so an id reveals nothing new. For anyone,
 * a public video's link preview (oEmbed discovery, Open Graph) and a channel page's RSS discovery
 * link (issue 34, link-preview-html.ts).
 * Public data only: the additions never depend on who asks (the cookie only decides whether the
 * poster is worth preloading), so a shared cache holding the HTML (`no-cache`) leaks nothing.
 */
import { Value } from '@sinclair/typebox/value';
import { Id } from '../../contract/common.js';
import { escapeMarkup } from '../../contract/markup.js';
import { FIRST_FEED_ELEMENT_ID } from '../../contract/first-screen.js';
import { PAGE_SIZE } from '../../contract/limits.js';
import { feedTagOf, PAGE_ROUTES, pageOf } from '../../contract/page-routes.js';
import { srcSetOf } from '../../contract/srcset.js';
import { EAGER_THUMBNAILS, THUMBNAIL_SIZES } from '../../contract/thumbnail-sizes.js';
import type { VideoList } from '../../contract/videos.js';
import { ACCESS_COOKIE } from '../auth/plugin.js';
import type { PageContext } from './page-context.js';
import { mediaUrl, type MediaUrls } from '../media/media-urls.js';
import { feedAnswer } from '../feed/index.js';
import { publicVideo } from '../syndication/index.js';
import { channelFeedHead, watchPreviewHead } from './link-preview-html.js';

/**
 * `work`'s answer, or undefined once `waitMs` (FIRST_SCREEN_WAIT_MS) have passed: the HTML waits
 * that long at most for its data, and past it the SPA asks the API itself.
 */
async function withinWait<T>(waitMs: number, work: Promise<T>): Promise<T | undefined> {
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

function thumbnailPreload(video: VideoList['videos'][number]): string {
  const srcSet = srcSetOf(video.thumbnailSizes);
  // The same pick as the grid's <img>: srcset and sizes when there are sizes, else the one URL.
  const source = srcSet
    ? `imagesrcset="${escapeMarkup(srcSet)}" imagesizes="${escapeMarkup(THUMBNAIL_SIZES.grid)}"`
    : `href="${escapeMarkup(video.thumbnail)}"`;
  return `    <link rel="preload" as="image" fetchpriority="high" ${source}>\n`;
}

/** The head's additions for a serialized feed answer (the envelope GET /videos sends). */
export function firstFeedHead(envelope: string): string {
  const { data } = JSON.parse(envelope) as { data: VideoList };
  const preloads = data.videos.slice(0, EAGER_THUMBNAILS).map(thumbnailPreload).join('');
  const json = envelope.replace(/</g, '\\u003c');
  return `${preloads}    <script type="application/json" id="${FIRST_FEED_ELEMENT_ID}">${json}</script>\n`;
}

/**
 * A public video's link preview for anyone (link-preview-html.ts), and for a caller with a session
 * (the page is for signed-in users) the poster's preload.
 */
async function watchPageHead(
  ctx: PageContext,
  urls: MediaUrls,
  videoId: string,
  signedIn: boolean,
): Promise<string> {
  const video = await withinWait(ctx.config.firstScreenWaitMs, publicVideo(ctx.db, videoId));
  if (!video) return '';
  const href = escapeMarkup(mediaUrl(urls, video.thumbnailKey));
  const preload = signedIn
    ? `    <link rel="preload" as="image" fetchpriority="high" href="${href}">\n`
    : '';
  return preload + watchPreviewHead(video, urls);
}

/** The channel page's path (src/app/routes.tsx); its head carries the RSS feed's discovery link. */
const CHANNEL_PAGE = /^\/channel\/([a-z0-9_.]{3,30})(?:\/[^/]*)?\/?$/i;

/** What `firstScreenHeads` returns: the head's additions for the page at a pathname. */
export type FirstScreenHead = (
  pathname: string,
  request: { cookies: Record<string, string | undefined>; url: string },
  urls: MediaUrls,
) => Promise<string>;

/** The query string of a request URL ('' when it has none). */
const searchOf = (url: string): string => url.slice(url.indexOf('?') + 1 || url.length);

/**
 * The head's additions for the page at `pathname` ('' for pages without any, or when the data is
 * slower than FIRST_SCREEN_WAIT_MS: the SPA then asks the API itself). A failed query rejects.
 */
export function firstScreenHeads(ctx: PageContext): FirstScreenHead {
  // The feed cache hands out the same string for a while: its head is built once per string.
  let last: { envelope: string; head: string } | undefined;
  async function homePageHead(urls: MediaUrls): Promise<string> {
    const envelope = await withinWait(
      ctx.config.firstScreenWaitMs,
      feedAnswer(ctx, { page: 1, limit: PAGE_SIZE.homeFeed }, urls),
    );
    if (envelope === undefined) return '';
    if (last?.envelope !== envelope) last = { envelope, head: firstFeedHead(envelope) };
    return last.head;
  }
  return (pathname, request, urls) => {
    const page = pageOf(pathname);
    if (page?.route === PAGE_ROUTES.home) {
      // A feed filtered by ?tag= starts on another first page: the SPA asks for it itself.
      return feedTagOf(searchOf(request.url)) ? Promise.resolve('') : homePageHead(urls);
    }
    const watched = page?.route === PAGE_ROUTES.watch ? page.params.videoId : undefined;
    // The API's own id rule, so no odd path reaches the database.
    if (watched && Value.Check(Id, watched)) {
      return watchPageHead(ctx, urls, watched, Boolean(request.cookies[ACCESS_COOKIE]));
    }
    const channel = CHANNEL_PAGE.exec(pathname)?.[1];
    return Promise.resolve(channel ? channelFeedHead(channel.toLowerCase(), urls) : '');
  };
}
