/**
 * Contract of API.md's Playlists calls:
 *   GET    /playlist/user/{userId}?page&limit        Playlist[]  (X-Total-Count: all of them)
 *   GET    /playlist/{playlistId}?page&limit         PlaylistDetail
 *   POST   /playlist                                 title, description → Playlist (201)
 *   PATCH  /playlist/{playlistId}                    name, description → Playlist
 *   DELETE /playlist/{playlistId}                    {}
 *   PATCH  /playlist/add/{videoId}/{playlistId}      Playlist (409 "Video already in playlist")
 *   PATCH  /playlist/remove/{videoId}/{playlistId}   Playlist
 * Ours (docs/player.md, "Save, Watch later"), not in API.md:
 *   GET    /playlist/holding/{videoId}               { videoId, playlistIds }: which of the
 *                                                    caller's playlists hold it (404 if unseen)
 * The create body names the field `title` and the update body `name`, as the client sends them.
 * Lists answer an array (API.md's shape), so their total travels in the X-Total-Count header.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateString, Id, PageQuery, ClosedBody } from './common.js';
import { TEXT_RULES } from './field-rules.js';
import { LIMITS } from './limits.js';
import { Owner, VideoItem } from './shapes.js';

export { isReservedPlaylistName, RESERVED_NAME_MESSAGE } from './playlist-names.js';

/** Server-enforced (API.md, Limits): name 1…100 after trimming, description ≤ 1000. */
export const PLAYLIST_LIMITS = {
  name: LIMITS.playlistName,
  description: LIMITS.playlistDescription,
} as const;

/**
 * A user's playlists, one page: the add-to-playlist dialog shows them all, so the default is the
 * largest page. The detail's videos come in pages of the same size.
 */
export const PLAYLIST_PAGE_SIZE = 50;
export const PLAYLIST_VIDEOS_PAGE_SIZE = 50;

/** `WL` names the caller's own Watch later wherever a playlist id is read (GET /playlist/WL). */
export const WATCH_LATER_ALIAS = 'WL';

export const PlaylistIdParams = Type.Object({
  playlistId: Type.Union([Id, Type.Literal(WATCH_LATER_ALIAS)]),
});
export const PlaylistUserParams = Type.Object({ userId: Id });
/** Video id first, as API.md writes the path. */
export const PlaylistVideoParams = Type.Object({ videoId: Id, playlistId: Id });

/** GET /playlist/holding/{videoId}. */
export const PlaylistHoldingParams = Type.Object({ videoId: Id });

/**
 * Which of the caller's own playlists (Watch later included) hold the video: the Save dialog
 * ticks them. Ids only, in no particular order.
 */
export const PlaylistsHolding = Type.Object({
  videoId: Id,
  playlistIds: Type.Array(Id),
});
export type PlaylistsHolding = Static<typeof PlaylistsHolding>;

export const PlaylistsQuery = PageQuery(PLAYLIST_PAGE_SIZE);
export type PlaylistsQuery = Static<typeof PlaylistsQuery>;
export const PlaylistVideosQuery = PageQuery(PLAYLIST_VIDEOS_PAGE_SIZE);
export type PlaylistVideosQuery = Static<typeof PlaylistVideosQuery>;

const PlaylistName = Type.String(TEXT_RULES.playlistName);
const PlaylistDescription = Type.String(TEXT_RULES.playlistDescription);

/** Names are trimmed before this schema runs; a blank one counts as missing. */
export const CreatePlaylistBody = ClosedBody(
  Type.Object({
    title: PlaylistName,
    description: Type.Optional(PlaylistDescription),
  }),
);
export type CreatePlaylistBody = Static<typeof CreatePlaylistBody>;

/** An absent description keeps the current one; an empty one clears it. */
export const UpdatePlaylistBody = ClosedBody(
  Type.Object({
    name: PlaylistName,
    description: Type.Optional(PlaylistDescription),
  }),
);
export type UpdatePlaylistBody = Static<typeof UpdatePlaylistBody>;

/**
 * A playlist in lists and as the answer to its mutations. `videos` counts the entries the caller
 * may see (others' unpublished videos are left out); `thumbnail` is the first of them, or null.
 */
export const Playlist = Type.Object({
  _id: Id,
  playlistName: Type.String(),
  description: Type.String(),
  videos: Type.Integer(),
  thumbnail: Type.Union([Type.String(), Type.Null()]),
  createdAt: DateString,
  updatedAt: DateString,
});
export type Playlist = Static<typeof Playlist>;

/**
 * One playlist with one page of its videos in the order they were added. `thumbnail`,
 * `totalVideos`, `page` and `limit` are additions to API.md's shape: the cover and the count of
 * the left panel (whatever the page), and the paging.
 */
export const PlaylistDetail = Type.Object({
  _id: Id,
  playlistName: Type.String(),
  description: Type.String(),
  createdAt: DateString,
  updatedAt: DateString,
  thumbnail: Type.Union([Type.String(), Type.Null()]),
  owner: Owner,
  videos: Type.Array(VideoItem),
  totalVideos: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
});
export type PlaylistDetail = Static<typeof PlaylistDetail>;
