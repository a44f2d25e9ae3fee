/**
 * The Library page's shelves (/collections): the newest watch history as a page of videos, for
 * the shared pager. The playlists and videos shelves use the channel's own page actors.
 */
import { fromPromise } from 'xstate';
import type { Page, PageRequest } from '../../machines/pager.machine';
import { getHistory } from './history';
import { getPlaylist } from './playlist-detail';

/** The playlist address of the caller's Watch later (the server's alias). */
export const WATCH_LATER_PATH = '/Playlist/WL';

export const libraryActors = {
  fetchHistoryVideoPage: fromPromise<Page, PageRequest>(async ({ input, signal }) => {
    const { history, totalHistory } = await getHistory(input.page, input.limit, signal);
    return { items: history.map((entry) => entry.video), total: totalHistory };
  }),
  /** The newest page of Watch later (made on first use by the server). */
  fetchWatchLaterVideoPage: fromPromise<Page, PageRequest>(async ({ input, signal }) => {
    const list = await getPlaylist('WL', input.page, signal);
    return { items: list.videos, total: list.totalVideos };
  }),
};
