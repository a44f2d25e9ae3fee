import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { PAGE_SIZE } from '../../contract/limits.js';
import {
  CHIP_TAGS_MAX,
  feedMachine,
  selectChips,
  selectFeedPager,
} from '../../machines/feed.machine.js';
import {
  pagerMachine,
  selectHasFailed,
  selectIsLoadingFirst,
  selectItems,
} from '../../machines/pager.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { model } from './feed.model.js';
import { fakeListServer, rows, settle, type Row } from './video-fixtures.js';

describeModel(model);

function startFeed(
  tags: string[],
  activeTag: string | null = null,
  popular: string[] = ['gaming', 'music'],
) {
  const server = fakeListServer((params) =>
    rows(typeof params.tag === 'string' ? params.tag : 'all', 30),
  );
  const actor = createActor(
    feedMachine.provide({
      actors: {
        pager: pagerMachine.provide({ actors: { fetchPage: server.logic } }),
        fetchPopularTags: fromPromise(async () => popular),
      },
    }),
    { input: { tags, activeTag } },
  ).start();
  const pager = () => selectFeedPager(actor.getSnapshot()).getSnapshot();
  const lists = () => new Set(selectItems<Row>(pager()).map((i) => i.list));
  return { actor, server, pager, lists };
}

describe('home feed', () => {
  it("starts on 'All' with page 1 of 12 videos and no tag", async () => {
    const { actor, server, pager, lists } = startFeed(['music']);
    expect(selectChips(actor.getSnapshot())).toEqual([
      { label: 'All', tag: null, active: true },
      { label: 'music', tag: 'music', active: false },
    ]);
    await settle();
    expect(server.calls).toEqual([{ page: 1, limit: PAGE_SIZE.homeFeed, params: {} }]);
    expect(selectItems(pager())).toHaveLength(12);
    expect(lists()).toEqual(new Set(['all']));
  });

  it('selecting a tag clears the list at once and loads its page 1', async () => {
    const { actor, server, pager, lists } = startFeed(['music']);
    await settle();
    actor.send({ type: 'LOAD_MORE' });
    await settle();
    expect(selectItems(pager())).toHaveLength(24);
    server.hold();
    actor.send({ type: 'SELECT_TAG', tag: 'music' });
    expect(selectItems(pager())).toEqual([]);
    expect(selectIsLoadingFirst(pager())).toBe(true);
    server.release();
    await settle();
    expect(server.calls.at(-1)).toEqual({ page: 1, limit: 12, params: { tag: 'music' } });
    expect(lists()).toEqual(new Set(['music']));
    expect(selectChips(actor.getSnapshot()).find((c) => c.active)?.tag).toBe('music');
  });

  it('selecting the active chip again sends nothing', async () => {
    const { actor, server } = startFeed(['music']);
    await settle();
    actor.send({ type: 'SELECT_TAG', tag: null });
    await settle();
    expect(server.calls).toHaveLength(1);
  });

  it("starts on the URL's tag, which keeps its chip when the user's tags change", async () => {
    const { actor, server, lists } = startFeed(['music'], 'live');
    await settle();
    expect(server.calls).toEqual([{ page: 1, limit: PAGE_SIZE.homeFeed, params: { tag: 'live' } }]);
    actor.send({ type: 'TAGS_CHANGED', tags: ['travel'] });
    await settle();
    expect(selectChips(actor.getSnapshot()).map((c) => [c.label, c.active])).toEqual([
      ['All', false],
      ['live', true],
      ['travel', false],
      ['gaming', false],
      ['music', false],
    ]);
    expect(server.calls).toHaveLength(1);
    expect(lists()).toEqual(new Set(['live']));
  });

  it('shows a visitor the popular tags instead of a lone All', async () => {
    const { actor } = startFeed([]);
    actor.send({ type: 'TAGS_CHANGED', tags: [] });
    await settle();
    expect(selectChips(actor.getSnapshot()).map((c) => c.label)).toEqual([
      'All',
      'gaming',
      'music',
    ]);
    // Signing in with tags of one's own: those come first, the popular ones after them.
    actor.send({ type: 'TAGS_CHANGED', tags: ['travel'] });
    expect(selectChips(actor.getSnapshot()).map((c) => c.label)).toEqual([
      'All',
      'travel',
      'gaming',
      'music',
    ]);
  });

  it(`keeps the popular tags after a signed-in viewer's own few, without repeats, ${CHIP_TAGS_MAX} at most (issue 31)`, async () => {
    // Watching one bread video gave this viewer its four tags.
    const own = ['bread', 'baking', 'sourdough', 'music'];
    const popular = ['music', 'gaming', 'news', 'bread', 'travel', 'cooking', 'sports', 'art'];
    const { actor } = startFeed(own, null, [...popular, 'film', 'pets', 'cars', 'diy', 'tech']);
    actor.send({ type: 'TAGS_CHANGED', tags: own });
    await settle();
    const labels = selectChips(actor.getSnapshot()).map((c) => c.label);
    expect(labels).toEqual([
      'All',
      ...own,
      ...['gaming', 'news', 'travel', 'cooking', 'sports', 'art', 'film', 'pets'],
    ]);
    expect(labels).toHaveLength(1 + CHIP_TAGS_MAX);
    // A viewer with CHIP_TAGS_MAX tags or more sees only their own.
    const many = Array.from({ length: CHIP_TAGS_MAX }, (_, i) => `tag${i}`);
    actor.send({ type: 'TAGS_CHANGED', tags: many });
    expect(selectChips(actor.getSnapshot()).map((c) => c.label)).toEqual(['All', ...many]);
  });

  it('Retry after a failed load clears the list and loads 9 from page 1', async () => {
    const { actor, server, pager } = startFeed([]);
    await settle();
    server.failNext();
    actor.send({ type: 'LOAD_MORE' });
    await settle();
    expect(selectHasFailed(pager())).toBe(true);
    actor.send({ type: 'RETRY' });
    await settle();
    expect(server.calls.at(-1)).toEqual({ page: 1, limit: PAGE_SIZE.retry, params: {} });
    expect(selectItems(pager())).toHaveLength(9);
  });
});
