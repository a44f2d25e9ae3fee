/**
 * The Subscriptions page's list (spec §2 "Subscriptions page", §4 "Subscribe toggle"): the
 * channels the viewer subscribes to, loading → loaded | failed, reloaded after an unsubscribe.
 *
 * Input:   { limit } — how many channels one load asks for (PAGE_SIZE.subscribers).
 * Events:  RELOAD — a row's Unsubscribe went through; RETRY — the Retry button after a failure.
 * Actor:   fetchSubscriptions — input { limit }, output SubscribedChannel[] (contract/engagement.ts).
 * Emitted: none.
 *
 * The Unsubscribe button of each row is the existing subscribe-toggle machine
 * (machines/subscribe-toggle.machine.ts): the row sends RELOAD here when it emits `changed`, and
 * on `failed` the row stays as it was (the view says so).
 *
 * Choices where the spec is silent (also in docs/decisions.md):
 * - While a reload runs the current rows stay on screen (no spinner flash after each unsubscribe).
 * - RELOAD during a load starts the load again: a second quick unsubscribe must not be answered by
 *   a list fetched before it went through.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { SubscribedChannel } from '../contract/engagement.js';
import { errorMessage } from './validation.js';

export interface SubscriptionsInput {
  limit: number;
}

export interface SubscriptionsContext {
  limit: number;
  /** Null until the first load answers. */
  channels: SubscribedChannel[] | null;
  error: string | null;
}

export type SubscriptionsEvent =
  /** An unsubscribe went through: fetch the list again. */
  | { type: 'RELOAD' }
  /** The Retry button after a failed load. */
  | { type: 'RETRY' };

export const subscriptionsMachine = setup({
  types: {
    input: {} as SubscriptionsInput,
    context: {} as SubscriptionsContext,
    events: {} as SubscriptionsEvent,
  },
  actors: {
    fetchSubscriptions: fromPromise<SubscribedChannel[], { limit: number }>(() => {
      throw new Error('fetchSubscriptions actor not provided');
    }),
  },
  actions: {
    setChannels: assign({
      channels: (_, channels: SubscribedChannel[]) => channels,
      error: null,
    }),
    setError: assign({ error: (_, message: string) => message }),
  },
}).createMachine({
  id: 'subscriptions',
  context: ({ input }) => ({ limit: input.limit, channels: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      on: { RELOAD: { target: 'loading', reenter: true } },
      invoke: {
        id: 'fetchSubscriptions',
        src: 'fetchSubscriptions',
        input: ({ context }) => ({ limit: context.limit }),
        onDone: {
          target: 'loaded',
          actions: { type: 'setChannels', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'setError',
            params: ({ event }) => errorMessage(event.error, 'Failed to load subscriptions'),
          },
        },
      },
    },
    loaded: {
      on: { RELOAD: 'loading' },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
  },
});

export type SubscriptionsSnapshot = SnapshotFrom<typeof subscriptionsMachine>;

/** Selectors the view uses. */
export const selectChannels = (s: SubscriptionsSnapshot) => s.context.channels ?? [];
/** The first load runs: nothing to show yet (the view shows a spinner). */
export const selectIsLoading = (s: SubscriptionsSnapshot) =>
  s.matches('loading') && s.context.channels === null;
export const selectHasFailed = (s: SubscriptionsSnapshot) => s.matches('failed');
export const selectError = (s: SubscriptionsSnapshot) => s.context.error;
export const selectIsEmpty = (s: SubscriptionsSnapshot) =>
  s.matches('loaded') && s.context.channels?.length === 0;
