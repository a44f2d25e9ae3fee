/**
 * The video calls of API.md ("Videos") over the one HTTP client. Each
 * returns the envelope's `data`; failures arrive as ApiError with the server's message.
 */
import { takeWatchSource } from './watch-source'; // issue 34: sources
import type { VideoItem } from '../../contract/shapes';
import type { OwnVideoList, PopularTags, VideoDetail, VideoList } from '../../contract/videos';
import { POPULAR_TAGS_FOR_CHIPS } from '../../machines/feed.machine';
import { request } from './client';

export interface VideoQuery {
  page: number;
  limit: number;
  tag?: string | null;
  query?: string | null;
  userId?: string | null;
  /** Search filters and sort (contract/search.ts); absent ones are left out of the URL. */
  uploaded?: string | null;
  duration?: string | null;
  sortBy?: string | null;
  exact?: boolean | null;
}

/** Drops empty filters so the URL carries only what narrows the list. */
function cleanParams(q: VideoQuery): Record<string, string | number> {
  const params: Record<string, string | number> = { page: q.page, limit: q.limit };
  if (q.tag) params.tag = q.tag;
  if (q.query?.trim()) params.query = q.query.trim();
  if (q.userId) params.userId = q.userId;
  if (q.uploaded) params.uploaded = q.uploaded;
  if (q.duration) params.duration = q.duration;
  if (q.sortBy) params.sortBy = q.sortBy;
  if (q.exact) params.exact = 'true';
  return params;
}

export function listVideos(q: VideoQuery, signal?: AbortSignal): Promise<VideoList> {
  return request<VideoList>({ method: 'GET', url: '/videos', params: cleanParams(q), signal });
}

/** The most used tags on the site: the home feed's chips for visitors and new accounts. */
export async function getPopularTags(signal?: AbortSignal): Promise<string[]> {
  const { tags } = await request<PopularTags>({
    method: 'GET',
    url: '/videos/tags/popular',
    params: { limit: POPULAR_TAGS_FOR_CHIPS },
    signal,
  });
  return tags;
}

/** Opening a video counts a view and records it in the viewer's history (server side). */
export function getVideo(videoId: string, signal?: AbortSignal): Promise<VideoDetail> {
  return request<VideoDetail>({
    method: 'GET',
    url: `/videos/${encodeURIComponent(videoId)}`,
    params: { source: takeWatchSource(videoId) }, // issue 34: sources
    signal,
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
