import { expect } from 'vitest';
import { PAGE_SIZE } from '../../contract/limits.js';
import { pagerMachine, selectItems } from '../../machines/pager.machine.js';
import {
  searchMachine,
  selectIsBlank,
  selectQuery,
  selectSearchPager,
  type SearchSnapshot,
} from '../../machines/search.machine.js';
import type { Model } from '../support/model.js';
import { fakeListServer, rows, type Row } from './video-fixtures.js';

/** 20 results per query; ids name the query they answer. */
const server = fakeListServer((params) => rows(String(params.query), 20));

export const model: Model<typeof searchMachine> = {
  name: 'search results',
  machine: searchMachine,
  // What each state means to a tester: what `assert` checks there (shown by `npm run paths`).
  meaning: {
    blank: 'blank query: nothing requested, no results',
    searching: 'results for the trimmed text, 9 per page from page 1; never a blank request',
  },
  provide: { actors: { pager: pagerMachine.provide({ actors: { fetchPage: server.logic } }) } },
  events: {
    QUERY_CHANGED: [
      { type: 'QUERY_CHANGED', query: '   ' },
      { type: 'QUERY_CHANGED', query: ' cats ' },
      { type: 'QUERY_CHANGED', query: 'cats' },
      { type: 'QUERY_CHANGED', query: 'dogs' },
    ],
  },
  assert: (snapshot) => {
    const s = snapshot as SearchSnapshot;
    // Never a request for blank text, on any path so far.
    for (const call of server.calls) expect(String(call.params.query).trim()).not.toBe('');
    const pagerRef = selectSearchPager(s);
    if (selectIsBlank(s)) {
      expect(selectQuery(s)).toBe('');
      expect(pagerRef).toBeUndefined();
      return;
    }
    // Results for the trimmed text, 9 per page, from the first page on.
    const query = selectQuery(s);
    expect(query).toBe(query.trim());
    const pager = pagerRef!.getSnapshot();
    expect(pager.context.pageSize).toBe(PAGE_SIZE.search);
    expect(pager.context.params).toEqual({ query });
    expect(pager.value).toBe('loaded');
    const items = selectItems<Row>(pager);
    expect(items.map((i) => i._id)).toEqual(rows(query, items.length).map((r) => r._id));
    expect(items).toHaveLength(Math.min(20, pager.context.request!.page * PAGE_SIZE.search));
  },
};
