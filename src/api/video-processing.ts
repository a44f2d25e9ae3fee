/**
 * The calls and promise actors of a dashboard row's conversion status (issue 12). Only the
 * dashboard imports this module, so none of it reaches the JavaScript of `/`; the row takes these
 * unless the ActorsProvider gives others, as view tests do.
 */
import { fromPromise } from 'xstate';
import type { VideoProcessing } from '../../contract/processing';
import { request } from './client';

/** How an own video's conversion to adaptive streaming is going (the dashboard polls it). */
export function fetchProcessing(videoId: string, signal?: AbortSignal): Promise<VideoProcessing> {
  return request<VideoProcessing>({
    method: 'GET',
    url: `/videos/${encodeURIComponent(videoId)}/processing`,
    signal,
  });
}

/** Restarts an own video's failed conversion. */
export function retryProcessing(videoId: string): Promise<VideoProcessing> {
  return request<VideoProcessing>({
    method: 'POST',
    url: `/videos/${encodeURIComponent(videoId)}/processing/retry`,
  });
}

export const videoProcessingActors = {
  fetchProcessing: fromPromise<VideoProcessing, { videoId: string }>(({ input, signal }) =>
    fetchProcessing(input.videoId, signal),
  ),
  retryProcessing: fromPromise<VideoProcessing, { videoId: string }>(({ input }) =>
    retryProcessing(input.videoId),
  ),
};

export type VideoProcessingActors = typeof videoProcessingActors;
