/**
 * One playlist with its videos (API.md, `GET /playlist/{playlistId}`) and the promise actor the
 * Playlist page's machine runs. A failure rejects with the client's ApiError, whose 404 the
 * machine turns into its not-found state.
 */
import { fromPromise } from 'xstate';
import type { PlaylistDetail } from '../../contract/playlists';
import { FIRST_PAGE } from '../../contract/limits';
import { request } from './client';

export function getPlaylist(playlistId: string, signal?: AbortSignal) {
  return request<PlaylistDetail>({
    method: 'GET',
    url: `/playlist/${encodeURIComponent(playlistId)}`,
    params: { page: FIRST_PAGE },
    signal,
  });
}

export const playlistDetailActors = {
  fetchPlaylist: fromPromise<PlaylistDetail, { playlistId: string }>(({ input, signal }) =>
    getPlaylist(input.playlistId, signal),
  ),
};
