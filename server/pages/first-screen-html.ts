/**
 * What the HTML of the first-screen pages carries beyond index.html (issue 11). On `/`, so that
 * the home feed paints without an API round trip after the scripts have run:
 * - the feed's first page exactly as `GET /videos?page=1` answers a visitor, in a
 *   `<script type="application/json">` data block that the SPA reads (src/api/first-screen.ts).
 *   A data block never runs, so the Content-Security-Policy (`script-src 'self'`, no inline
 *   script) is untouched; every `<` is written `\u003c`, so no title can close the element.
 * - `<link rel="preload" as="image">` for the first thumbnails with the grid's own srcset and
 *   sizes, so the browser fetches them while it fetches the scripts.
 * On `/watch/{id}`, for a caller with a session (the page is for signed-in users), a preload
 * of the poster, which is the page's largest paint: it loads beside the scripts instead of after
 * the video's API answer. Only for a published video, so an id reveals nothing new. On
 * `/search?query=…` the first result's thumbnail (search-page-head.ts). For anyone,
 * a public video's link preview (oEmbed discovery, Open Graph) and a channel page's RSS discovery
 * link (issue 34, link-preview-html.ts).
 * Public data only: the additions never depend on who asks (the session only decides whether the
 * poster is worth preloading). Who asks travels in the page too, but apart (page-session.ts).
 */
import { Value } from '@sinclair/typebox/value';
import { Id } from '../../contract/common.js';
import { jsonForHtml } from '../../contract/markup.js';
import { FIRST_FEED_ELEMENT_ID, type FirstSession } from '../../contract/first-screen.js';
import { PAGE_SIZE } from '../../contract/limits.js';
import { feedTagOf, PAGE_ROUTES, pageOf } from '../../contract/page-routes.js';
import { EAGER_THUMBNAILS, THUMBNAIL_SIZES } from '../../contract/thumbnail-sizes.js';
import type { VideoList } from '../../contract/videos.js';
import type { PageContext } from './page-context.js';
import { mediaSizes, mediaUrl, type MediaUrls } from '../media/media-urls.js';
import { feedAnswer } from '../feed/index.js';
import { publicVideo } from '../syndication/index.js';
import { thumbnailPreload, withinWait } from './image-preload.js';
import { channelFeedHead, watchPreviewHead } from './link-preview-html.js';
import { hasSession } from './page-session.js';
import { searchPageHead } from './search-page-head.js';

/** Preloads of the grid's first thumbnails (those it loads eagerly), with the grid's srcset. */
export const feedPreloads = (feed: VideoList): string =>
  feed.videos
    .slice(0, EAGER_THUMBNAILS)
    .map((video) => thumbnailPreload(video, THUMBNAIL_SIZES.grid))
    .join('');

/** The head's additions for a serialized feed answer (the envelope GET /videos sends). */
export function firstFeedHead(envelope: string): string {
  const { data } = JSON.parse(envelope) as { data: VideoList };
  return `${feedPreloads(data)}    <script type="application/json" id="${FIRST_FEED_ELEMENT_ID}">${jsonForHtml(envelope)}</script>\n`;
}

/**
 * A public video's link preview for anyone (link-preview-html.ts), and for a caller with a session
 * (the page is for signed-in users) the poster's preload.
 */
async function watchPageHead(
  ctx: PageContext,
  urls: MediaUrls,
  videoId: string,
  session: Promise<FirstSession>,
): Promise<string> {
  const [video, who] = await Promise.all([
    withinWait(ctx.config.firstScreenWaitMs, publicVideo(ctx.db, videoId)),
    session,
  ]);
  if (!video) return '';
  // The poster's widths with the player's sizes: what its rendered <img> then picks.
  const poster = {
    thumbnail: mediaUrl(urls, video.thumbnailKey),
    thumbnailSizes: mediaSizes(urls, video.thumbnailKey),
  };
  const preload = hasSession(who) ? thumbnailPreload(poster, THUMBNAIL_SIZES.player) : '';
  return preload + watchPreviewHead(video, urls);
}

/** The channel page's path (src/app/routes.tsx); its head carries the RSS feed's discovery link. */
const CHANNEL_PAGE = /^\/channel\/([a-z0-9_.]{3,30})(?:\/[^/]*)?\/?$/i;

/** What `firstScreenHeads` returns: the head's additions for the page at a pathname. */
export type FirstScreenHead = (
  pathname: string,
  request: { url: string },
  urls: MediaUrls,
  /** Who asks (page-session.ts), for the pages whose additions only a signed-in user needs. */
  session: Promise<FirstSession>,
) => Promise<string>;

/** The query string of a request URL ('' when it has none). */
export const searchOf = (url: string): string => url.slice(url.indexOf('?') + 1 || url.length);

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
  return (pathname, request, urls, session) => {
    const page = pageOf(pathname);
    if (page?.route === PAGE_ROUTES.home) {
      // A feed filtered by ?tag= starts on another first page: the SPA asks for it itself.
      return feedTagOf(searchOf(request.url)) ? Promise.resolve('') : homePageHead(urls);
    }
    const watched = page?.route === PAGE_ROUTES.watch ? page.params.videoId : undefined;
    // The API's own id rule, so no odd path reaches the database.
    if (watched && Value.Check(Id, watched)) {
      return watchPageHead(ctx, urls, watched, session);
    }
    if (page?.route === PAGE_ROUTES.search) return searchPageHead(ctx, searchOf(request.url), urls);
    const channel = CHANNEL_PAGE.exec(pathname)?.[1];
    return Promise.resolve(channel ? channelFeedHead(channel.toLowerCase(), urls) : '');
  };
}
