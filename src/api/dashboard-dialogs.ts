/**
 * The calls and promise actors of the dashboard's video dialogs (Edit video, Add to playlist).
 * Only the dashboard imports this module, so none of it reaches the JavaScript of `/`; views
 * reach it through useDashboardDialogActors, which tests override with fakes.
 *
 * Two actors are factories: the machines' inputs carry the form values (edit) and the video
 * (batch), not the video being edited nor the caller, so the dialog binds those when it opens.
 */
import { fromPromise } from 'xstate';
import { MAX_LIMIT } from '../../contract/limits';
import type { Playlist } from '../../contract/playlists';
import type { VideoItem } from '../../contract/shapes';
import type { BatchInput, BatchItem, SaveEntryInput } from '../../machines/add-to-playlist.machine';
import type { EditVideoValues } from '../../machines/edit-video.machine';
import type { FormValues } from '../../machines/form-dialog';
import { listUserPlaylists } from './channel-playlists';
import { request } from './client';

/** PATCH /videos/{id} as multipart; without a new thumbnail the server keeps the current one. */
export function editVideo(videoId: string, values: EditVideoValues): Promise<VideoItem> {
  const form = new FormData();
  form.append('title', values.title);
  form.append('description', values.description);
  form.append('tags', JSON.stringify(values.tags));
  // The server re-encodes the image; the name only helps it guess the type.
  if (values.thumbnail) form.append('thumbnail', values.thumbnail, 'thumbnail.jpg');
  return request<VideoItem>({
    method: 'PATCH',
    url: `/videos/${encodeURIComponent(videoId)}`,
    data: form,
  });
}

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

/** PATCH /playlist/add|remove/{videoId}/{playlistId} (video id first, as API.md has it). */
export function savePlaylistEntry({ op, videoId, playlistId }: SaveEntryInput): Promise<void> {
  return request<unknown>({
    method: 'PATCH',
    url: `/playlist/${op}/${encodeURIComponent(videoId)}/${encodeURIComponent(playlistId)}`,
  }).then(() => undefined);
}

export const dashboardDialogActors = {
  /**
   * The edit dialog's save, bound to the video being edited; output the VideoItem. Typed as the
   * form core's actor, which holds every dialog's values untyped (machines/form-dialog.ts).
   */
  saveVideoEdit: (videoId: string) =>
    fromPromise<unknown, FormValues>(({ input }) => editVideo(videoId, input as EditVideoValues)),
  /** The caller's playlists as the Add to playlist checklist, bound to the caller. */
  /** The caller's playlists for the Add to playlist dialog: Watch later first, then the rest. */
  fetchPlaylistChoices: (ownerId: string) =>
    fromPromise<BatchItem[], BatchInput>(async ({ signal }) => {
      const [later, lists] = await Promise.all([
        getWatchLater(signal),
        listAllPlaylists(ownerId, signal),
      ]);
      return [later, ...lists].map((p) => ({ _id: p._id, label: p.playlistName }));
    }),
  /** One line of any batch dialog (add to playlists, add videos, remove videos). */
  savePlaylistEntry: fromPromise<void, SaveEntryInput>(({ input }) => savePlaylistEntry(input)),
};

export type DashboardDialogActors = typeof dashboardDialogActors;
