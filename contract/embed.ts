/**
 * The embeddable player (issue 34): `/embed/{videoId}` is a page of the player alone, which other
 * sites put in an <iframe>; it reads its video here, without a session.
 *
 * - `GET /embed/{videoId}` (public): a video anyone may watch without signing in (published;
 *   with issue 34's visibility, public or unlisted) → EmbedVideo. Any other id (missing, private,
 *   scheduled) is a 404, which the page shows as "Video unavailable".
 *
 * Views: the embed counts none (no session, no history entry); docs/studio-captions.md.
 */
import { Type, type Static } from '@sinclair/typebox';
import { CaptionList } from './captions.js';
import { Id } from './common.js';

export const EmbedVideo = Type.Object({
  _id: Id,
  title: Type.String(),
  thumbnail: Type.String(),
  /** The uploaded MP4. */
  videoFile: Type.String(),
  /** The HLS master playlist once a rendition is ready; null until then. */
  hlsUrl: Type.Union([Type.String(), Type.Null()]),
  duration: Type.Number(),
  /** The channel's name, shown over the picture. */
  channelName: Type.String(),
  captions: CaptionList,
});
export type EmbedVideo = Static<typeof EmbedVideo>;

/** What the page shows for a video it cannot play. */
export const EMBED_UNAVAILABLE = 'Video unavailable';

// The page's path and the <iframe> code Share and oEmbed give: contract/syndication.ts.
