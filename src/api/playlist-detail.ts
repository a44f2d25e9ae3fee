/**
 * One playlist with its videos (API.md, `GET /playlist/{playlistId}`) and the promise actor the
 * Playlist page's machine runs. A failure rejects with the client's ApiError, whose 404 the
 * machine turns into its not-found state.
 */
import { fromPromise } from 'xstate';
import type { PlaylistDetail } from '../../contract/playlists';
import { request } from './client';

/** The playlist with one page of its videos (the API's default size, 50). */
export function getPlaylist(playlistId: string, page: number, signal?: AbortSignal) {
  return request<PlaylistDetail>({
    method: 'GET',
    url: `/playlist/${encodeURIComponent(playlistId)}`,
    params: { page },
    signal,
  });
}

export const playlistDetailActors = {
  fetchPlaylist: fromPromise<PlaylistDetail, { playlistId: string; page: number }>(
    ({ input, signal }) => getPlaylist(input.playlistId, input.page, signal),
  ),
};
