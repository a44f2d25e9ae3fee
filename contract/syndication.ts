/**
 * Issue 34, beyond the site: what other sites read from us without signing in.
 *
 * - `GET /api/v1/oembed?url=…&format=json` (oEmbed 1.0, https://oembed.com): a watch or embed URL
 *   of a public video → the `video` response other sites unfurl a link with, its `html` the same
 *   `<iframe>` that Share's "Embed" gives. The watch page's HTML carries the discovery link.
 *   Bare JSON (not the API's envelope): oEmbed consumers read the fields at the top level. Errors
 *   keep the error envelope with the status codes oEmbed names: 404 for a URL that is not a public
 *   video of ours, 501 for a format other than json.
 * - `GET /api/v1/feeds/channels/{userName}`: RSS 2.0 of a channel's newest public videos
 *   (application/rss+xml). A channel page's HTML carries the discovery link.
 */
import { Type, type Static } from '@sinclair/typebox';
import { inject } from 'regexparam';
import { escapeMarkup } from './markup.js';

/** The embeddable player's page: the player alone (built for frames on other sites). */
export const EMBED_ROUTE = '/embed/:videoId';

export const embedPath = (videoId: string): string =>
  inject(EMBED_ROUTE, { videoId: encodeURIComponent(videoId) });

/** The frame Share's "Embed" and oEmbed hand out when the consumer names no size (16:9). */
export const EMBED_SIZE = { width: 560, height: 315 } as const;

/** The smallest frame oEmbed answers with: a player needs room for its bar. */
export const EMBED_MIN_WIDTH = 200;

/** A channel feed lists this many of the newest public videos (YouTube's feeds list 15). */
export const CHANNEL_FEED_ITEMS = 15;

/** The `<iframe>` code for a video at an origin, in the given size. */
export function embedCode(
  origin: string,
  videoId: string,
  title: string,
  size: { width: number; height: number } = EMBED_SIZE,
): string {
  return (
    `<iframe width="${size.width}" height="${size.height}" ` +
    `src="${escapeMarkup(origin + embedPath(videoId))}" title="${escapeMarkup(title)}" ` +
    'frameborder="0" allow="autoplay; encrypted-media; fullscreen; picture-in-picture" ' +
    'allowfullscreen></iframe>'
  );
}

export const OEmbedQuery = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2048 }),
  format: Type.Optional(Type.String({ maxLength: 10 })),
  maxwidth: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  maxheight: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
});
export type OEmbedQuery = Static<typeof OEmbedQuery>;

export const OEmbedVideo = Type.Object({
  type: Type.Literal('video'),
  version: Type.Literal('1.0'),
  title: Type.String(),
  author_name: Type.String(),
  author_url: Type.String(),
  provider_name: Type.String(),
  provider_url: Type.String(),
  thumbnail_url: Type.String(),
  thumbnail_width: Type.Integer(),
  thumbnail_height: Type.Integer(),
  html: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
});
export type OEmbedVideo = Static<typeof OEmbedVideo>;

export const ChannelFeedParams = Type.Object({
  userName: Type.String({ minLength: 1, maxLength: 100 }),
});
