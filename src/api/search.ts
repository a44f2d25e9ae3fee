/**
 * The search page's own call (issue 31, contract/search.ts): the channels a query names, shown
 * above the videos. The videos themselves come through the feed's fetchVideoPage.
 */
import { fromPromise } from 'xstate';
import type { ChannelResult, ChannelResults } from '../../contract/search';
import { request } from './client';

export async function searchChannels(query: string, signal?: AbortSignal) {
  const { channels } = await request<ChannelResults>({
    method: 'GET',
    url: '/search/channels',
    params: { query },
    signal,
  });
  return channels;
}

export const searchActors = {
  fetchChannels: fromPromise<ChannelResult[], { query: string }>(({ input, signal }) =>
    searchChannels(input.query, signal),
  ),
};

export type SearchActors = typeof searchActors;
