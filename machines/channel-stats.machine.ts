/**
 * The dashboard's analytics grid (spec §2 Dashboard, §8): the caller's channel totals,
 * loading → loaded | failed, and Retry from failed.
 *
 * Input:   none: the stats are always the signed-in caller's own.
 * Events:  RETRY (after a failure).
 * Actor:   fetchStats — output DashboardStats; it rejects with the server's message (an ApiError)
 *          or with none, and the grid then says 'Failed to fetch channel stats' (spec §8).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { DashboardStats } from '../contract/dashboard.js';
import { DASHBOARD_STATS_MESSAGES } from './dashboard-messages.js';
import { errorMessage } from './validation.js';

export interface ChannelStatsContext {
  stats: DashboardStats | null;
  /** What the grid says when the load failed; null otherwise. */
  error: string | null;
}

export type ChannelStatsEvent =
  /** The creator asks to load the stats again after a failure. */
  { type: 'RETRY' };

export const channelStatsMachine = setup({
  types: {
    context: {} as ChannelStatsContext,
    events: {} as ChannelStatsEvent,
  },
  actors: {
    fetchStats: fromPromise<DashboardStats, void>(() => {
      throw new Error('fetchStats actor not provided');
    }),
  },
  actions: {
    setStats: assign({ stats: (_, stats: DashboardStats) => stats, error: null }),
    setError: assign({ error: (_, error: string) => error }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'channelStats',
  context: { stats: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchStats',
        src: 'fetchStats',
        onDone: {
          target: 'loaded',
          actions: { type: 'setStats', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'setError',
            params: ({ event }) => errorMessage(event.error, DASHBOARD_STATS_MESSAGES.statsFailed),
          },
        },
      },
    },
    loaded: {},
    failed: {
      on: { RETRY: { target: 'loading', actions: 'clearError' } },
    },
  },
});

export type ChannelStatsSnapshot = SnapshotFrom<typeof channelStatsMachine>;

/** Selectors the grid uses. */
export const selectStatsLoading = (s: ChannelStatsSnapshot) => s.matches('loading');
/** The totals once loaded; null while loading or after a failure. */
export const selectStats = (s: ChannelStatsSnapshot) =>
  s.matches('loaded') ? s.context.stats : null;
/** The failure text, only in `failed`. */
export const selectStatsError = (s: ChannelStatsSnapshot) =>
  s.matches('failed') ? s.context.error : null;
