/**
 * Search results (spec §2 Search, §7; issue 31): `/search?query=` lists matching videos as
 * horizontal cards with infinite scroll, 9 per page, narrowed and sorted by the filters in the URL,
 * with the channel the query names above them. Nothing is sent while the trimmed text is blank.
 *
 * Input:   none. The view sends QUERY_CHANGED with the URL's text and filters when it mounts and
 *          whenever the URL changes, so the chart itself decides blank/searching.
 * Events:  QUERY_CHANGED { query, filters? } · LOAD_MORE · RETRY
 * Child:   `pager` (pagerMachine, id 'pager', params: searchParams(query, filters)) while
 *          searching; read it with `selectSearchPager`. Provide the real fetch as for the feed:
 *          `withPager(searchMachine, fetchPage, { fetchChannels })`.
 * Actor:   fetchChannels: input { query } → ChannelResult[] (best first).
 * Emitted: none.
 *
 * Choices:
 * - The same query and filters again (text compared after trimming) do not search again; blank
 *   text stops the running search and shows nothing.
 * - The channel a query names is looked up beside the first page, and only while no filter
 *   narrows the videos: a channel is not "uploaded this week" or "under 4 minutes", as on the
 *   largest video site. A failed lookup shows no channel and no error: the videos are the answer.
 */
import {
  type ActorRefFrom,
  assertEvent,
  assign,
  forwardTo,
  fromPromise,
  setup,
  type SnapshotFrom,
} from 'xstate';
import type { ChannelResult } from '../contract/search.js';
import { PAGE_SIZE } from '../contract/limits.js';
import { pagerMachine } from './pager.machine.js';
import {
  NO_FILTERS,
  narrowsVideos,
  sameFilters,
  searchParams,
  type SearchFilters,
} from './search-filters.js';

export interface SearchContext {
  /** The trimmed text being searched. */
  query: string;
  filters: SearchFilters;
  /** The channel the query names, once looked up; null when none (or not looked up). */
  channel: ChannelResult | null;
}

export type SearchEvent =
  /** The URL's query text or filters changed (a new search, a filter chosen or removed, Back). */
  | { type: 'QUERY_CHANGED'; query: string; filters?: SearchFilters }
  /** The bottom marker of the result list became visible. */
  | { type: 'LOAD_MORE' }
  /** Try the failed load again from the first page. */
  | { type: 'RETRY' };

export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    children: {} as { pager: 'pager'; fetchChannels: 'fetchChannels' },
  },
  actors: {
    pager: pagerMachine,
    fetchChannels: fromPromise<ChannelResult[], { query: string }>(() => {
      throw new Error('fetchChannels actor not provided');
    }),
  },
  guards: {
    newQueryIsBlank: ({ event }) => {
      assertEvent(event, 'QUERY_CHANGED');
      return event.query.trim() === '';
    },
    isNewSearch: ({ context, event }) => {
      assertEvent(event, 'QUERY_CHANGED');
      return (
        event.query.trim() !== context.query ||
        !sameFilters(event.filters ?? NO_FILTERS, context.filters)
      );
    },
    filtersNarrowVideos: ({ context }) => narrowsVideos(context.filters),
  },
  actions: {
    setSearch: assign({
      query: (_, search: { query: string; filters: SearchFilters }) => search.query.trim(),
      filters: (_, search: { query: string; filters: SearchFilters }) => search.filters,
      channel: null,
    }),
    setChannel: assign({ channel: (_, channels: ChannelResult[]) => channels[0] ?? null }),
    forwardToPager: forwardTo('pager'),
  },
}).createMachine({
  id: 'search',
  context: { query: '', filters: NO_FILTERS, channel: null },
  initial: 'blank',
  on: {
    QUERY_CHANGED: [
      {
        guard: 'newQueryIsBlank',
        target: '.blank',
        actions: {
          type: 'setSearch',
          params: ({ event }) => ({ query: event.query, filters: event.filters ?? NO_FILTERS }),
        },
      },
      {
        guard: 'isNewSearch',
        // Leaving and entering `searching` replaces the pager: a new list for the new search.
        target: '.searching',
        actions: {
          type: 'setSearch',
          params: ({ event }) => ({ query: event.query, filters: event.filters ?? NO_FILTERS }),
        },
      },
    ],
  },
  states: {
    /** Blank text: nothing is sent, nothing is listed. */
    blank: {},
    searching: {
      invoke: {
        id: 'pager',
        src: 'pager',
        input: ({ context }) => ({
          pageSize: PAGE_SIZE.search,
          params: searchParams(context.query, context.filters),
        }),
      },
      on: {
        LOAD_MORE: { actions: 'forwardToPager' },
        RETRY: { actions: 'forwardToPager' },
      },
      initial: 'findingChannel',
      states: {
        /** Asking which channel the query names (skipped while a filter narrows the videos). */
        findingChannel: {
          always: { guard: 'filtersNarrowVideos', target: 'noChannel' },
          invoke: {
            id: 'fetchChannels',
            src: 'fetchChannels',
            input: ({ context }) => ({ query: context.query }),
            onDone: [
              {
                guard: ({ event }) => event.output.length > 0,
                target: 'channelFound',
                actions: { type: 'setChannel', params: ({ event }) => event.output },
              },
              { target: 'noChannel' },
            ],
            onError: { target: 'noChannel' },
          },
        },
        /** The channel the query names is shown above the videos. */
        channelFound: {},
        /** No channel above the videos: none named, a filter set, or the lookup failed. */
        noChannel: {},
      },
    },
  },
});

export type SearchSnapshot = SnapshotFrom<typeof searchMachine>;

/** Selectors the views use. */
export const selectQuery = (s: SearchSnapshot) => s.context.query;
export const selectFilters = (s: SearchSnapshot) => s.context.filters;
export const selectIsBlank = (s: SearchSnapshot) => s.matches('blank');
/** The channel to show above the videos, or null. */
export const selectChannel = (s: SearchSnapshot) =>
  s.matches({ searching: 'channelFound' }) ? s.context.channel : null;
/** The result list's actor while searching (undefined for blank text). */
export const selectSearchPager = (
  s: SearchSnapshot,
): ActorRefFrom<typeof pagerMachine> | undefined => s.children.pager;
