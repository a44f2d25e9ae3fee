import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  badgeText,
  notificationPanelMachine,
  selectBadge,
  selectItems,
} from '../../machines/notification-panel.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { model } from './notification-panel.model.js';
import { notification, page } from './notification-fixtures.js';
import { settle } from './video-fixtures.js';

describeModel(model);

/** A bell over a fake server holding `entries` (newest first) and their read marks. */
function start(entries: ReturnType<typeof notification>[]) {
  const marked: string[][] = [];
  const unread = () => entries.filter((n) => !n.read).length;
  const machine = notificationPanelMachine.provide({
    actors: {
      fetchUnreadCount: fromPromise(async () => unread()),
      fetchNotifications: fromPromise(
        async ({ input }: { input: { page: number; limit: number } }) => {
          const sorted = [...entries.filter((n) => !n.read), ...entries.filter((n) => n.read)];
          const slice = sorted.slice((input.page - 1) * input.limit, input.page * input.limit);
          return page(
            slice.map((n) => ({ ...n })),
            {
              hasMore: sorted.length > input.page * input.limit,
              unreadCount: unread(),
              page: input.page,
            },
          );
        },
      ),
      markRead: fromPromise(async ({ input }: { input: { ids: string[] } }) => {
        marked.push(input.ids);
        for (const n of entries) if (input.ids.includes(n._id)) n.read = true;
        return unread();
      }),
      markAllRead: fromPromise(async () => {
        for (const n of entries) n.read = true;
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, marked };
}

describe('notification bell', () => {
  it('shows the count, and marks what the opened panel shows as seen', async () => {
    const entries = [notification('a', false), notification('b', true), notification('c', false)];
    const { actor, marked } = start(entries);
    await settle();
    expect(selectBadge(actor.getSnapshot())).toBe('2');
    actor.send({ type: 'OPEN' });
    await settle();
    await settle();
    expect(marked).toEqual([['a', 'c']]);
    expect(selectBadge(actor.getSnapshot())).toBeNull();
    // Still shown as new in this opening: unread first, then the rest.
    expect(selectItems(actor.getSnapshot()).map((n) => [n._id, n.read])).toEqual([
      ['a', false],
      ['c', false],
      ['b', true],
    ]);
  });

  it('reloads the open panel when a notification arrives, and not a closed one', async () => {
    const entries = [notification('a', true)];
    const { actor, marked } = start(entries);
    actor.send({ type: 'OPEN' });
    await settle();
    entries.unshift(notification('new', false));
    actor.send({ type: 'REFRESH' });
    await settle();
    await settle();
    await settle();
    expect(marked).toEqual([['new']]);
    expect(selectItems(actor.getSnapshot())[0]!._id).toBe('new');
    actor.send({ type: 'CLOSE' });
    entries.unshift(notification('later', false));
    actor.send({ type: 'REFRESH' });
    await settle();
    expect(selectBadge(actor.getSnapshot())).toBe('1');
    expect(marked).toHaveLength(1);
  });

  it('writes 99+ from the server’s cap', () => {
    expect([0, 1, 99, 100].map(badgeText)).toEqual([null, '1', '99', '99+']);
  });
});
