import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { HistoryPage } from '../../contract/history.js';
import { PAGE_SIZE } from '../../contract/limits.js';
import {
  historyMachine,
  selectEntries,
  selectIsEmpty,
  selectPage,
  selectShowPager,
  selectTotalPages,
} from '../../machines/history.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { historyEntry } from './history-fixtures.js';
import { model } from './history.model.js';
import { settle } from './video-fixtures.js';

describeModel(model);

/** The history machine over a fake server holding `total` entries (ids v1…), newest first. */
function open(total: number) {
  let held = Array.from({ length: total }, (_, i) => historyEntry(i + 1));
  const asked: number[] = [];
  let failRemove = false;
  const limit = PAGE_SIZE.history;
  const fetchHistory = fromPromise<HistoryPage, { page: number; limit: number }>(
    async ({ input }) => {
      asked.push(input.page);
      const from = (input.page - 1) * input.limit;
      return {
        history: held.slice(from, from + input.limit),
        currentPage: input.page,
        totalPages: Math.max(1, Math.ceil(held.length / input.limit)),
        totalHistory: held.length,
      };
    },
  );
  const removeFromHistory = fromPromise<unknown, { videoId: string }>(async ({ input }) => {
    if (failRemove) throw new Error('Video not in watch history');
    held = held.filter((e) => e.video._id !== input.videoId);
    return {};
  });
  const clearHistory = fromPromise<unknown, void>(async () => {
    held = [];
    return { deletedCount: total };
  });
  const emitted: string[] = [];
  const actor = createActor(
    historyMachine.provide({ actors: { fetchHistory, removeFromHistory, clearHistory } }),
    { input: { pageSize: limit } },
  );
  actor.on('*', (e) => emitted.push(e.type));
  actor.start();
  const ids = () => selectEntries(actor.getSnapshot()).map((e) => e.video._id);
  return { actor, asked, ids, emitted, failNextRemove: () => (failRemove = true) };
}

describe('history page', () => {
  it('pages through 24 entries 10 at a time with Next and Previous', async () => {
    const { actor, asked, ids } = open(24);
    await settle();
    expect(ids()).toHaveLength(10);
    expect([selectPage(actor.getSnapshot()), selectTotalPages(actor.getSnapshot())]).toEqual([
      1, 3,
    ]);
    actor.send({ type: 'PREVIOUS' }); // nothing before page 1
    actor.send({ type: 'NEXT' });
    await settle();
    actor.send({ type: 'NEXT' });
    await settle();
    expect(ids()).toEqual(['v21', 'v22', 'v23', 'v24']);
    actor.send({ type: 'NEXT' }); // nothing after the last page
    await settle();
    actor.send({ type: 'PREVIOUS' });
    await settle();
    expect(ids()[0]).toBe('v11');
    expect(asked).toEqual([1, 2, 3, 2]);
  });

  it('removing an entry refills the page from the next one', async () => {
    const { actor, ids, emitted } = open(24);
    await settle();
    actor.send({ type: 'TOGGLE_MENU', videoId: 'v3' });
    actor.send({ type: 'REMOVE', videoId: 'v3' });
    await settle();
    expect(ids()).toEqual(['v1', 'v2', 'v4', 'v5', 'v6', 'v7', 'v8', 'v9', 'v10', 'v11']);
    expect(actor.getSnapshot().context.menuFor).toBeNull();
    expect(emitted).toContain('removed');
  });

  it('removing the only entry of the last page goes back to the page before', async () => {
    const { actor, ids } = open(21);
    await settle();
    actor.send({ type: 'NEXT' });
    await settle();
    actor.send({ type: 'NEXT' });
    await settle();
    expect(ids()).toEqual(['v21']);
    actor.send({ type: 'REMOVE', videoId: 'v21' });
    await settle();
    expect(selectPage(actor.getSnapshot())).toBe(2);
    expect(ids()[0]).toBe('v11');
    expect(selectShowPager(actor.getSnapshot())).toBe(true);
  });

  it('a failed removal keeps the entry', async () => {
    const { actor, ids, emitted, failNextRemove } = open(3);
    await settle();
    failNextRemove();
    actor.send({ type: 'REMOVE', videoId: 'v2' });
    await settle();
    expect(ids()).toEqual(['v1', 'v2', 'v3']);
    expect(emitted).toContain('removeFailed');
  });

  it('clears only after the confirmation', async () => {
    const { actor, ids, emitted } = open(24);
    await settle();
    actor.send({ type: 'CLEAR' });
    actor.send({ type: 'CANCEL_CLEAR' });
    await settle();
    expect(ids()).toHaveLength(10);
    actor.send({ type: 'CLEAR' });
    actor.send({ type: 'CONFIRM_CLEAR' });
    await settle();
    expect(selectIsEmpty(actor.getSnapshot())).toBe(true);
    expect(selectShowPager(actor.getSnapshot())).toBe(false);
    expect(emitted).toEqual(['cleared']);
    actor.send({ type: 'CLEAR' }); // nothing left to clear
    expect(actor.getSnapshot().value).toBe('ready');
  });
});
