/**
 * The video calls of API.md ("Videos") over the one HTTP client. Each
 * returns the envelope's `data`; failures arrive as ApiError with the server's message.
 */
import type { AxiosProgressEvent } from 'axios';
import type { VideoItem } from '../../contract/shapes';
import type { OwnVideoList, VideoDetail, VideoList } from '../../contract/videos';
import { request } from './client';

export interface VideoQuery {
  page: number;
  limit: number;
  tag?: string | null;
  query?: string | null;
  userId?: string | null;
}

/** Drops empty filters so the URL carries only what narrows the list. */
function cleanParams(q: VideoQuery): Record<string, string | number> {
  const params: Record<string, string | number> = { page: q.page, limit: q.limit };
  if (q.tag) params.tag = q.tag;
  if (q.query?.trim()) params.query = q.query.trim();
  if (q.userId) params.userId = q.userId;
  return params;
}

export function listVideos(q: VideoQuery, signal?: AbortSignal): Promise<VideoList> {
  return request<VideoList>({ method: 'GET', url: '/videos', params: cleanParams(q), signal });
}

/** Opening a video counts a view and records it in the viewer's history (server side). */
export function getVideo(videoId: string, signal?: AbortSignal): Promise<VideoDetail> {
  return request<VideoDetail>({
    method: 'GET',
    url: `/videos/${encodeURIComponent(videoId)}`,
    signal,
  });
}

export interface UploadFields {
  title: string;
  description: string;
  tags: string[];
  thumbnail: Blob;
  videoFile: File;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** POST /videos as multipart, reporting the real bytes sent from axios' upload progress. */
export function uploadVideo(
  fields: UploadFields,
  onProgress?: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<VideoItem> {
  const form = new FormData();
  form.append('title', fields.title.trim());
  form.append('description', fields.description.trim());
  form.append('tags', JSON.stringify(fields.tags));
  // The server re-encodes the image; the name only helps it guess the type.
  form.append('thumbnail', fields.thumbnail, 'thumbnail.jpg');
  form.append('videoFile', fields.videoFile, fields.videoFile.name);
  return request<VideoItem>({
    method: 'POST',
    url: '/videos',
    data: form,
    signal,
    onUploadProgress: (e: AxiosProgressEvent) =>
      onProgress?.({ loaded: e.loaded, total: e.total ?? fields.videoFile.size }),
  });
}

/** The caller's own videos, published or not, newest first, with their likes (the dashboard). */
export function listOwnVideos(page: number, limit: number, signal?: AbortSignal) {
  return request<OwnVideoList>({
    method: 'GET',
    url: '/videos/user',
    params: { page, limit },
    signal,
  });
}

/** Flips publish; the answer is the video as it now is, so the badge follows the server. */
export function togglePublish(videoId: string): Promise<VideoItem> {
  return request<VideoItem>({
    method: 'PATCH',
    url: `/videos/toggle/publish/${encodeURIComponent(videoId)}`,
  });
}

export function deleteVideo(videoId: string): Promise<void> {
  return request<unknown>({
    method: 'DELETE',
    url: `/videos/${encodeURIComponent(videoId)}`,
  }).then(() => undefined);
}
