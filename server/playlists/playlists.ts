/**
 * Reading playlists: a user's playlists (newest first) and one playlist with a page of its
 * videos in the order they were added. Every signed-in user may read any playlist; others'
 * unpublished videos are left out of what they see. Each call is a fixed number of statements.
 */
import { and, asc, count, eq, not, or } from 'drizzle-orm';
import { newId } from '../db/ids.js';
import type { Playlist, PlaylistDetail } from '../../contract/playlists.js';
import type { Db } from '../db/client.js';
import { playlists, playlistVideos, users, videos } from '../db/schema.js';
import { notFound } from '../errors.js';
import { descNullsLast } from '../db/order.js';
import { offsetOf, USER_NOT_FOUND, type Page } from '../db/page.js';
import { playlistColumns, toPlaylist } from './playlist-dto.js';
import { mediaUrl, type MediaUrls } from '../media/media-urls.js';
import { toOwner } from '../accounts/index.js';
import { toVideoItem, videoItemColumns, visibleTo } from '../videos/index.js';

export const PLAYLIST_NOT_FOUND = 'Playlist not found';
export const WATCH_LATER_NAME = 'Watch later';

/** A Watch later list exists only for its owner (issue 23); every other playlist for everyone. */
const playlistVisibleTo = (viewerId: string) =>
  or(not(playlists.watchLater), eq(playlists.ownerId, viewerId));

/** A user's playlists, newest first, and how many they have in all. */
export async function listUserPlaylists(
  db: Db,
  userId: string,
  viewerId: string,
  paging: Page,
  urls: MediaUrls,
): Promise<{ playlists: Playlist[]; total: number }> {
  const [[owner], rows, [total]] = await Promise.all([
    db.select({ id: users.id }).from(users).where(eq(users.id, userId)),
    db
      .select(playlistColumns(viewerId))
      .from(playlists)
      // A channel's list (its Playlists tab, the dialogs) never shows Watch later, even to its owner:
      // Library and the side menu reach it through GET /playlist/watch-later.
      .where(and(eq(playlists.ownerId, userId), not(playlists.watchLater)))
      .orderBy(descNullsLast(playlists.createdAt), descNullsLast(playlists.id))
      .limit(paging.limit)
      .offset(offsetOf(paging)),
    db
      .select({ n: count() })
      .from(playlists)
      .where(and(eq(playlists.ownerId, userId), not(playlists.watchLater))),
  ]);
  if (!owner) throw notFound(USER_NOT_FOUND);
  return { playlists: rows.map((row) => toPlaylist(row, urls)), total: total?.n ?? 0 };
}

/** One playlist as `viewerId` sees it (after a mutation, for its answer); 404 when unknown. */
export async function playlistById(
  db: Db,
  playlistId: string,
  viewerId: string,
  urls: MediaUrls,
): Promise<Playlist> {
  const [row] = await db
    .select(playlistColumns(viewerId))
    .from(playlists)
    .where(and(eq(playlists.id, playlistId), playlistVisibleTo(viewerId)));
  if (!row) throw notFound(PLAYLIST_NOT_FOUND);
  return toPlaylist(row, urls);
}

/** The caller's Watch later list, made on first use (the partial unique index keeps it one). */
export async function watchLaterOf(db: Db, userId: string, urls: MediaUrls): Promise<Playlist> {
  await db
    .insert(playlists)
    .values({ id: newId(), ownerId: userId, name: WATCH_LATER_NAME, watchLater: true })
    .onConflictDoNothing();
  const [row] = await db
    .select(playlistColumns(userId))
    .from(playlists)
    .where(and(eq(playlists.ownerId, userId), playlists.watchLater));
  if (!row) throw notFound(PLAYLIST_NOT_FOUND);
  return toPlaylist(row, urls);
}

export async function playlistDetail(
  db: Db,
  playlistId: string,
  viewerId: string,
  paging: Page,
  urls: MediaUrls,
): Promise<PlaylistDetail> {
  const [[head], rows] = await Promise.all([
    // The count and the cover come from the same subqueries as in lists, so they always agree.
    db
      .select({
        ...playlistColumns(viewerId),
        owner: {
          id: users.id,
          userName: users.userName,
          fullName: users.fullName,
          avatarKey: users.avatarKey,
        },
      })
      .from(playlists)
      .innerJoin(users, eq(users.id, playlists.ownerId))
      .where(and(eq(playlists.id, playlistId), playlistVisibleTo(viewerId))),
    db
      .select(videoItemColumns)
      .from(playlistVideos)
      .innerJoin(videos, eq(videos.id, playlistVideos.videoId))
      .innerJoin(users, eq(users.id, videos.ownerId))
      .where(and(eq(playlistVideos.playlistId, playlistId), visibleTo(viewerId)))
      .orderBy(asc(playlistVideos.position))
      .limit(paging.limit)
      .offset(offsetOf(paging)),
  ]);
  if (!head) throw notFound(PLAYLIST_NOT_FOUND);
  return {
    _id: head.id,
    playlistName: head.name,
    description: head.description,
    createdAt: head.createdAt.toISOString(),
    updatedAt: head.updatedAt.toISOString(),
    thumbnail: head.thumbnailKey ? mediaUrl(urls, head.thumbnailKey) : null,
    owner: toOwner(head.owner, urls),
    videos: rows.map((row) => toVideoItem(row, urls)),
    totalVideos: head.videoCount,
    page: paging.page,
    limit: paging.limit,
  };
}
