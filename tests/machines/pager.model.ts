import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { FIRST_PAGE, PAGE_SIZE } from '../../contract/limits.js';
import {
  pagerMachine,
  selectHasFailed,
  selectHasMore,
  selectIsEmpty,
  selectIsLoadingFirst,
  selectIsLoadingMore,
  type PagerContext,
  type PagerSnapshot,
} from '../../machines/pager.machine.js';
import type { Model } from '../support/model.js';
import { rows } from './video-fixtures.js';

const input = {
  pageSize: PAGE_SIZE.homeFeed,
  retrySize: PAGE_SIZE.retry,
  params: { tag: 'music' },
};
const resetParams = { tag: 'travel' };
const TOTAL = 30;

/** Static answers: a full page, a short last page, an empty list (the model cannot compute them). */
const fullPage = { items: rows('a', PAGE_SIZE.homeFeed), total: TOTAL };
const lastPage = { items: rows('z', 6), total: TOTAL };
const noVideos = { items: [], total: 0 };

export const model: Model<typeof pagerMachine> = {
  name: 'infinite-scroll pager',
  machine: pagerMachine,
  // What each state means to a tester: what `assert` checks there (shown by `npm run paths`).
  meaning: {
    loading:
      'one request for the page holding the next unread item; first-load or load-more spinner',
    loaded: 'items without duplicates or gaps; total known; hasMore and empty state correct',
    failed: "error 'Network down' shown; no load running",
    'failed.waiting': 'the 3 s retry wait runs; a LOAD_MORE now is remembered',
    'failed.ready': 'wait over, nothing queued; the next LOAD_MORE loads at once',
  },
  input,
  promiseActors: ['fetchPage'],
  events: {
    'xstate.done.actor.fetchPage': [
      { type: 'xstate.done.actor.fetchPage', output: fullPage },
      { type: 'xstate.done.actor.fetchPage', output: lastPage },
      { type: 'xstate.done.actor.fetchPage', output: noVideos },
    ],
    'xstate.error.actor.fetchPage': [
      { type: 'xstate.error.actor.fetchPage', error: new Error('Network down') },
    ],
    RESET: [{ type: 'RESET', params: resetParams }],
    PREPEND: [{ type: 'PREPEND', item: { _id: 'new-1' } }],
    REPLACE: [{ type: 'REPLACE', item: { _id: 'a-1', list: 'edited' } }],
    REMOVE: [{ type: 'REMOVE', id: 'a-2' }],
  },
  // The list itself grows; what matters to the chart is whether more exist, whether a load waits
  // for the retry delay, and which limit the next load uses.
  serialize: (s: AnyMachineSnapshot) => {
    const c = s.context as PagerContext;
    return JSON.stringify([
      s.value,
      selectHasMore(s as PagerSnapshot),
      c.loadQueued,
      c.nextLimit,
      c.items.length === 0,
    ]);
  },
  assert: (snapshot, fakes) => {
    const s = snapshot as PagerSnapshot;
    const c = s.context;
    const ids = c.items.map((i) => i._id);
    // The item PREPEND put on top, which the static page fixtures do not contain.
    const prepended = ids.filter((id) => id === 'new-1').length;
    // Never an item twice, never more items than the part of the server's list read so far.
    expect(new Set(ids).size).toBe(ids.length);
    expect(c.items.length - prepended).toBeLessThanOrEqual(c.offset);
    expect([input.params, resetParams]).toContainEqual(c.params);
    expect(selectHasMore(s)).toBe(!c.exhausted && (c.total === null || c.offset < c.total));

    if (s.matches('loading')) {
      // One request, for the page of the current limit that holds the offset, with the params.
      const request = c.request!;
      expect(fakes.lastInput('fetchPage')).toEqual({
        page: request.page,
        limit: request.limit,
        params: c.params,
      });
      expect(request.limit).toBe(c.nextLimit);
      // It asks for the page that holds the first unread position and skips what is held; an
      // item put on top during the load (PREPEND) moves the offset on by one after planning.
      const planned = (request.page - FIRST_PAGE) * request.limit + request.skip;
      expect(request.skip).toBeGreaterThanOrEqual(0);
      expect(request.skip).toBeLessThan(request.limit);
      expect(planned).toBeLessThanOrEqual(c.offset);
      expect(c.offset - planned).toBeLessThanOrEqual(prepended);
      // After RETRY: page 1 of 9 on a cleared list.
      if (request.limit === PAGE_SIZE.retry) {
        expect(request.page).toBe(FIRST_PAGE);
        expect(c.items.length).toBe(prepended);
      }
      expect(selectIsLoadingFirst(s)).toBe(c.items.length === 0);
      expect(selectIsLoadingMore(s)).toBe(c.items.length > 0);
      expect(c.loadQueued).toBe(false);
    } else {
      // No load runs outside `loading`: LOAD_MORE can never overlap one.
      expect(s.children.fetchPage).toBeUndefined();
      expect(selectIsLoadingFirst(s) || selectIsLoadingMore(s)).toBe(false);
    }

    if (s.matches('loaded')) {
      // After a load the normal page size applies again, and the server's total is known.
      expect(c.nextLimit).toBe(PAGE_SIZE.homeFeed);
      expect(c.total).not.toBeNull();
      expect(c.error).toBeNull();
      expect(selectIsEmpty(s)).toBe(c.items.length === 0 && !selectHasMore(s));
      expect(selectHasFailed(s)).toBe(false);
    }

    if (s.matches('failed')) {
      expect(selectHasFailed(s)).toBe(true);
      expect(c.error).toBe('Network down');
      expect(selectIsEmpty(s)).toBe(false);
    }
    if (s.matches({ failed: 'ready' })) expect(c.loadQueued).toBe(false);
  },
};
