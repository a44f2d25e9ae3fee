/**
 * The Subscribe/Subscribed button (watch page; later the channel page, its Subscribed tab and the
 * Subscriptions page, spec §2, §5): toggles the viewer's subscription to a channel, then the
 * owner of the button reloads the channel, video or list.
 *
 * Input:   { channelId, subscribed, subscriberCount } — as the page loaded them.
 * Events:  TOGGLE · SYNC { subscribed, subscriberCount }
 * Actor:   toggleSubscription — input { channelId }, output { subscribed, subscriberCount }
 * Emitted: changed { subscribed, subscriberCount } — the toggle went through: the owner component
 *          reloads what it shows (spec: "toggles, then the channel, video or list is reloaded");
 *          failed { message } — the toggle failed: the button keeps its old state (the spec only
 *          logs it; the view may also tell the user).
 *
 * Choices: clicks while a toggle runs are ignored; the toggle's answer is shown at once; SYNC lets
 * the owner push the reloaded numbers in without recreating the button.
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { SubscriptionToggle } from '../contract/engagement.js';
import { errorMessage } from './validation.js';

/** Whether the viewer follows the channel, and its count: what the toggle call answers. */
export type SubscriptionState = SubscriptionToggle;

export interface SubscribeToggleInput extends SubscriptionState {
  channelId: string;
}

export type SubscribeToggleContext = SubscribeToggleInput;

export type SubscribeToggleEvent =
  /** The Subscribe / Subscribed button was clicked. */
  | { type: 'TOGGLE' }
  /** The owner reloaded the channel: show its numbers. */
  | { type: 'SYNC'; subscribed: boolean; subscriberCount: number };

export type SubscribeToggleEmitted =
  /** The subscription changed: reload the channel, video or list. */
  | { type: 'changed'; subscribed: boolean; subscriberCount: number }
  /** The toggle failed: log it (and tell the user). */
  | { type: 'failed'; message: string };

export const subscribeToggleMachine = setup({
  types: {
    context: {} as SubscribeToggleContext,
    events: {} as SubscribeToggleEvent,
    input: {} as SubscribeToggleInput,
    emitted: {} as SubscribeToggleEmitted,
  },
  actors: {
    toggleSubscription: fromPromise<SubscriptionState, { channelId: string }>(() => {
      throw new Error('toggleSubscription actor not provided');
    }),
  },
  actions: {
    setState: assign((_, state: SubscriptionState) => ({
      subscribed: state.subscribed,
      subscriberCount: state.subscriberCount,
    })),
    announceChanged: emit((_, state: SubscriptionState) => ({
      type: 'changed' as const,
      subscribed: state.subscribed,
      subscriberCount: state.subscriberCount,
    })),
    announceFailure: emit((_, message: string) => ({ type: 'failed' as const, message })),
  },
}).createMachine({
  id: 'subscribeToggle',
  context: ({ input }) => ({
    channelId: input.channelId,
    subscribed: input.subscribed,
    subscriberCount: input.subscriberCount,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        TOGGLE: 'toggling',
        SYNC: {
          actions: {
            type: 'setState',
            params: ({ event }) => ({
              subscribed: event.subscribed,
              subscriberCount: event.subscriberCount,
            }),
          },
        },
      },
    },
    toggling: {
      tags: 'busy',
      invoke: {
        id: 'toggleSubscription',
        src: 'toggleSubscription',
        input: ({ context }) => ({ channelId: context.channelId }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'setState', params: ({ event }) => event.output },
            { type: 'announceChanged', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'idle',
          actions: {
            type: 'announceFailure',
            params: ({ event }) => errorMessage(event.error, 'Failed to toggle subscription'),
          },
        },
      },
    },
  },
});

export type SubscribeToggleSnapshot = SnapshotFrom<typeof subscribeToggleMachine>;

/** Selectors the views use. */
export const selectSubscribed = (s: SubscribeToggleSnapshot) => s.context.subscribed;
export const selectSubscriberCount = (s: SubscribeToggleSnapshot) => s.context.subscriberCount;
export const selectIsBusy = (s: SubscribeToggleSnapshot) => s.hasTag('busy');
