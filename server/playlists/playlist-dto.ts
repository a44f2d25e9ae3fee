/**
 * The Playlist shape of list answers: the visible-entry count and the first visible thumbnail are
 * correlated subqueries of the same statement (served by playlist_videos_order_idx), so a page of
 * playlists is one query whatever the number of playlists or entries. "Visible" is the rule of
 * DESIGN.md: others' unpublished videos exist only for their owner.
 */
import { sql } from 'drizzle-orm';
import type { Playlist } from '../../contract/playlists.js';
import { playlists } from '../db/schema.js';
import { mediaUrl, type MediaUrls } from '../media/media-urls.js';

function visibleEntries(viewerId: string) {
  return sql`from playlist_videos pv join videos v on v.id = pv.video_id
    where pv.playlist_id = ${playlists.id} and (v.is_published or v.owner_id = ${viewerId})`;
}

/** Columns of a Playlist as `viewerId` sees it; select them from `playlists`. */
export function playlistColumns(viewerId: string) {
  return {
    id: playlists.id,
    name: playlists.name,
    description: playlists.description,
    createdAt: playlists.createdAt,
    updatedAt: playlists.updatedAt,
    videoCount: sql<number>`(select count(*)::int ${visibleEntries(viewerId)})`.mapWith(Number),
    thumbnailKey: sql<
      string | null
    >`(select v.thumbnail_key ${visibleEntries(viewerId)} order by pv.position limit 1)`,
  };
}

export interface PlaylistRow {
  id: string;
  name: string;
  description: string;
  createdAt: Date;
  updatedAt: Date;
  videoCount: number;
  thumbnailKey: string | null;
}

export function toPlaylist(row: PlaylistRow, urls: MediaUrls): Playlist {
  return {
    _id: row.id,
    playlistName: row.name,
    description: row.description,
    videos: row.videoCount,
    thumbnail: row.thumbnailKey ? mediaUrl(urls, row.thumbnailKey) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
