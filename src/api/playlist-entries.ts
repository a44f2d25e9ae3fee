/**
 * The calls and promise actors of Add to playlist (the watch page's Save, a video card's Save and
 * the dashboard's video rows) and of every batch dialog's saves. Only the lazy chunks of those
 * dialogs import this module, so none of it reaches the JavaScript of `/`; views reach it through
 * usePlaylistEntryActors, which tests override with fakes.
 *
 * fetchPlaylistChoices is a factory: the batch machine's input carries the video, not the caller,
 * so the dialog binds the caller (whose playlists are listed) when it opens.
 */
import { fromPromise } from 'xstate';
import { MAX_LIMIT } from '../../contract/limits';
import type { Playlist, PlaylistsHolding } from '../../contract/playlists';
import type { BatchInput, BatchItem, SaveEntryInput } from '../../machines/add-to-playlist.machine';
import { listUserPlaylists } from './channel-playlists';
import { request } from './client';

/** Every playlist of `ownerId`, newest first: page after page of the largest size until all. */
export async function listAllPlaylists(ownerId: string, signal?: AbortSignal): Promise<Playlist[]> {
  const all: Playlist[] = [];
  for (let page = 1; ; page++) {
    const { items, total } = await listUserPlaylists(ownerId, page, MAX_LIMIT, signal);
    all.push(...items);
    if (items.length < MAX_LIMIT || all.length >= total) return all;
  }
}

/** GET /playlist/watch-later: the caller's built-in list, made on first use. */
export function getWatchLater(signal?: AbortSignal): Promise<Playlist> {
  return request<Playlist>({ method: 'GET', url: '/playlist/watch-later', signal });
}

/** GET /playlist/holding/{videoId}: which of the caller's playlists hold the video (ours). */
export function getPlaylistsHolding(videoId: string, signal?: AbortSignal): Promise<string[]> {
  return request<PlaylistsHolding>({
    method: 'GET',
    url: `/playlist/holding/${encodeURIComponent(videoId)}`,
    signal,
  }).then((d) => d.playlistIds);
}

/** PATCH /playlist/add|remove/{videoId}/{playlistId} (video id first, as API.md has it). */
export function savePlaylistEntry({ op, videoId, playlistId }: SaveEntryInput): Promise<void> {
  return request<unknown>({
    method: 'PATCH',
    url: `/playlist/${op}/${encodeURIComponent(videoId)}/${encodeURIComponent(playlistId)}`,
  }).then(() => undefined);
}

export const playlistEntryActors = {
  /**
   * The caller's playlists for the Add to playlist dialog: Watch later first, then the rest,
   * those that hold the video (`input.targetId`) marked `held`, so they come ticked.
   */
  fetchPlaylistChoices: (ownerId: string) =>
    fromPromise<BatchItem[], BatchInput>(async ({ input, signal }) => {
      const [later, lists, holding] = await Promise.all([
        getWatchLater(signal),
        listAllPlaylists(ownerId, signal),
        getPlaylistsHolding(input.targetId, signal),
      ]);
      const held = new Set(holding);
      return [later, ...lists].map((p) => ({
        _id: p._id,
        label: p.playlistName,
        held: held.has(p._id),
        ...(p === later ? { builtIn: true } : {}),
      }));
    }),
  /** One line of any batch dialog (add to playlists, add videos, remove videos). */
  savePlaylistEntry: fromPromise<void, SaveEntryInput>(({ input }) => savePlaylistEntry(input)),
};

export type PlaylistEntryActors = typeof playlistEntryActors;
