import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { PAGE_SIZE } from '../../contract/limits.js';
import { RETRY_DELAY_MS } from '../../machines/constants.js';
import {
  pagerMachine,
  selectHasFailed,
  selectHasMore,
  selectIsEmpty,
  selectItems,
  selectMeta,
  selectPage,
  type Page,
  type PageRequest,
  type PagerItem,
} from '../../machines/pager.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { model } from './pager.model.js';
import { fakeListServer, rows, settle, type Row } from './video-fixtures.js';

describeModel(model);

/** A feed-like pager over a fake server holding `list`. */
function start(list: () => PagerItem[], options: { retrySize?: number; failFirst?: boolean } = {}) {
  const server = fakeListServer(list);
  if (options.failFirst) server.failNext();
  const clock = new SimulatedClock();
  const actor = createActor(pagerMachine.provide({ actors: { fetchPage: server.logic } }), {
    input: { pageSize: PAGE_SIZE.homeFeed, params: { tag: 'music' }, retrySize: options.retrySize },
    clock,
  }).start();
  const ids = () => selectItems<Row>(actor.getSnapshot()).map((i) => i._id);
  const requests = () => server.calls.map(({ page, limit }) => [page, limit]);
  return { actor, server, clock, ids, requests };
}

async function scrollToEnd(actor: ReturnType<typeof start>['actor']) {
  for (let i = 0; i < 10 && selectHasMore(actor.getSnapshot()); i++) {
    actor.send({ type: 'LOAD_MORE' });
    await settle();
  }
}

