/** Issue 34: one video's analytics for its owner (contract/video-analytics.ts). */
import { fromPromise } from 'xstate';
import type { VideoAnalytics } from '../../contract/video-analytics';
import type { DashboardPeriod } from '../../machines/channel-views.machine';
import { request } from './client';

export function getVideoAnalytics(
  videoId: string,
  days: DashboardPeriod,
  timeZone: string,
  signal?: AbortSignal,
) {
  return request<VideoAnalytics>({
    method: 'GET',
    url: `/dashboard/videos/${encodeURIComponent(videoId)}/analytics`,
    params: { days, timeZone },
    signal,
  });
}

export const videoAnalyticsActors = {
  fetchVideoAnalytics: fromPromise<
    VideoAnalytics,
    { videoId: string; days: DashboardPeriod; timeZone: string }
  >(({ input, signal }) => getVideoAnalytics(input.videoId, input.days, input.timeZone, signal)),
};
