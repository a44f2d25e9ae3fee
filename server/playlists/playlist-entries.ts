/**
 * Adding videos to and removing them from one's own playlist. A video sits in a playlist once
 * (the primary key decides, so two concurrent adds cannot both succeed: the loser gets the 409).
 * A video the owner may not see (someone else's unpublished one) cannot be added: 404, as
 * everywhere else. The checks, the entry and the playlist's updatedAt run in one transaction that
 * holds the playlist row, so concurrent changes to one playlist take turns.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Playlist, PlaylistsHolding } from '../../contract/playlists.js';
import type { Db } from '../db/client.js';
import { playlists, playlistVideos, videos } from '../db/schema.js';
import { conflict, notFound } from '../errors.js';
import { ownPlaylist } from './playlist-edits.js';
import { playlistById } from './playlists.js';
import { VIDEO_NOT_FOUND, visibleTo } from '../videos/index.js';
import type { MediaUrls } from '../media/media-urls.js';

export const ALREADY_IN_PLAYLIST = 'Video already in playlist';
export const NOT_IN_PLAYLIST = 'Video not in playlist';

export interface EntryTarget {
  playlistId: string;
  videoId: string;
}

export async function addToPlaylist(
  db: Db,
  { playlistId, videoId }: EntryTarget,
  callerId: string,
  urls: MediaUrls,
): Promise<Playlist> {
  await db.transaction(async (tx) => {
    await ownPlaylist(tx, playlistId, callerId, true);
    // KEY SHARE: the video cannot be deleted before this entry is committed (no FK error).
    const [video] = await tx
      .select({ id: videos.id })
      .from(videos)
      .where(and(eq(videos.id, videoId), visibleTo(callerId)))
      .for('key share');
    if (!video) throw notFound(VIDEO_NOT_FOUND);
    const added = await tx
      .insert(playlistVideos)
      .values({ playlistId, videoId })
      .onConflictDoNothing()
      .returning({ videoId: playlistVideos.videoId });
    if (added.length === 0) throw conflict(ALREADY_IN_PLAYLIST);
    await tx
      .update(playlists)
      .set({ updatedAt: sql`now()` })
      .where(eq(playlists.id, playlistId));
  });
  return playlistById(db, playlistId, callerId, urls);
}

export async function removeFromPlaylist(
  db: Db,
  { playlistId, videoId }: EntryTarget,
  callerId: string,
  urls: MediaUrls,
): Promise<Playlist> {
  await db.transaction(async (tx) => {
    await ownPlaylist(tx, playlistId, callerId, true);
    const removed = await tx
      .delete(playlistVideos)
      .where(and(eq(playlistVideos.playlistId, playlistId), eq(playlistVideos.videoId, videoId)))
      .returning({ videoId: playlistVideos.videoId });
    if (removed.length === 0) throw notFound(NOT_IN_PLAYLIST);
    await tx
      .update(playlists)
      .set({ updatedAt: sql`now()` })
      .where(eq(playlists.id, playlistId));
  });
  return playlistById(db, playlistId, callerId, urls);
}

/**
 * Which of the caller's own playlists (Watch later included) hold the video, for the Save
 * dialog's ticks. A video the caller may not see (someone else's unpublished one, or none) is a
 * 404, as everywhere; others' playlists are never named.
 */
export async function playlistsHolding(
  db: Db,
  videoId: string,
  callerId: string,
): Promise<PlaylistsHolding> {
  const [[video], rows] = await Promise.all([
    db
      .select({ id: videos.id })
      .from(videos)
      .where(and(eq(videos.id, videoId), visibleTo(callerId))),
    db
      .select({ id: playlistVideos.playlistId })
      .from(playlistVideos)
      .innerJoin(playlists, eq(playlists.id, playlistVideos.playlistId))
      .where(and(eq(playlistVideos.videoId, videoId), eq(playlists.ownerId, callerId))),
  ]);
  if (!video) throw notFound(VIDEO_NOT_FOUND);
  return { videoId, playlistIds: rows.map((r) => r.id) };
}
