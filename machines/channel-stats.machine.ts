/**
 * The dashboard's analytics grid (spec §2 Dashboard, §8): the caller's channel totals,
 * loading → loaded | failed, and Retry from failed.
 *
 * Input:   none: the stats are always the signed-in caller's own.
 * Events:  RETRY (after a failure) · REFRESH (the creator changed their content on the page: an
 *          upload, a delete, a new playlist or tweet; issue 29: the counts agree with the lists
 *          without a reload).
 *
 * Choices where the spec is silent: a refresh keeps the figures on screen until the new ones
 * arrive (no flash of placeholders); a REFRESH while a load runs starts it again, so the answer
 * is never older than the last change; a failed refresh shows the failure with Retry, as a
 * failed first load does, rather than figures known to be stale.
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
  | { type: 'RETRY' }
  /** The creator's content changed on this page: read the totals again. */
  | { type: 'REFRESH' };

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
    setError: assign({ error: (_, error: string) => error, stats: null }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'channelStats',
  context: { stats: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      on: { REFRESH: { target: 'loading', reenter: true } },
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
    loaded: {
      on: { REFRESH: 'loading' },
    },
    failed: {
      on: {
        RETRY: { target: 'loading', actions: 'clearError' },
        REFRESH: { target: 'loading', actions: 'clearError' },
      },
    },
  },
});

export type ChannelStatsSnapshot = SnapshotFrom<typeof channelStatsMachine>;

/** Selectors the grid uses. */
export const selectStatsLoading = (s: ChannelStatsSnapshot) => s.matches('loading');
/**
 * The totals once loaded, still shown while they are read again after a change; null before the
 * first answer and after a failure.
 */
export const selectStats = (s: ChannelStatsSnapshot) =>
  s.matches('failed') ? null : s.context.stats;
/** The failure text, only in `failed`. */
export const selectStatsError = (s: ChannelStatsSnapshot) =>
  s.matches('failed') ? s.context.error : null;
