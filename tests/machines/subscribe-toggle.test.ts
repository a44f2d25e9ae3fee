import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  selectSubscribed,
  selectSubscriberCount,
  subscribeToggleMachine,
} from '../../machines/subscribe-toggle.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { model } from './subscribe-toggle.model.js';
import { settle } from './video-fixtures.js';

describeModel(model);

function start(toggle: () => Promise<{ subscribed: boolean; subscriberCount: number }>) {
  const calls: string[] = [];
  const actor = createActor(
    subscribeToggleMachine.provide({
      actors: {
        toggleSubscription: fromPromise(async ({ input }) => {
          calls.push(input.channelId);
          return toggle();
        }),
      },
    }),
    { input: { channelId: 'c1', subscribed: false, subscriberCount: 0 } },
  ).start();
  const emitted: unknown[] = [];
  actor.on('*', (e) => emitted.push(e));
  return { actor, calls, emitted };
}

describe('subscribe toggle', () => {
  it('toggles once per click, shows the answer and tells the owner to reload', async () => {
    const { actor, calls, emitted } = start(async () => ({ subscribed: true, subscriberCount: 1 }));
    actor.send({ type: 'TOGGLE' });
    actor.send({ type: 'TOGGLE' });
    await settle();
    expect(calls).toEqual(['c1']);
    expect(emitted).toEqual([{ type: 'changed', subscribed: true, subscriberCount: 1 }]);
    expect([
      selectSubscribed(actor.getSnapshot()),
      selectSubscriberCount(actor.getSnapshot()),
    ]).toEqual([true, 1]);
    actor.send({ type: 'SYNC', subscribed: true, subscriberCount: 5 });
    expect(selectSubscriberCount(actor.getSnapshot())).toBe(5);
  });

  it('keeps the old state and emits failed when the toggle fails', async () => {
    const { actor, emitted } = start(() => Promise.reject(new Error('Network down')));
    actor.send({ type: 'TOGGLE' });
    await settle();
    expect(emitted).toEqual([{ type: 'failed', message: 'Network down' }]);
    expect(selectSubscribed(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
