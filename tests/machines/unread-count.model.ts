import { expect } from 'vitest';
import {
  badgeText,
  selectBadge,
  unreadCountMachine,
  type UnreadCountSnapshot,
} from '../../machines/unread-count.machine.js';
import type { Model } from '../support/model.js';

export const model: Model<typeof unreadCountMachine> = {
  name: 'notification bell: the unread count',
  machine: unreadCountMachine,
  meaning: {
    fetching: 'one GET /notifications/unread-count runs; the badge shows the last count known',
    idle: 'no count request runs; the badge shows the last count known (nothing at 0, "99+" at the cap)',
  },
  promiseActors: ['fetchUnreadCount'],
  serialize: (s) =>
    JSON.stringify({
      value: s.value as unknown,
      unread: (s as UnreadCountSnapshot).context.unreadCount,
    }),
  events: {
    'xstate.done.actor.fetchUnreadCount': [
      { type: 'xstate.done.actor.fetchUnreadCount', output: 0 },
      { type: 'xstate.done.actor.fetchUnreadCount', output: 3 },
    ],
    'xstate.error.actor.fetchUnreadCount': [
      { type: 'xstate.error.actor.fetchUnreadCount', error: new Error('Network down') },
    ],
    // The panel's calls: a page loaded (1 left unread) or everything marked read.
    COUNTED: [
      { type: 'COUNTED', unreadCount: 1 },
      { type: 'COUNTED', unreadCount: 0 },
    ],
  },
  assert: (snapshot, _fakes, step) => {
    const s = snapshot as UnreadCountSnapshot;
    const before = step.previous as UnreadCountSnapshot | undefined;
    expect(selectBadge(s)).toBe(badgeText(s.context.unreadCount));
    expect(s.children.fetchUnreadCount !== undefined).toBe(s.matches('fetching'));
    const { event } = step;
    if (event.type === 'xstate.done.actor.fetchUnreadCount') {
      // The fetched count shows, and is told (an open panel reloads on unread ones).
      expect(s.context.unreadCount).toBe(event.output);
      expect(step.emitted).toEqual([{ type: 'counted', unreadCount: event.output }]);
    } else {
      expect(step.emitted).toEqual([]);
    }
    if (event.type === 'COUNTED') {
      expect(s.context.unreadCount).toBe(event.unreadCount);
      // A count from the panel never interrupts or starts a fetch.
      expect(s.value).toEqual(before?.value);
    }
    // A failed count keeps the last one shown.
    if (event.type === 'xstate.error.actor.fetchUnreadCount') {
      expect(s.context.unreadCount).toBe(before?.context.unreadCount);
    }
  },
};
