import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ChannelResult } from '../../contract/search.js';
import { pagerMachine, selectHasMore, selectItems } from '../../machines/pager.machine.js';
import { searchMachine, selectChannel, selectSearchPager } from '../../machines/search.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { fakeListServer, rows, settle } from './video-fixtures.js';
import { catsChannel, model } from './search.model.js';

describeModel(model);

function startSearch(channels: (query: string) => ChannelResult[] = () => []) {
  const server = fakeListServer((params) => rows(String(params.query), 20));
  const channelCalls: string[] = [];
  const fetchChannels = fromPromise<ChannelResult[], { query: string }>(async ({ input }) => {
    channelCalls.push(input.query);
    return channels(input.query);
  });
  const actor = createActor(
    searchMachine.provide({
      actors: {
        pager: pagerMachine.provide({ actors: { fetchPage: server.logic } }),
        fetchChannels,
      },
    }),
  ).start();
  return { actor, server, channelCalls };
}

describe('search results', () => {
  it('sends nothing for blank text, then 9 per page for the trimmed text until all are shown', async () => {
    const { actor, server } = startSearch();
    actor.send({ type: 'QUERY_CHANGED', query: '  ' });
    await settle();
    expect(server.calls).toEqual([]);
    actor.send({ type: 'QUERY_CHANGED', query: ' cats ' });
    await settle();
    const pager = () => selectSearchPager(actor.getSnapshot())!.getSnapshot();
    for (let i = 0; i < 5 && selectHasMore(pager()); i++) {
      actor.send({ type: 'LOAD_MORE' });
      await settle();
    }
    expect(selectItems(pager()).map((i) => i._id)).toEqual(rows('cats', 20).map((r) => r._id));
    expect(server.calls.map((c) => [c.page, c.limit, c.params.query])).toEqual([
      [1, 9, 'cats'],
      [2, 9, 'cats'],
      [3, 9, 'cats'],
    ]);
  });

  it('asks every page with the filters, in the API names, and starts over when they change', async () => {
    const { actor, server } = startSearch();
    actor.send({ type: 'QUERY_CHANGED', query: 'cats', filters: { uploaded: 'week' } });
    await settle();
    actor.send({ type: 'LOAD_MORE' });
    await settle();
    actor.send({
      type: 'QUERY_CHANGED',
      query: 'cats',
      filters: { uploaded: 'week', sort: 'views' },
    });
    await settle();
    // The same search again (Back to it re-sends the URL) asks nothing more.
    actor.send({
      type: 'QUERY_CHANGED',
      query: ' cats',
      filters: { sort: 'views', uploaded: 'week' },
    });
    await settle();
    expect(server.calls.map((c) => [c.page, c.params])).toEqual([
      [1, { query: 'cats', uploaded: 'week' }],
      [2, { query: 'cats', uploaded: 'week' }],
      [1, { query: 'cats', uploaded: 'week', sortBy: 'views' }],
    ]);
  });

  it('shows the channel a query names, but not while a filter narrows the videos', async () => {
    const { actor, channelCalls } = startSearch((q) => (q === 'cats' ? [catsChannel] : []));
    actor.send({ type: 'QUERY_CHANGED', query: 'cats' });
    await settle();
    expect(selectChannel(actor.getSnapshot())).toEqual(catsChannel);
    actor.send({ type: 'QUERY_CHANGED', query: 'cats', filters: { duration: 'short' } });
    await settle();
    expect(selectChannel(actor.getSnapshot())).toBeNull();
    // A sort narrows nothing: the channel is asked for and shown again.
    actor.send({ type: 'QUERY_CHANGED', query: 'cats', filters: { sort: 'date' } });
    await settle();
    expect(selectChannel(actor.getSnapshot())).toEqual(catsChannel);
    expect(channelCalls).toEqual(['cats', 'cats']);
  });
});
