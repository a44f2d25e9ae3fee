/**
 * A user's playlists (API.md "Playlists": GET /playlist/user/{userId}), for the channel's PlayList
 * tab: one page at a time for the pager, with the total from X-Total-Count.
 */
import { fromPromise } from 'xstate';
import type { Playlist } from '../../contract/playlists';
import type { Page, PageRequest } from '../../machines/pager.machine';
import { requestList } from './client';

export function listUserPlaylists(
  userId: string,
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<{ items: Playlist[]; total: number }> {
  return requestList<Playlist>({
    method: 'GET',
    url: `/playlist/user/${encodeURIComponent(userId)}`,
    params: { page, limit },
    signal,
  });
}

export const channelPlaylistActors = {
  /** params.userId names the channel. */
  fetchPlaylistPage: fromPromise<Page, PageRequest>(({ input, signal }) => {
    const userId = typeof input.params.userId === 'string' ? input.params.userId : '';
    if (!userId) throw new Error('userId required');
    return listUserPlaylists(userId, input.page, input.limit, signal);
  }),
};
