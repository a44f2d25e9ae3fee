/** Fixtures for the viewer/creator machine models: list items and a fake page/limit list API. */
import { fromPromise } from 'xstate';
import type { Page, PageRequest, PagerItem } from '../../machines/pager.machine.js';

export interface Row extends PagerItem {
  /** Which list it belongs to (a tag, a query, a video's comments). */
  list: string;
}

/** `count` rows with ids `${list}-1` … */
export function rows(list: string, count: number, from = 1): Row[] {
  return Array.from({ length: count }, (_, i) => ({ _id: `${list}-${from + i}`, list }));
}

export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A fake list endpoint with the API's page/limit pagination over whatever `list(params)` returns
 * at the moment it answers (so a test can publish items between two requests). It records every
 * request; `failNext()` makes the next answers fail; `hold()` keeps answers back until `release()`.
 */
export function fakeListServer(list: (params: PageRequest['params']) => PagerItem[]) {
  const calls: PageRequest[] = [];
  let failures = 0;
  let gate: { promise: Promise<void>; open: () => void } | null = null;
  return {
    calls,
    failNext(times = 1) {
      failures = times;
    },
    hold() {
      let open = () => {};
      const promise = new Promise<void>((resolve) => (open = resolve));
      gate = { promise, open };
    },
    release() {
      gate?.open();
      gate = null;
    },
    logic: fromPromise<Page, PageRequest>(async ({ input }) => {
      calls.push(input);
      if (gate) await gate.promise;
      if (failures > 0) {
        failures--;
        throw new Error('Network down');
      }
      const all = list(input.params);
      const start = (input.page - 1) * input.limit;
      return { items: all.slice(start, start + input.limit), total: all.length };
    }),
  };
}
