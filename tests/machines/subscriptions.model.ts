import { expect } from 'vitest';
import type { SubscribedChannel } from '../../contract/engagement.js';
import { PAGE_SIZE } from '../../contract/limits.js';
import {
  selectChannels,
  selectHasFailed,
  selectIsEmpty,
  selectIsLoading,
  subscriptionsMachine,
  type SubscriptionsSnapshot,
} from '../../machines/subscriptions.machine.js';
import type { Model } from '../support/model.js';

export function aChannel(n: number): SubscribedChannel {
  return {
    _id: `u${n}`,
    userName: `channel${n}`,
    fullName: `Channel ${n}`,
    avatar: '',
    subscribers: n * 10,
    description: n % 2 ? `All about ${n}` : '',
  };
}

const two = [aChannel(1), aChannel(2)];
/** What the reload after unsubscribing from channel 2 answers. */
const one = [aChannel(1)];

export const model: Model<typeof subscriptionsMachine> = {
  name: 'subscriptions list',
  machine: subscriptionsMachine,
  meaning: {
    loading: 'the list is asked for (up to 50); the spinner shows only before the first answer',
    loaded:
      "a row per channel with Unsubscribe, or 'No subscriptions found' with Discover Channels",
    failed: 'the page says the list could not be loaded and offers Retry',
  },
  input: { limit: PAGE_SIZE.subscribers },
  promiseActors: ['fetchSubscriptions'],
  events: {
    'xstate.done.actor.fetchSubscriptions': [
      { type: 'xstate.done.actor.fetchSubscriptions', output: two },
      { type: 'xstate.done.actor.fetchSubscriptions', output: one },
      { type: 'xstate.done.actor.fetchSubscriptions', output: [] },
    ],
    'xstate.error.actor.fetchSubscriptions': [
      { type: 'xstate.error.actor.fetchSubscriptions', error: new Error('Network down') },
    ],
  },
  assert: (snapshot, fakes, step) => {
    const s = snapshot as SubscriptionsSnapshot;
    const c = s.context;
    for (const call of fakes.calls) expect(call.input).toEqual({ limit: PAGE_SIZE.subscribers });
    // The spinner shows only before anything was loaded; a reload keeps the rows on screen.
    expect(selectIsLoading(s)).toBe(s.matches('loading') && c.channels === null);
    expect(Boolean(s.children.fetchSubscriptions)).toBe(s.matches('loading'));
    expect(selectHasFailed(s)).toBe(s.matches('failed'));
    expect(selectIsEmpty(s)).toBe(s.matches('loaded') && selectChannels(s).length === 0);
    if (s.matches('loaded')) expect(selectChannels(s)).toEqual(step.event.output);
    if (s.matches('failed')) expect(c.error).toBe('Network down');
    if (step.event.type === 'RELOAD') {
      // A reload asks again and shows what it had meanwhile.
      expect(s.matches('loading')).toBe(true);
      expect(c.channels).toEqual((step.previous as SubscriptionsSnapshot).context.channels);
    }
  },
};
