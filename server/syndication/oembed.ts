/**
 * oEmbed 1.0 (https://oembed.com) for our videos: which URLs are ours, and the `video` response a
 * consumer (a chat app, a blog engine) unfurls a link with. Its `html` is the `<iframe>` of
 * Share's "Embed" (contract/syndication.ts), scaled into maxwidth × maxheight at 16:9.
 */
import { Value } from '@sinclair/typebox/value';
import { Id } from '../../contract/common.js';
import { PAGE_ROUTES, routePattern } from '../../contract/page-routes.js';
import {
  EMBED_MIN_WIDTH,
  EMBED_ROUTE,
  EMBED_SIZE,
  embedCode,
  type OEmbedVideo,
} from '../../contract/syndication.js';
import { mediaSizes, mediaUrl, type MediaUrls } from '../media/media-urls.js';
import type { PublicVideo } from './public-video.js';

export const PROVIDER_NAME = 'VidTube';

const VIDEO_PAGES = [routePattern(PAGE_ROUTES.watch), routePattern(EMBED_ROUTE)];

/**
 * The video id a watch or embed URL names, when the URL is on `origin` (the one the consumer
 * reached us at, or PUBLIC_URL); null for anything else, so no other site's URL is answered.
 */
export function videoIdOfUrl(url: string, origin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(origin).origin) return null;
  for (const pattern of VIDEO_PAGES) {
    const id = pattern.exec(parsed.pathname)?.[1];
    if (id !== undefined) {
      const decoded = safeDecode(id);
      return decoded !== null && Value.Check(Id, decoded) ? decoded : null;
    }
  }
  return null;
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The largest 16:9 frame within the consumer's bounds, never above our default nor below a usable player. */
export function frameSize(
  maxwidth?: number,
  maxheight?: number,
): { width: number; height: number } {
  let width = Math.min(EMBED_SIZE.width, maxwidth ?? Infinity);
  if (maxheight !== undefined) width = Math.min(width, Math.floor((maxheight * 16) / 9));
  width = Math.max(EMBED_MIN_WIDTH, width);
  return { width, height: Math.round((width * 9) / 16) };
}

/** The thumbnail a link preview shows: the 720 px width when stored, else the one file. */
function thumbnailOf(video: PublicVideo, urls: MediaUrls) {
  const sized = mediaSizes(urls, video.thumbnailKey).find((size) => size.width === 720);
  const url = sized?.url ?? mediaUrl(urls, video.thumbnailKey);
  const width = sized?.width ?? 1280;
  return { url, width, height: Math.round((width * 9) / 16) };
}

export function oembedOf(
  video: PublicVideo,
  urls: MediaUrls,
  bounds: { maxwidth?: number; maxheight?: number },
): OEmbedVideo {
  const size = frameSize(bounds.maxwidth, bounds.maxheight);
  const thumbnail = thumbnailOf(video, urls);
  return {
    type: 'video',
    version: '1.0',
    title: video.title,
    author_name: video.ownerFullName,
    author_url: `${urls.origin}/Channel/${encodeURIComponent(video.ownerUserName)}`,
    provider_name: PROVIDER_NAME,
    provider_url: `${urls.origin}/`,
    thumbnail_url: thumbnail.url,
    thumbnail_width: thumbnail.width,
    thumbnail_height: thumbnail.height,
    html: embedCode(urls.origin, video.id, video.title, size),
    ...size,
  };
}
