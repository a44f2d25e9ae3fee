import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { badgeText, selectBadge, unreadCountMachine } from '../../machines/unread-count.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { model } from './unread-count.model.js';
import { settle } from './video-fixtures.js';

describeModel(model);

describe('unread count', () => {
  it('asks again when the notifications change while it asks, and shows the newest answer', async () => {
    const answers = [1, 2];
    let asked = 0;
    const machine = unreadCountMachine.provide({
      actors: { fetchUnreadCount: fromPromise(async () => answers[asked++] ?? 0) },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'REFRESH' });
    await settle();
    expect(asked).toBe(2);
    expect(selectBadge(actor.getSnapshot())).toBe('2');
  });

  it('writes 99+ from the server’s cap', () => {
    expect([0, 1, 99, 100].map(badgeText)).toEqual([null, '1', '99', '99+']);
  });
});
