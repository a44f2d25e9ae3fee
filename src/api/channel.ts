/**
 * The channel page's calls (API.md "Users" channel, "Subscriptions" subscribers) and its promise
 * actors: the channel itself, and one page of the channel's subscribers for the Subscribers tab.
 */
import { fromPromise } from 'xstate';
import type { Channel } from '../../contract/users';
import type { ChannelSubscriber } from '../../contract/engagement';
import type { Page, PageRequest } from '../../machines/pager.machine';
import { request, requestList } from './client';

const id = (value: string) => encodeURIComponent(value);

export function getChannel(userName: string, signal?: AbortSignal): Promise<Channel> {
  return request<Channel>({ method: 'GET', url: `/users/channel/${id(userName)}`, signal });
}

export function listSubscribers(
  channelId: string,
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<{ items: ChannelSubscriber[]; total: number }> {
  return requestList<ChannelSubscriber>({
    method: 'GET',
    url: `/subscriptions/c/${id(channelId)}`,
    params: { page, limit },
    signal,
  });
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

export const channelActors = {
  fetchChannel: fromPromise<Channel, { userName: string }>(({ input, signal }) =>
    getChannel(input.userName, signal),
  ),
  /** params.channelId names the channel. */
  fetchSubscriberPage: fromPromise<Page, PageRequest>(({ input, signal }) => {
    const channelId = text(input.params.channelId);
    if (!channelId) throw new Error('channelId required');
    return listSubscribers(channelId, input.page, input.limit, signal);
  }),
};

export type ChannelActors = typeof channelActors;
