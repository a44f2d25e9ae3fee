import { expect } from 'vitest';
import { PAGE_SIZE } from '../../contract/limits.js';
import {
  ALL_CHIP_LABEL,
  feedMachine,
  selectActiveTag,
  selectChips,
  selectFeedPager,
  type FeedSnapshot,
} from '../../machines/feed.machine.js';
import { pagerMachine, selectItems } from '../../machines/pager.machine.js';
import type { Model } from '../support/model.js';
import { fakeListServer, rows, type Row } from './video-fixtures.js';

/** 30 videos per tag, 30 for All; ids name their list, so a test sees which list is shown. */
const server = fakeListServer((params) =>
  rows(typeof params.tag === 'string' ? params.tag : 'all', 30),
);

export const model: Model<typeof feedMachine> = {
  name: 'home feed with tag chips',
  machine: feedMachine,
  // What each state means to a tester: what `assert` checks there (shown by `npm run paths`).
  meaning: {
    browsing:
      "'All' plus the user's tag chips, exactly one active; the grid holds that chip's videos from page 1, without gaps",
  },
  input: { tags: ['music', 'travel'] },
  provide: { actors: { pager: pagerMachine.provide({ actors: { fetchPage: server.logic } }) } },
  events: {
    SELECT_TAG: [
      { type: 'SELECT_TAG', tag: null },
      { type: 'SELECT_TAG', tag: 'music' },
      { type: 'SELECT_TAG', tag: 'travel' },
      // Not one of the user's chips: ignored.
      { type: 'SELECT_TAG', tag: 'cooking' },
    ],
    TAGS_CHANGED: [
      { type: 'TAGS_CHANGED', tags: ['music'] },
      { type: 'TAGS_CHANGED', tags: ['music', 'travel'] },
    ],
  },
  assert: (snapshot) => {
    const s = snapshot as FeedSnapshot;
    const active = selectActiveTag(s);
    // 'All' first, then the user's tags; exactly one chip active, the selected one.
    const chips = selectChips(s);
    expect(chips.map((c) => c.label)).toEqual([ALL_CHIP_LABEL, ...s.context.tags]);
    expect(chips.filter((c) => c.active)).toEqual([
      { label: active ?? ALL_CHIP_LABEL, tag: active, active: true },
    ]);
    if (active !== null) expect(s.context.tags).toContain(active);

    // The grid shows the active chip's videos only, from its first page on, without gaps.
    const pager = selectFeedPager(s).getSnapshot();
    expect(pager.context.pageSize).toBe(PAGE_SIZE.homeFeed);
    expect(pager.context.params).toEqual(active === null ? {} : { tag: active });
    expect(pager.value).toBe('loaded');
    const items = selectItems<Row>(pager);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.list === (active ?? 'all'))).toBe(true);
    expect(items.map((i) => i._id)).toEqual(rows(active ?? 'all', items.length).map((r) => r._id));
    const request = pager.context.request!;
    expect(request.params).toEqual(pager.context.params);
    // Right after Retry: 9 videos from page 1; otherwise whole pages of 12.
    if (request.limit === PAGE_SIZE.retry) expect(items).toHaveLength(PAGE_SIZE.retry);
    else expect(items).toHaveLength(request.page * PAGE_SIZE.homeFeed);
  },
};
