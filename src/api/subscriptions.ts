/**
 * The channels the viewer subscribes to (API.md, `GET /subscriptions`) and the promise actor the
 * Subscriptions page's machine runs. Unsubscribing is the existing toggle
 * (`POST /subscriptions/c/{channelId}`, src/api/engagement.ts).
 */
import { fromPromise } from 'xstate';
import type { SubscribedChannel } from '../../contract/engagement';
import type { VideoList } from '../../contract/videos';
import type { Page, PageRequest } from '../../machines/pager.machine';
import { request } from './client';

export function listSubscriptions(limit: number, signal?: AbortSignal) {
  return request<SubscribedChannel[]>({
    method: 'GET',
    url: '/subscriptions',
    params: { page: 1, limit },
    signal,
  });
}

/** The subscriptions feed (GET /subscriptions/videos): its total is a lower bound. */
export const fetchSubscriptionFeedPage = fromPromise<Page, PageRequest>(
  async ({ input, signal }) => {
    const list = await request<VideoList>({
      method: 'GET',
      url: '/subscriptions/videos',
      params: { page: input.page, limit: input.limit },
      signal,
    });
    return { items: list.videos, total: list.totalVideos };
  },
);

export const subscriptionsActors = {
  fetchSubscriptionFeedPage,
  fetchSubscriptions: fromPromise<SubscribedChannel[], { limit: number }>(({ input, signal }) =>
    listSubscriptions(input.limit, signal),
  ),
};
