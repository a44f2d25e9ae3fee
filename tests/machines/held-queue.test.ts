import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { PAGE_SIZE } from '../../contract/limits.js';
import {
  HELD_QUEUE_MESSAGES,
  heldQueueMachine,
  type HeldAction,
} from '../../machines/held-queue.machine.js';
import {
  selectFailure,
  selectIsActing,
  selectPager,
  type ItemActionRequest,
} from '../../machines/paged-item-actions.js';
import {
  pagerMachine,
  selectHasMore,
  selectIsEmpty,
  selectItems,
} from '../../machines/pager.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { model } from './held-queue.model.js';
import { notFound } from './paged-item-actions-model.js';
import { fakeListServer, rows, settle, type Row } from './video-fixtures.js';

describeModel(model);

/** A queue over a fake server whose approvals and deletions really leave its list. */
function start(count: number) {
  let held = rows('held', count);
  const server = fakeListServer(() => held);
  const asked: ItemActionRequest<HeldAction>[] = [];
  let refusal: Error | null = null;
  const perform = fromPromise<unknown, ItemActionRequest<HeldAction>>(async ({ input }) => {
    asked.push(input);
    if (refusal) throw refusal;
    held = held.filter((r) => r._id !== input.id);
    return {};
  });
  const actor = createActor(
    heldQueueMachine.provide({
      actors: { pager: pagerMachine.provide({ actors: { fetchPage: server.logic } }), perform },
    }),
  ).start();
  const pager = () => selectPager(actor.getSnapshot());
  const ids = () => selectItems<Row>(pager().getSnapshot()).map((r) => r._id);
  return {
    actor,
    server,
    asked,
    ids,
    pager,
    refuse: (error: Error | null) => (refusal = error),
    gone: (id: string) => (held = held.filter((r) => r._id !== id)),
  };
}

describe('held review queue', () => {
  it('pages 20 at a time; approving and deleting leave the list without skipping a comment', async () => {
    const queue = start(45);
    await settle();
    expect(queue.ids()).toEqual(rows('held', 20).map((r) => r._id));
    expect(queue.server.calls[0]).toMatchObject({ page: 1, limit: PAGE_SIZE.heldComments });
    for (const [action, id] of [
      ['approve', 'held-1'],
      ['delete', 'held-2'],
      ['approve', 'held-20'],
    ] as const) {
      queue.actor.send({ type: 'ACT', action, id });
      expect(selectIsActing(queue.actor.getSnapshot())).toBe(true);
      await settle();
      expect(queue.ids()).not.toContain(id);
    }
    expect(queue.asked.map((a) => a.action)).toEqual(['approve', 'delete', 'approve']);
    // The next pages start where the shown ones end: held-21 … held-45, each once.
    while (selectHasMore(queue.pager().getSnapshot())) {
      queue.pager().send({ type: 'LOAD_MORE' });
      await settle();
    }
    const expected = rows('held', 45)
      .map((r) => r._id)
      .filter((id) => !['held-1', 'held-2', 'held-20'].includes(id));
    expect(queue.ids()).toEqual(expected);
  });

  it('keeps a row whose action failed, with the reason, until the next action', async () => {
    const queue = start(3);
    await settle();
    queue.refuse(new Error(''));
    queue.actor.send({ type: 'ACT', action: 'approve', id: 'held-2' });
    // A second click while the first runs is ignored.
    queue.actor.send({ type: 'ACT', action: 'delete', id: 'held-3' });
    await settle();
    expect(queue.asked).toEqual([{ action: 'approve', id: 'held-2' }]);
    expect(queue.ids()).toEqual(['held-1', 'held-2', 'held-3']);
    expect(selectFailure(queue.actor.getSnapshot())).toEqual({
      action: 'approve',
      id: 'held-2',
      message: HELD_QUEUE_MESSAGES.approveFailed,
    });
    queue.refuse(null);
    queue.actor.send({ type: 'ACT', action: 'approve', id: 'held-2' });
    expect(selectFailure(queue.actor.getSnapshot())).toBeNull();
    await settle();
    expect(queue.ids()).toEqual(['held-1', 'held-3']);
  });

  it('drops a comment that is gone already (its author deleted it) and says so', async () => {
    const queue = start(1);
    await settle();
    const said: string[] = [];
    queue.actor.on('gone', (e) => said.push(e.message));
    queue.gone('held-1');
    queue.refuse(notFound);
    queue.actor.send({ type: 'ACT', action: 'delete', id: 'held-1' });
    await settle();
    expect(said).toEqual([HELD_QUEUE_MESSAGES.gone]);
    expect(queue.ids()).toEqual([]);
    expect(selectIsEmpty(queue.pager().getSnapshot())).toBe(true);
  });
});