describe('infinite-scroll pager', () => {
  it('loads every item exactly once, in order, 12 per page, then stops asking', async () => {
    const all = rows('v', 30);
    const { actor, ids, requests, server } = start(() => all);
    await settle();
    expect(ids()).toEqual(all.slice(0, 12).map((r) => r._id));
    expect(selectPage(actor.getSnapshot())).toBe(2);
    await scrollToEnd(actor);
    expect(ids()).toEqual(all.map((r) => r._id));
    expect(requests()).toEqual([
      [1, 12],
      [2, 12],
      [3, 12],
    ]);
    expect(server.calls.every((c) => c.params.tag === 'music')).toBe(true);
    expect(selectHasMore(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'LOAD_MORE' });
    await settle();
    expect(server.calls).toHaveLength(3);
  });

  it('ignores LOAD_MORE while a load runs (no overlapping loads)', async () => {
    const { actor, server, ids } = start(() => rows('v', 30));
    await settle();
    server.hold();
    actor.send({ type: 'LOAD_MORE' });
    actor.send({ type: 'LOAD_MORE' });
    actor.send({ type: 'LOAD_MORE' });
    await settle();
    expect(server.calls).toHaveLength(2);
    server.release();
    await settle();
    expect(ids()).toHaveLength(24);
  });

  it('after a failure waits 3 s before the next try, then loads what was asked for meanwhile', async () => {
    const { actor, server, clock, ids } = start(() => rows('v', 30));
    await settle();
    server.failNext();
    actor.send({ type: 'LOAD_MORE' });
    await settle();
    expect(selectHasFailed(actor.getSnapshot())).toBe(true);
    expect(ids()).toHaveLength(12); // what was shown stays
    actor.send({ type: 'LOAD_MORE' });
    clock.increment(RETRY_DELAY_MS - 1);
    await settle();
    expect(server.calls).toHaveLength(2);
    clock.increment(1);
    await settle();
    expect(server.calls.map((c) => c.page)).toEqual([1, 2, 2]);
    expect(ids()).toHaveLength(24);
  });

  it('after the wait without a request, the next LOAD_MORE loads at once', async () => {
    const { actor, server, clock } = start(() => rows('v', 30));
    await settle();
    server.failNext();
    actor.send({ type: 'LOAD_MORE' });
    await settle();
    clock.increment(RETRY_DELAY_MS);
    await settle();
    expect(server.calls).toHaveLength(2);
    actor.send({ type: 'LOAD_MORE' });
    await settle();
    expect(server.calls).toHaveLength(3);
    expect(actor.getSnapshot().value).toBe('loaded');
  });

  it('RETRY clears the list, loads 9 from page 1, then continues without skipping or repeating', async () => {
    const all = rows('v', 30);
    const { actor, ids, requests } = start(() => all, {
      retrySize: PAGE_SIZE.retry,
      failFirst: true,
    });
    await settle();
    expect(selectHasFailed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'RETRY' });
    await settle();
    expect(ids()).toEqual(all.slice(0, 9).map((r) => r._id));
    await scrollToEnd(actor);
    expect(ids()).toEqual(all.map((r) => r._id));
    // Page 1 of 9, then page 1 of 12 (keeping its last 3), then pages 2 and 3 of 12.
    expect(requests()).toEqual([
      [1, 12],
      [1, 9],
      [1, 12],
      [2, 12],
      [3, 12],
    ]);
  });

  it('RESET clears the list and starts at page 1 with the new params; a late answer is dropped', async () => {
    const byTag = (params: Record<string, unknown>) => rows(String(params.tag), 20);
    const server = fakeListServer(byTag);
    const actor = createActor(pagerMachine.provide({ actors: { fetchPage: server.logic } }), {
      input: { pageSize: PAGE_SIZE.homeFeed, params: { tag: 'music' } },
    }).start();
    await settle();
    server.hold();
    actor.send({ type: 'LOAD_MORE' });
    actor.send({ type: 'RESET', params: { tag: 'travel' } });
    expect(selectItems(actor.getSnapshot())).toEqual([]);
    server.release();
    await settle();
    const items = selectItems<Row>(actor.getSnapshot());
    expect(items.map((i) => i._id)).toEqual(rows('travel', 12).map((r) => r._id));
    expect(server.calls.at(-1)).toEqual({ page: 1, limit: 12, params: { tag: 'travel' } });
  });

  it("keeps what the server said beside the items (a search's spelling) and forgets it on RESET", async () => {
    let said: Record<string, unknown> | undefined = { spelling: { corrected: 'bread' } };
    const logic = fromPromise<Page, PageRequest>(async ({ input }) => ({
      items: rows(`p${input.page}`, input.limit),
      total: 100,
      ...(said ? { meta: said } : {}),
    }));
    const actor = createActor(pagerMachine.provide({ actors: { fetchPage: logic } }), {
      input: { pageSize: PAGE_SIZE.search },
    }).start();
    await settle();
    expect(selectMeta(actor.getSnapshot())).toEqual({ spelling: { corrected: 'bread' } });
    // A page that says nothing keeps the earlier remark.
    said = undefined;
    actor.send({ type: 'LOAD_MORE' });
    await settle();
    expect(selectMeta(actor.getSnapshot())).toEqual({ spelling: { corrected: 'bread' } });
    actor.send({ type: 'RESET', params: { query: 'other' } });
    expect(selectMeta(actor.getSnapshot())).toBeNull();
    await settle();
    expect(selectMeta(actor.getSnapshot())).toBeNull();
  });

  it('PREPEND puts a new item on top and later pages neither repeat nor skip', async () => {
    let all: PagerItem[] = rows('c', 20);
    const { actor, ids } = start(() => all);
    await settle();
    const mine = { _id: 'mine' };
    all = [mine, ...all]; // the server lists newest first
    actor.send({ type: 'PREPEND', item: mine });
    await scrollToEnd(actor);
    expect(ids()).toEqual(all.map((r) => r._id));
  });

  it('REPLACE swaps an edited item in place', async () => {
    const { actor } = start(() => rows('v', 5));
    await settle();
    const edited: Row = { _id: 'v-3', list: 'edited' };
    actor.send({ type: 'REPLACE', item: edited });
    const items = selectItems<Row>(actor.getSnapshot());
    expect(items.map((i) => i._id)).toEqual(rows('v', 5).map((r) => r._id));
    expect(items[2]).toEqual(edited);
  });

  it('REMOVE drops a deleted item and later pages neither skip nor repeat', async () => {
    let all: PagerItem[] = rows('v', 30);
    const { actor, ids } = start(() => all);
    await settle();
    all = all.filter((r) => r._id !== 'v-4'); // the server deleted it
    actor.send({ type: 'REMOVE', id: 'v-4' });
    expect(ids()).not.toContain('v-4');
    await scrollToEnd(actor);
    expect(ids()).toEqual(all.map((r) => r._id));
  });

  it('REMOVE during a load restarts it on the new offset, so the item that slid up is kept', async () => {
    let all: PagerItem[] = rows('v', 30);
    const { actor, ids, server } = start(() => all);
    await settle();
    server.hold();
    actor.send({ type: 'LOAD_MORE' });
    all = all.filter((r) => r._id !== 'v-1');
    actor.send({ type: 'REMOVE', id: 'v-1' });
    server.release();
    await settle();
    await scrollToEnd(actor);
    expect(ids()).toEqual(all.map((r) => r._id));
  });

  it('shows each item once when new items are published while the user scrolls', async () => {
    let all: PagerItem[] = rows('v', 30);
    const { actor, ids } = start(() => all);
    await settle();
    all = [...rows('fresh', 2), ...all];
    await scrollToEnd(actor);
    expect(new Set(ids()).size).toBe(ids().length);
    expect(ids()).toEqual(rows('v', 30).map((r) => r._id));
  });

  it('reports an empty list as empty', async () => {
    const { actor } = start(() => []);
    await settle();
    expect(selectIsEmpty(actor.getSnapshot())).toBe(true);
    expect(selectHasMore(actor.getSnapshot())).toBe(false);
  });
});
