/**
 * Captions (contract/captions.ts): the list a player shows, and the edit dialog's upload, replace
 * and delete (machines/captions.machine.ts's actors).
 */
import { fromPromise } from 'xstate';
import type { Caption, CaptionList } from '../../contract/captions';
import type { EmbedVideo } from '../../contract/embed';
import type { RemoveCaptionInput, UploadCaptionInput } from '../../machines/captions.machine';
import { request } from './client';

const captionsUrl = (videoId: string) => `/videos/${encodeURIComponent(videoId)}/captions`;

export function listCaptions(videoId: string, signal?: AbortSignal): Promise<CaptionList> {
  return request<CaptionList>({ method: 'GET', url: captionsUrl(videoId), signal });
}

export function uploadCaption(input: UploadCaptionInput): Promise<Caption> {
  const form = new FormData();
  if (input.label) form.append('label', input.label);
  form.append('file', input.file as unknown as Blob, input.file.name);
  return request<Caption>({
    method: 'PUT',
    url: `${captionsUrl(input.videoId)}/${encodeURIComponent(input.language)}`,
    data: form,
  });
}

export async function removeCaption(input: RemoveCaptionInput): Promise<void> {
  await request<null>({
    method: 'DELETE',
    url: `${captionsUrl(input.videoId)}/${encodeURIComponent(input.language)}`,
  });
}

export const captionActors = {
  fetchCaptions: fromPromise<Caption[], { videoId: string }>(({ input, signal }) =>
    listCaptions(input.videoId, signal),
  ),
  uploadCaption: fromPromise<Caption, UploadCaptionInput>(({ input }) => uploadCaption(input)),
  removeCaption: fromPromise<void, RemoveCaptionInput>(({ input }) => removeCaption(input)),
};

export type CaptionActors = typeof captionActors;

/** The embeddable player's read (contract/embed.ts): no session needed. */
export const embedActors = {
  fetchEmbed: fromPromise<EmbedVideo, { videoId: string }>(({ input, signal }) =>
    request<EmbedVideo>({
      method: 'GET',
      url: `/embed/${encodeURIComponent(input.videoId)}`,
      signal,
    }),
  ),
};
export type EmbedActors = typeof embedActors;
