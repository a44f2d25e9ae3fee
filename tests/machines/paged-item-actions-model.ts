/**
 * The model of the paged-item-actions chart (machines/paged-item-actions.ts), one per list that
 * uses it (held-queue.model.ts, blocked-users.model.ts): the rows come from a fake list server
 * through the real pager child, each action's request is checked, and after it the row is gone
 * (success, or a 404: gone already) or still there with its reason (any other failure).
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  selectFailure,
  selectIsActing,
  selectPager,
  selectPending,
  type PagedItemActionsContext,
  type PagedItemActionsMachine,
} from '../../machines/paged-item-actions.js';
import { pagerMachine, selectItems } from '../../machines/pager.machine.js';
import type { Model } from '../support/model.js';
import { fakeListServer, rows } from './video-fixtures.js';

export const notFound = Object.assign(new Error('Comment not found'), { status: 404 });

export function itemActionsModel<A extends string>(options: {
  name: string;
  machine: PagedItemActionsMachine<A>;
  pageSize: number;
  /** The actions a row offers. */
  actions: readonly A[];
  failed: Readonly<Record<A, string>>;
  gone: string;
}): Model<PagedItemActionsMachine<A>> {
  const list = `${options.name.split(' ')[0]!}`;
  const server = fakeListServer(() => rows(list, options.pageSize + 5));
  const ids = [`${list}-1`, `${list}-2`];
  return {
    name: options.name,
    machine: options.machine,
    meaning: {
      idle: `the rows listed (${options.pageSize} per page); every row's buttons enabled; a failed row shows its reason`,
      acting: "busy: every row's buttons wait; the action runs for that row, which is still listed",
    },
    provide: { actors: { pager: pagerMachine.provide({ actors: { fetchPage: server.logic } }) } },
    promiseActors: ['perform'],
    events: {
      ACT: options.actions.flatMap((action) => ids.map((id) => ({ type: 'ACT', action, id }))),
      'xstate.done.actor.perform': [{ type: 'xstate.done.actor.perform', output: {} }],
      'xstate.error.actor.perform': [
        { type: 'xstate.error.actor.perform', error: new Error('') },
        { type: 'xstate.error.actor.perform', error: new Error('Network down') },
        { type: 'xstate.error.actor.perform', error: notFound },
      ],
    },
    serialize: (s: AnyMachineSnapshot) => {
      const c = s.context as PagedItemActionsContext<A>;
      return JSON.stringify([s.value, c.pending, c.failure]);
    },
    assert: (snapshot, fakes, { event, emitted, previous }) => {
      const s = snapshot as unknown as Parameters<typeof selectPager<A>>[0];
      const pager = selectPager(s).getSnapshot();
      expect(pager.context.pageSize).toBe(options.pageSize);
      const listed = selectItems(pager).map((i) => i._id);
      expect(selectIsActing(s)).toBe(snapshot.matches('acting'));
      if (snapshot.matches('acting')) {
        const pending = selectPending(s)!;
        expect(pending).toEqual({ action: event.action, id: event.id });
        expect(fakes.lastInput('perform')).toEqual(pending);
        expect(selectFailure(s)).toBeNull();
      } else {
        expect(selectPending(s)).toBeNull();
      }
      const asked = previous ? selectPending(previous as unknown as typeof s) : null;
      switch (event.type) {
        case 'xstate.done.actor.perform':
          expect(listed).not.toContain(asked!.id);
          expect(selectFailure(s)).toBeNull();
          expect(emitted).toEqual([]);
          break;
        case 'xstate.error.actor.perform': {
          const error = event.error as Error & { status?: number };
          if (error.status === 404) {
            expect(listed).not.toContain(asked!.id);
            expect(selectFailure(s)).toBeNull();
            expect(emitted).toEqual([{ type: 'gone', message: options.gone }]);
          } else {
            // The server's reason when it gave one, else the list's own sentence.
            const message = error.message || options.failed[asked!.action];
            expect(selectFailure(s)).toEqual({ ...asked, message });
            expect(emitted).toEqual([]);
          }
          break;
        }
        default:
          expect(emitted).toEqual([]);
      }
    },
  };
}
