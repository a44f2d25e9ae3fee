/**
 * Search results (spec §2 Search, §7): `/search?query=` lists matching videos as horizontal cards
 * with infinite scroll, 9 per page. Nothing is sent while the trimmed text is blank.
 *
 * Input:   none. The view sends QUERY_CHANGED with the URL's text when it mounts and whenever the
 *          URL changes (one effect keyed on the text), so the chart itself decides blank/searching.
 * Events:  QUERY_CHANGED { query } · LOAD_MORE · RETRY
 * Child:   `pager` (pagerMachine, id 'pager', params { query: trimmed text }) while searching;
 *          read it with `selectSearchPager`. Provide the real fetch as for the feed:
 *          `searchMachine.provide({ actors: { pager: pagerMachine.provide({ actors: { fetchPage } }) } })`.
 * Emitted: none.
 *
 * Choice: the same query again (same text after trimming) does not search again; blank text stops
 * the running search and shows nothing.
 */
import {
  type ActorRefFrom,
  assertEvent,
  assign,
  forwardTo,
  setup,
  type SnapshotFrom,
} from 'xstate';
import { PAGE_SIZE } from '../contract/limits.js';
import { pagerMachine } from './pager.machine.js';

export interface SearchContext {
  /** The trimmed text being searched. */
  query: string;
}

export type SearchEvent =
  /** The URL's query text changed (a new search from the top bar). */
  | { type: 'QUERY_CHANGED'; query: string }
  /** The bottom marker of the result list became visible. */
  | { type: 'LOAD_MORE' }
  /** Try the failed load again from the first page. */
  | { type: 'RETRY' };

export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    children: {} as { pager: 'pager' },
  },
  actors: { pager: pagerMachine },
  guards: {
    newQueryIsBlank: ({ event }) => {
      assertEvent(event, 'QUERY_CHANGED');
      return event.query.trim() === '';
    },
    isNewQuery: ({ context, event }) => {
      assertEvent(event, 'QUERY_CHANGED');
      return event.query.trim() !== context.query;
    },
  },
  actions: {
    setQuery: assign({ query: (_, query: string) => query.trim() }),
    forwardToPager: forwardTo('pager'),
  },
}).createMachine({
  id: 'search',
  context: { query: '' },
  initial: 'blank',
  on: {
    QUERY_CHANGED: [
      {
        guard: 'newQueryIsBlank',
        target: '.blank',
        actions: { type: 'setQuery', params: ({ event }) => event.query },
      },
      {
        guard: 'isNewQuery',
        // Leaving and entering `searching` replaces the pager: a new list for the new text.
        target: '.searching',
        actions: { type: 'setQuery', params: ({ event }) => event.query },
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
          params: { query: context.query },
        }),
      },
      on: {
        LOAD_MORE: { actions: 'forwardToPager' },
        RETRY: { actions: 'forwardToPager' },
      },
    },
  },
});

export type SearchSnapshot = SnapshotFrom<typeof searchMachine>;

/** Selectors the views use. */
export const selectQuery = (s: SearchSnapshot) => s.context.query;
export const selectIsBlank = (s: SearchSnapshot) => s.matches('blank');
/** The result list's actor while searching (undefined for blank text). */
export const selectSearchPager = (
  s: SearchSnapshot,
): ActorRefFrom<typeof pagerMachine> | undefined => s.children.pager;
