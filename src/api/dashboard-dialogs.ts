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
import type { OwnVideoItem } from '../../contract/videos';
import type { Visibility, VisibilityBody } from '../../contract/video-visibility';
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

/** PATCH /videos/{id}/visibility (issue 34): public, unlisted or private, with a schedule. */
export function setVideoVisibility(videoId: string, body: VisibilityBody): Promise<OwnVideoItem> {
  return request<OwnVideoItem>({
    method: 'PATCH',
    url: `/videos/${encodeURIComponent(videoId)}/visibility`,
    data: body,
  });
}

/** What the video was when the dialog opened: visibility is sent only when it changed. */
type VisibilityNow = { visibility?: Visibility | undefined; publishAt?: string | null | undefined };

/** The edit, then its visibility when the picker changed it (the later answer is the newest). */
async function saveEdit(videoId: string, values: EditVideoValues, was: VisibilityNow) {
  const edited = await editVideo(videoId, values);
  const choice = values.visibility;
  const unchanged =
    !choice ||
    (choice.visibility === (was.visibility ?? 'public') &&
      choice.publishAt === (was.publishAt ?? null));
  if (unchanged) return edited;
  const body = { visibility: choice.visibility, publishAt: choice.publishAt };
  return { ...edited, ...(await setVideoVisibility(videoId, body)) };
}

export const dashboardDialogActors = {
  /**
   * The edit dialog's save, bound to the video being edited; output the VideoItem. Typed as the
   * form core's actor, which holds every dialog's values untyped (machines/form-dialog.ts).
   */
  saveVideoEdit: (videoId: string, was: VisibilityNow = {}) =>
    fromPromise<unknown, FormValues>(({ input }) =>
      saveEdit(videoId, input as EditVideoValues, was),
    ),
};

export type DashboardDialogActors = typeof dashboardDialogActors;
