import { expect } from 'vitest';
import {
  selectIsBusy,
  selectSubscribed,
  selectSubscriberCount,
  subscribeToggleMachine,
  type SubscribeToggleSnapshot,
} from '../../machines/subscribe-toggle.machine.js';
import type { Model } from '../support/model.js';

const channelId = 'u_bob';
const start = { subscribed: false, subscriberCount: 7 };
const afterToggle = { subscribed: true, subscriberCount: 8 };
const reloaded = { subscribed: true, subscriberCount: 9 };

export const model: Model<typeof subscribeToggleMachine> = {
  name: 'subscribe toggle',
  machine: subscribeToggleMachine,
  // What each state means to a tester: what `assert` checks there (shown by `npm run paths`).
  meaning: {
    idle: 'shows subscribed state and subscriber count; clickable',
    toggling: 'one toggle request for this channel; further clicks ignored',
  },
  input: { channelId, ...start },
  promiseActors: ['toggleSubscription'],
  events: {
    'xstate.done.actor.toggleSubscription': [
      { type: 'xstate.done.actor.toggleSubscription', output: afterToggle },
    ],
    'xstate.error.actor.toggleSubscription': [
      { type: 'xstate.error.actor.toggleSubscription', error: new Error('Network down') },
    ],
    SYNC: [{ type: 'SYNC', ...reloaded }],
  },
  assert: (snapshot, fakes) => {
    const s = snapshot as SubscribeToggleSnapshot;
    for (const call of fakes.calls) expect(call.input).toEqual({ channelId });
    const shown = { subscribed: selectSubscribed(s), subscriberCount: selectSubscriberCount(s) };
    // Always one of: what the page loaded, the toggle's answer, or the owner's reload.
    expect([start, afterToggle, reloaded]).toContainEqual(shown);
    if (s.matches('toggling')) {
      expect(selectIsBusy(s)).toBe(true);
      expect(s.children.toggleSubscription).toBeDefined();
    }
    if (s.matches('idle')) expect(selectIsBusy(s)).toBe(false);
    // Only a toggle's answer can show `afterToggle`: without a toggle the page's or owner's numbers show.
    if (fakes.callsOf('toggleSubscription').length === 0) {
      expect([start, reloaded]).toContainEqual(shown);
    }
  },
};
