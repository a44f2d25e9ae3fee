/**
 * What pages read from the domains server/pages may not import (docs/architecture.md, Layers):
 * the shell (server/app.ts) hands these down. Each answers as its API call answers the caller.
 */
import type { Channel } from '../../contract/users.js';
import type { ChannelResult } from '../../contract/search.js';
import type { PlaylistDetail } from '../../contract/playlists.js';
import type { User } from '../../contract/shapes.js';
import type { MediaUrls } from '../media/media-urls.js';

export interface PageReaders {
  /** The user DTO of an account, or null: who the page is for (page-session.ts). */
  findUser: (userId: string, urls: MediaUrls) => Promise<User | null>;
  /** The channels a search names for the one who asks (`GET /search/channels`). */
  findChannels: (
    query: string,
    callerId: string | null,
    urls: MediaUrls,
  ) => Promise<ChannelResult[]>;
  /** A channel's profile for the viewer (`GET /users/channel/{userName}`), or null for its 404. */
  findChannel: (userName: string, viewerId: string, urls: MediaUrls) => Promise<Channel | null>;
  /** Page 1 of a playlist for the viewer (`GET /playlist/{segment}`), or null for its 400 or 404. */
  findPlaylist: (
    segment: string,
    viewerId: string,
    urls: MediaUrls,
  ) => Promise<PlaylistDetail | null>;
}
