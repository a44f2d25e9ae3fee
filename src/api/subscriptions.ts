/**
 * The channels the viewer subscribes to (API.md, `GET /subscriptions`) and the promise actor the
 * Subscriptions page's machine runs. Unsubscribing is the existing toggle
 * (`POST /subscriptions/c/{channelId}`, src/api/engagement.ts).
 */
import { fromPromise } from 'xstate';
import type { SubscribedChannel } from '../../contract/engagement';
import { request } from './client';

export function listSubscriptions(limit: number, signal?: AbortSignal) {
  return request<SubscribedChannel[]>({
    method: 'GET',
    url: '/subscriptions',
    params: { page: 1, limit },
    signal,
  });
}

export const subscriptionsActors = {
  fetchSubscriptions: fromPromise<SubscribedChannel[], { limit: number }>(({ input, signal }) =>
    listSubscriptions(input.limit, signal),
  ),
};
