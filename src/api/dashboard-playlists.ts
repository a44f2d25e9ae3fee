/**
 * The calls of the dashboard's Playlists tab (API.md "Playlists") and the promise actors its
 * machines run: create and edit (the form dialogs), delete (the confirmation step), and the
 * add-videos / remove-videos batch dialogs' list (their saves are playlist-entries.ts'
 * `savePlaylistEntry`). The list itself is the channel's `fetchPlaylistPage` with the caller's id.
 *
 * The dashboard page is lazy, so these are provided there (usePageActors), not by actors.tsx:
 * their code stays out of the JavaScript that / loads.
 */
import { fromPromise } from 'xstate';
import type { Playlist, PlaylistDetail } from '../../contract/playlists';
import type { VideoItem } from '../../contract/shapes';
import { FIRST_PAGE, MAX_LIMIT, MAX_PAGE } from '../../contract/limits';
import type { BatchInput, BatchItem } from '../../machines/add-to-playlist.machine';
import type { ConfirmRequest } from '../../machines/confirm-action.machine';
import type { PlaylistValues } from '../../machines/playlist-form.machine';
import { request } from './client';
import { listOwnVideos } from './videos';

const id = (value: string) => encodeURIComponent(value);

export function createPlaylist(values: PlaylistValues): Promise<Playlist> {
  return request<Playlist>({ method: 'POST', url: '/playlist', data: values });
}

/** The update body names the title `name` (spec §3). */
export function updatePlaylist(playlistId: string, values: PlaylistValues): Promise<Playlist> {
  return request<Playlist>({
    method: 'PATCH',
    url: `/playlist/${id(playlistId)}`,
    data: { name: values.title, description: values.description },
  });
}

export async function deletePlaylist(playlistId: string): Promise<void> {
  await request<unknown>({ method: 'DELETE', url: `/playlist/${id(playlistId)}` });
}

/**
 * Every page of a list, MAX_LIMIT at a time: the batch dialogs page through the whole list on
 * the client (2 per page), so they need all of it. Stops at the total or at a short page.
 */
async function allPages<T>(
  fetchPage: (page: number) => Promise<{ items: T[]; total: number }>,
): Promise<T[]> {
  const all: T[] = [];
  for (let page = FIRST_PAGE; page <= MAX_PAGE; page++) {
    const { items, total } = await fetchPage(page);
    all.push(...items);
    if (items.length < MAX_LIMIT || all.length >= total) break;
  }
  return all;
}

function playlistVideos(playlistId: string, signal?: AbortSignal): Promise<VideoItem[]> {
  return allPages(async (page) => {
    const detail = await request<PlaylistDetail>({
      method: 'GET',
      url: `/playlist/${id(playlistId)}`,
      params: { page, limit: MAX_LIMIT },
      signal,
    });
    return { items: detail.videos, total: detail.totalVideos };
  });
}

function ownVideos(signal?: AbortSignal): Promise<VideoItem[]> {
  return allPages(async (page) => {
    const { videos, totalVideos } = await listOwnVideos(page, MAX_LIMIT, signal);
    return { items: videos, total: totalVideos };
  });
}

/**
 * The lines of the add-videos dialog (the caller's videos, those already in the playlist locked)
 * or of the remove-videos dialog (the playlist's videos).
 */
export async function playlistVideoChoices(
  { mode, targetId }: BatchInput,
  signal?: AbortSignal,
): Promise<BatchItem[]> {
  const inPlaylist = await playlistVideos(targetId, signal);
  const line = (v: VideoItem, locked: boolean): BatchItem => ({
    _id: v._id,
    label: v.title,
    locked,
  });
  if (mode === 'removeVideos') return inPlaylist.map((v) => line(v, false));
  const held = new Set(inPlaylist.map((v) => v._id));
  return (await ownVideos(signal)).map((v) => line(v, held.has(v._id)));
}

export const dashboardPlaylistActors = {
  createPlaylist: fromPromise<Playlist, PlaylistValues>(({ input }) => createPlaylist(input)),
  updatePlaylist: fromPromise<Playlist, PlaylistValues & { playlistId: string }>(({ input }) =>
    updatePlaylist(input.playlistId, input),
  ),
  performPlaylistAction: fromPromise<unknown, ConfirmRequest>(({ input }) => {
    // The videos have their own tab and actor; reaching this is a wiring mistake.
    if (input.action !== 'deletePlaylist')
      throw new Error(`not a playlist action: ${input.action}`);
    return deletePlaylist(input.id);
  }),
  fetchPlaylistVideoChoices: fromPromise<BatchItem[], BatchInput>(({ input, signal }) =>
    playlistVideoChoices(input, signal),
  ),
};

export type DashboardPlaylistActors = typeof dashboardPlaylistActors;
