import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SubscribedChannel } from '../../contract/engagement.js';
import { PAGE_SIZE } from '../../contract/limits.js';
import { selectChannels, subscriptionsMachine } from '../../machines/subscriptions.machine.js';
import { subscribeToggleMachine } from '../../machines/subscribe-toggle.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { aChannel, model } from './subscriptions.model.js';
import { settle } from './video-fixtures.js';

describeModel(model);

describe('subscriptions list with unsubscribe', () => {
  it('unsubscribing through the subscribe toggle then reloading drops the channel', async () => {
    let held = [aChannel(1), aChannel(2)];
    const fetchSubscriptions = fromPromise<SubscribedChannel[], { limit: number }>(async () => [
      ...held,
    ]);
    const list = createActor(subscriptionsMachine.provide({ actors: { fetchSubscriptions } }), {
      input: { limit: PAGE_SIZE.subscribers },
    }).start();
    await settle();
    const toggleSubscription = fromPromise(async ({ input }: { input: { channelId: string } }) => {
      held = held.filter((c) => c._id !== input.channelId);
      return { subscribed: false, subscriberCount: 19 };
    });
    const row = createActor(subscribeToggleMachine.provide({ actors: { toggleSubscription } }), {
      input: { channelId: 'u2', subscribed: true, subscriberCount: 20 },
    }).start();
    // What the page wires: a row's `changed` reloads the list.
    row.on('changed', () => list.send({ type: 'RELOAD' }));
    row.send({ type: 'TOGGLE' });
    await settle();
    await settle();
    expect(selectChannels(list.getSnapshot()).map((c) => c._id)).toEqual(['u1']);
  });

  it('a second unsubscribe during a reload is answered by a fresh load', async () => {
    const answers: Array<(v: SubscribedChannel[]) => void> = [];
    const fetchSubscriptions = fromPromise<SubscribedChannel[], { limit: number }>(
      () => new Promise((resolve) => answers.push(resolve)),
    );
    const list = createActor(subscriptionsMachine.provide({ actors: { fetchSubscriptions } }), {
      input: { limit: PAGE_SIZE.subscribers },
    }).start();
    answers[0]!([aChannel(1), aChannel(2), aChannel(3)]);
    await settle();
    list.send({ type: 'RELOAD' });
    list.send({ type: 'RELOAD' });
    answers[1]!([aChannel(1), aChannel(3)]); // stale: the second reload runs
    await settle();
    expect(list.getSnapshot().value).toBe('loading');
    answers[2]!([aChannel(1)]);
    await settle();
    expect(selectChannels(list.getSnapshot()).map((c) => c._id)).toEqual(['u1']);
  });
});
