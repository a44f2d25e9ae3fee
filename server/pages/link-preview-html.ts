/**
 * Issue 34: what a watch page's and a channel page's HTML tell other sites, whoever asks (link
 * unfurlers send no cookie): on a public video's watch page, oEmbed discovery (oembed.com §4) and
 * Open Graph tags; on a channel page, its RSS feed's discovery link. Public data only, and nothing
 * for an id that is not a public video, so a preview reveals no unlisted or private video.
 */
import { API_PREFIX } from '../../contract/limits.js';
import { watchPath } from '../../contract/page-routes.js';
import { embedPath } from '../../contract/syndication.js';
import { mediaUrl, type MediaUrls } from '../media/media-urls.js';
import { escapeMarkup } from '../../contract/markup.js';
import { PROVIDER_NAME, type PublicVideo } from '../syndication/index.js';

/** Open Graph descriptions are cut here (what previews show of them). */
const PREVIEW_DESCRIPTION_CHARS = 200;

const meta = (property: string, content: string) =>
  `    <meta property="${property}" content="${escapeMarkup(content)}">\n`;

export function watchPreviewHead(video: PublicVideo, urls: MediaUrls): string {
  const pageUrl = urls.origin + watchPath(video.id);
  const oembed = `${urls.origin}${API_PREFIX}/oembed?url=${encodeURIComponent(pageUrl)}&format=json`;
  const description = video.description.slice(0, PREVIEW_DESCRIPTION_CHARS);
  return (
    `    <link rel="alternate" type="application/json+oembed" href="${escapeMarkup(oembed)}" title="${escapeMarkup(video.title)}">\n` +
    meta('og:site_name', PROVIDER_NAME) +
    meta('og:type', 'video.other') +
    meta('og:title', video.title) +
    meta('og:description', description) +
    meta('og:url', pageUrl) +
    meta('og:image', mediaUrl(urls, video.thumbnailKey)) +
    meta('og:video:url', urls.origin + embedPath(video.id)) +
    meta('og:video:type', 'text/html')
  );
}

/** The channel page's feed discovery (RSS readers find the feed from the page's address). */
export function channelFeedHead(userName: string, urls: MediaUrls): string {
  const href = `${urls.origin}${API_PREFIX}/feeds/channels/${encodeURIComponent(userName)}`;
  return `    <link rel="alternate" type="application/rss+xml" title="${escapeMarkup(`${userName} on ${PROVIDER_NAME}`)}" href="${escapeMarkup(href)}">\n`;
}
