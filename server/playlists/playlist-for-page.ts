/**
 * The Playlist page's data for its server rendering (issue 35, server/pages/server-render.ts):
 * what `GET /playlist/{segment}` answers the viewer, with the same rules, or null where that
 * answers 400 or 404 (the page then asks itself and says so, as before).
 */
import { Value } from '@sinclair/typebox/value';
import { FIRST_PAGE } from '../../contract/limits.js';
import {
  PLAYLIST_VIDEOS_PAGE_SIZE,
  PlaylistIdParams,
  WATCH_LATER_ALIAS,
  type PlaylistDetail,
} from '../../contract/playlists.js';
import type { Db } from '../db/client.js';
import { isDomainError } from '../errors.js';
import type { MediaUrls } from '../media/media-urls.js';
import { playlistDetail, watchLaterOf } from './playlists.js';

/** The playlist a path segment names for `callerId`: `WL` is the caller's own Watch later. */
export async function playlistIdOf(
  db: Db,
  segment: string,
  callerId: string,
  urls: MediaUrls,
): Promise<string> {
  return segment === WATCH_LATER_ALIAS ? (await watchLaterOf(db, callerId, urls))._id : segment;
}

export async function playlistForPage(
  db: Db,
  segment: string,
  viewerId: string,
  urls: MediaUrls,
): Promise<PlaylistDetail | null> {
  // The route's own parameter rule, so no odd path reaches the database.
  if (!Value.Check(PlaylistIdParams, { playlistId: segment })) return null;
  try {
    const playlistId = await playlistIdOf(db, segment, viewerId, urls);
    const firstPage = { page: FIRST_PAGE, limit: PLAYLIST_VIDEOS_PAGE_SIZE };
    return await playlistDetail(db, playlistId, viewerId, firstPage, urls);
  } catch (error) {
    if (isDomainError(error, 'not-found')) return null;
    throw error;
  }
}
