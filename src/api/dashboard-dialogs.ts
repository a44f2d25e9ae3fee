/**
 * The call and promise actor of the dashboard's Edit video dialog. Only the dashboard imports
 * this module, so none of it reaches the JavaScript of `/`; views reach it through
 * useDashboardDialogActors, which tests override with fakes.
 *
 * The actor is a factory: the machine's input carries the form values, not the video being
 * edited, so the dialog binds the video when it opens. (Add to playlist's calls:
 * playlist-entries.ts.)
 */
import { fromPromise } from 'xstate';
import type { VideoItem } from '../../contract/shapes';
import type { EditVideoValues } from '../../machines/edit-video.machine';
import type { FormValues } from '../../machines/form-dialog';
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

export const dashboardDialogActors = {
  /**
   * The edit dialog's save, bound to the video being edited; output the VideoItem. Typed as the
   * form core's actor, which holds every dialog's values untyped (machines/form-dialog.ts).
   */
  saveVideoEdit: (videoId: string) =>
    fromPromise<unknown, FormValues>(({ input }) => editVideo(videoId, input as EditVideoValues)),
};

export type DashboardDialogActors = typeof dashboardDialogActors;
