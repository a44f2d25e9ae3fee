import { expect } from 'vitest';
import { PAGE_SIZE } from '../../contract/limits.js';
import type { ChannelResult } from '../../contract/search.js';
import { pagerMachine, selectItems } from '../../machines/pager.machine.js';
import { searchParams } from '../../machines/search-filters.js';
import {
  searchMachine,
  selectChannel,
  selectFilters,
  selectIsBlank,
  selectQuery,
  selectSearchPager,
  type SearchSnapshot,
} from '../../machines/search.machine.js';
import type { Model } from '../support/model.js';
import { fakeListServer, rows, type Row } from './video-fixtures.js';

/** 20 results per query and filters; ids name the query they answer. */
const server = fakeListServer((params) => rows(String(params.query), 20));

export const catsChannel: ChannelResult = {
  _id: 'u_cats_channel01',
  userName: 'cats',
  fullName: 'Cats Channel',
  avatar: '/media/avatars/cats.webp',
  subscriberCount: 12,
  videoCount: 3,
  isSubscribed: false,
};

export const model: Model<typeof searchMachine> = {
  name: 'search results',
  machine: searchMachine,
  // What each state means to a tester: what `assert` checks there (shown by `npm run paths`).
  meaning: {
    blank: 'blank query: nothing requested, no results, no channel',
    searching:
      'results for the trimmed text and the filters, 9 per page from page 1; never a blank request',
    'searching.findingChannel': 'the channel the query names is being asked for; none shown yet',
    'searching.channelFound': 'the channel the query names is shown above the videos',
    'searching.noChannel':
      'no channel shown: none named, a filter narrows the videos, or it failed',
  },
  provide: { actors: { pager: pagerMachine.provide({ actors: { fetchPage: server.logic } }) } },
  promiseActors: ['fetchChannels'],
  events: {
    QUERY_CHANGED: [
      { type: 'QUERY_CHANGED', query: '   ' },
      { type: 'QUERY_CHANGED', query: ' cats ' },
      { type: 'QUERY_CHANGED', query: 'cats' },
      { type: 'QUERY_CHANGED', query: 'cats', filters: { uploaded: 'week', sort: 'views' } },
      { type: 'QUERY_CHANGED', query: 'dogs', filters: { sort: 'date', exact: true } },
    ],
    'xstate.done.actor.fetchChannels': [
      { type: 'xstate.done.actor.fetchChannels', output: [catsChannel] },
      { type: 'xstate.done.actor.fetchChannels', output: [] },
    ],
    'xstate.error.actor.fetchChannels': [
      { type: 'xstate.error.actor.fetchChannels', error: new Error('Network down') },
    ],
  },
  assert: (snapshot, fakes) => {
    const s = snapshot as SearchSnapshot;
    // Never a request for blank text, on any path so far; channels are asked for by the text.
    for (const call of server.calls) expect(String(call.params.query).trim()).not.toBe('');
    for (const call of fakes.calls)
      expect(String((call.input as { query: string }).query).trim()).not.toBe('');
    const pagerRef = selectSearchPager(s);
    if (selectIsBlank(s)) {
      expect(selectQuery(s)).toBe('');
      expect(pagerRef).toBeUndefined();
      expect(selectChannel(s)).toBeNull();
      return;
    }
    // Results for the trimmed text and the filters, 9 per page, from the first page on.
    const query = selectQuery(s);
    expect(query).toBe(query.trim());
    const pager = pagerRef!.getSnapshot();
    expect(pager.context.pageSize).toBe(PAGE_SIZE.search);
    expect(pager.context.params).toEqual(searchParams(query, selectFilters(s)));
    expect(pager.value).toBe('loaded');
    const items = selectItems<Row>(pager);
    expect(items.map((i) => i._id)).toEqual(rows(query, items.length).map((r) => r._id));
    expect(items).toHaveLength(Math.min(20, pager.context.request!.page * PAGE_SIZE.search));
    // A channel only while no filter narrows the videos, and only once one was found.
    if (s.matches({ searching: 'channelFound' })) {
      expect(selectFilters(s).uploaded ?? selectFilters(s).duration).toBeUndefined();
      expect(selectChannel(s)).toEqual(catsChannel);
    } else {
      expect(selectChannel(s)).toBeNull();
    }
  },
};
