import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  notificationPanelMachine,
  selectItems,
} from '../../machines/notification-panel.machine.js';
import { unreadCountMachine } from '../../machines/unread-count.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { model } from './notification-panel.model.js';
import { notification, page } from './notification-fixtures.js';
import { settle } from './video-fixtures.js';

describeModel(model);

/**
 * The badge's count and a panel over a fake server holding `entries` (newest first) and their
 * read marks, wired as the bell wires them (src/components/notifications/notification-panel.tsx).
 */
function start(entries: ReturnType<typeof notification>[]) {
  const marked: string[][] = [];
  const unread = () => entries.filter((n) => !n.read).length;
  const count = createActor(
    unreadCountMachine.provide({
      actors: { fetchUnreadCount: fromPromise(async () => unread()) },
    }),
  ).start();
  const panelLogic = notificationPanelMachine.provide({
    actors: {
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
  /** Opens the panel: a new actor, told of the badge's counts and telling its own. */
  const open = () => {
    const panel = createActor(panelLogic);
    const subscriptions = [
      panel.on('countChanged', ({ unreadCount }) => count.send({ type: 'COUNTED', unreadCount })),
      count.on('counted', ({ unreadCount }) => panel.send({ type: 'COUNTED', unreadCount })),
    ];
    panel.start();
    const close = () => {
      subscriptions.forEach((s) => s.unsubscribe());
      panel.stop();
    };
    return { panel, close };
  };
  return { count, open, marked };
}

const badge = (count: ReturnType<typeof start>['count']) => count.getSnapshot().context.unreadCount;

describe('notification bell', () => {
  it('shows the count, and marks what the opened panel shows as seen', async () => {
    const entries = [notification('a', false), notification('b', true), notification('c', false)];
    const { count, open, marked } = start(entries);
    await settle();
    expect(badge(count)).toBe(2);
    const { panel } = open();
    await settle();
    await settle();
    expect(marked).toEqual([['a', 'c']]);
    expect(badge(count)).toBe(0);
    // Still shown as new in this opening: unread first, then the rest.
    expect(selectItems(panel.getSnapshot()).map((n) => [n._id, n.read])).toEqual([
      ['a', false],
      ['c', false],
      ['b', true],
    ]);
  });

  it('reloads the open panel when a notification arrives, and not a closed one', async () => {
    const entries = [notification('a', true)];
    const { count, open, marked } = start(entries);
    const { panel, close } = open();
    await settle();
    entries.unshift(notification('new', false));
    count.send({ type: 'REFRESH' });
    await settle();
    await settle();
    await settle();
    expect(marked).toEqual([['new']]);
    expect(selectItems(panel.getSnapshot())[0]!._id).toBe('new');
    close();
    entries.unshift(notification('later', false));
    count.send({ type: 'REFRESH' });
    await settle();
    expect(badge(count)).toBe(1);
    expect(marked).toHaveLength(1);
  });
});
