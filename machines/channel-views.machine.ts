/**
 * The dashboard's "views over time" (beyond the spec, issue 9): counted views and new subscribers
 * per day of the chosen period in the viewer's time zone, and the period's top videos.
 * loading → loaded | failed; choosing a period from any state loads that period again.
 *
 * Input:   { timeZone } (the viewer's IANA zone, from Intl) and optionally { days }.
 * Events:  SELECT_PERIOD { days }, RETRY (after a failure).
 * Actor:   fetchViews — input { days, timeZone }, output DashboardViews (it echoes `days`).
 *
 * Stale answers: choosing a period re-enters `loading` (reenter), which stops the earlier call;
 * a stopped actor's answer is never delivered, so a slow 90-day answer cannot overwrite the 7-day
 * chart (tests/machines/channel-views.test.ts shows it with real promises).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { DashboardViews } from '../contract/dashboard.js';
import { DASHBOARD_DEFAULT_PERIOD, type DASHBOARD_PERIODS } from '../contract/limits.js';
import { DASHBOARD_STATS_MESSAGES } from './dashboard-messages.js';
import { errorMessage } from './validation.js';

export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export interface ChannelViewsInput {
  timeZone: string;
  days?: DashboardPeriod;
}

export interface ChannelViewsContext {
  days: DashboardPeriod;
  timeZone: string;
  views: DashboardViews | null;
  error: string | null;
}

export type ChannelViewsEvent =
  /** The creator picks another period (7, 28 or 90 days). */
  | { type: 'SELECT_PERIOD'; days: DashboardPeriod }
  /** The creator asks to load the period again after a failure. */
  | { type: 'RETRY' };

export const channelViewsMachine = setup({
  types: {
    input: {} as ChannelViewsInput,
    context: {} as ChannelViewsContext,
    events: {} as ChannelViewsEvent,
  },
  actors: {
    fetchViews: fromPromise<DashboardViews, { days: DashboardPeriod; timeZone: string }>(() => {
      throw new Error('fetchViews actor not provided');
    }),
  },
  actions: {
    setPeriod: assign({ days: (_, days: DashboardPeriod) => days }),
    setViews: assign({ views: (_, views: DashboardViews) => views, error: null }),
    setError: assign({ error: (_, error: string) => error }),
  },
}).createMachine({
  id: 'channelViews',
  context: ({ input }) => ({
    days: input.days ?? DASHBOARD_DEFAULT_PERIOD,
    timeZone: input.timeZone,
    views: null,
    error: null,
  }),
  initial: 'loading',
  on: {
    SELECT_PERIOD: {
      target: '.loading',
      reenter: true,
      actions: { type: 'setPeriod', params: ({ event }) => event.days },
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'fetchViews',
        src: 'fetchViews',
        input: ({ context }) => ({ days: context.days, timeZone: context.timeZone }),
        onDone: {
          target: 'loaded',
          actions: { type: 'setViews', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'setError',
            params: ({ event }) => errorMessage(event.error, DASHBOARD_STATS_MESSAGES.viewsFailed),
          },
        },
      },
    },
    loaded: {},
    failed: {
      on: { RETRY: 'loading' },
    },
  },
});

export type ChannelViewsSnapshot = SnapshotFrom<typeof channelViewsMachine>;

/** Selectors the chart section uses. */
export const selectPeriod = (s: ChannelViewsSnapshot) => s.context.days;
export const selectViewsLoading = (s: ChannelViewsSnapshot) => s.matches('loading');
/** The period's figures once loaded; null while loading or after a failure. */
export const selectViews = (s: ChannelViewsSnapshot) =>
  s.matches('loaded') ? s.context.views : null;
export const selectViewsError = (s: ChannelViewsSnapshot) =>
  s.matches('failed') ? s.context.error : null;
