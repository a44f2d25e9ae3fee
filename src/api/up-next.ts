/** Up next (issue 31): what plays after a video, over the one HTTP client. */
import type { VideoItem } from '../../contract/shapes';
import type { UpNext } from '../../contract/search';
import { request } from './client';

export async function getUpNext(videoId: string, signal?: AbortSignal): Promise<VideoItem[]> {
  const { videos } = await request<UpNext>({
    method: 'GET',
    url: `/videos/${encodeURIComponent(videoId)}/up-next`,
    signal,
  });
  return videos;
}
