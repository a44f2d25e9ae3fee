/**
 * Creating, renaming and deleting playlists. Only the owner may change one: 404 when it does not
 * exist, 403 for anyone else, checked before anything is written. Deleting a playlist removes its
 * entries by their ON DELETE CASCADE, in the same statement.
 */
import { eq, sql } from 'drizzle-orm';
import { fieldMessage } from '../../contract/field-messages.js';
import {
  isReservedPlaylistName,
  RESERVED_NAME_MESSAGE,
  type Playlist,
} from '../../contract/playlists.js';
import type { Db, Tx } from '../db/client.js';
import { newId } from '../db/ids.js';
import { playlists } from '../db/schema.js';
import { invalid, conflict, forbidden, notFound } from '../errors.js';
import { PLAYLIST_NOT_FOUND, playlistById } from './playlists.js';
import type { MediaUrls } from '../media/media-urls.js';

export const NOT_PLAYLIST_OWNER = 'Only the owner can change this playlist';
export const WATCH_LATER_FIXED = 'Watch later cannot be renamed or deleted';

/**
 * Loads a playlist for a mutation by `callerId`: 404 when unknown, 403 when not theirs. Inside a
 * transaction `lock` holds the row until commit, so a concurrent delete cannot slip in between
 * the check and the write.
 */
export async function ownPlaylist(db: Db | Tx, playlistId: string, callerId: string, lock = false) {
  const query = db
    .select({ id: playlists.id, ownerId: playlists.ownerId, watchLater: playlists.watchLater })
    .from(playlists)
    .where(eq(playlists.id, playlistId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(PLAYLIST_NOT_FOUND);
  // Someone else's Watch later does not exist for the caller (not even as "not yours").
  if (row.ownerId !== callerId)
    throw row.watchLater ? notFound(PLAYLIST_NOT_FOUND) : forbidden(NOT_PLAYLIST_OWNER);
  return row;
}

/** 409 when `name` is the built-in list's ("Watch later", any case or spacing); `field` names it. */
function refuseReservedName(name: string, field: 'title' | 'name'): void {
  if (isReservedPlaylistName(name)) throw conflict(fieldMessage(field, RESERVED_NAME_MESSAGE));
}

export interface PlaylistFields {
  /** Already trimmed (and within limits) by the route. */
  name: string;
  /** Absent on an update: keep the current description. */
  description?: string | undefined;
}

export async function createPlaylist(
  db: Db,
  ownerId: string,
  fields: PlaylistFields,
  urls: MediaUrls,
): Promise<Playlist> {
  refuseReservedName(fields.name, 'title');
  const id = newId();
  await db.insert(playlists).values({
    id,
    ownerId,
    name: fields.name,
    description: fields.description?.trim() ?? '',
  });
  return playlistById(db, id, ownerId, urls);
}

export async function updatePlaylist(
  db: Db,
  playlistId: string,
  callerId: string,
  fields: PlaylistFields,
  urls: MediaUrls,
): Promise<Playlist> {
  const own = await ownPlaylist(db, playlistId, callerId);
  if (own.watchLater) throw invalid(WATCH_LATER_FIXED);
  refuseReservedName(fields.name, 'name');
  await db
    .update(playlists)
    .set({
      name: fields.name,
      ...(fields.description === undefined ? {} : { description: fields.description.trim() }),
      updatedAt: sql`now()`,
    })
    .where(eq(playlists.id, playlistId));
  return playlistById(db, playlistId, callerId, urls);
}

export async function deletePlaylist(db: Db, playlistId: string, callerId: string): Promise<void> {
  const own = await ownPlaylist(db, playlistId, callerId);
  if (own.watchLater) throw invalid(WATCH_LATER_FIXED);
  await db.delete(playlists).where(eq(playlists.id, playlistId));
}
