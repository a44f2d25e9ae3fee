import { expect } from 'vitest';
import { PAGE_SIZE } from '../../contract/limits.js';
import {
  ALL_CHIP_LABEL,
  CHIP_TAGS_MAX,
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
      "'All' plus the user's tag chips (else the popular ones), exactly one active and always shown; the grid holds that chip's videos from page 1, without gaps",
    popularTags: "the most used tags, shown after the user's own (or alone for a visitor)",
    'popularTags.waiting': "the session's tags are not known yet: no popular tags were asked for",
    'popularTags.loading': 'the popular tags are being fetched',
    'popularTags.loaded': `the popular tags are kept and shown after the user's own, ${CHIP_TAGS_MAX} chips at most`,
    'popularTags.failed':
      "no popular tags: only 'All', the user's tags (and a chosen tag) show; the next tag list asks again",
  },
  // A tag from the URL (a shared /?tag=live link) that the user does not follow.
  input: { tags: ['music', 'travel'], activeTag: 'live' },
  provide: { actors: { pager: pagerMachine.provide({ actors: { fetchPage: server.logic } }) } },
  promiseActors: ['fetchPopularTags'],
  events: {
    SELECT_TAG: [
      { type: 'SELECT_TAG', tag: null },
      { type: 'SELECT_TAG', tag: 'music' },
      // Not one of the chips (a link, Back): chosen all the same, with a chip of its own.
      { type: 'SELECT_TAG', tag: 'cooking' },
      { type: 'SELECT_TAG', tag: '' },
    ],
    TAGS_CHANGED: [
      { type: 'TAGS_CHANGED', tags: ['music'] },
      // Signed out, or a new account: no tags of one's own.
      { type: 'TAGS_CHANGED', tags: [] },
    ],
    'xstate.done.actor.fetchPopularTags': [
      { type: 'xstate.done.actor.fetchPopularTags', output: ['gaming', 'music'] },
    ],
    'xstate.error.actor.fetchPopularTags': [
      { type: 'xstate.error.actor.fetchPopularTags', error: new Error('Network down') },
    ],
  },
  assert: (snapshot, fakes) => {
    const s = snapshot as FeedSnapshot;
    const active = selectActiveTag(s);
    // 'All' first, then the user's tags, or the popular ones while the user has none; the chosen
    // tag always has a chip; exactly one chip active, the selected one.
    const chips = selectChips(s);
    // Own tags first, then popular ones they lack, CHIP_TAGS_MAX in all (own tags never cut).
    const own = s.context.tags;
    const fill = s.context.popularTags.filter((tag) => !own.includes(tag));
    const listed = [...own, ...fill].slice(0, Math.max(own.length, CHIP_TAGS_MAX));
    const extra = active !== null && !listed.includes(active) ? [active] : [];
    expect(chips.map((c) => c.label)).toEqual([ALL_CHIP_LABEL, ...extra, ...listed]);
    expect(chips.filter((c) => c.active)).toEqual([
      { label: active ?? ALL_CHIP_LABEL, tag: active, active: true },
    ]);
    expect(active).not.toBe('');
    if (s.matches({ popularTags: 'loaded' }))
      expect(s.context.popularTags).toEqual(['gaming', 'music']);
    else expect(s.context.popularTags).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
    // Popular tags are asked for once the session's tags are known.
    if (s.matches({ popularTags: 'waiting' }))
      expect(fakes.callsOf('fetchPopularTags')).toEqual([]);

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
