/**
 * One video's analytics page (issue 34): loads the owner's numbers for a period (7, 28 or 90
 * days) in the viewer's time zone; choosing another period reloads; a failure offers Retry.
 * The same chart as channel-views.machine.ts, for one video.
 *
 * Input: videoId, timeZone, days (default 28).
 * Events: SELECT_PERIOD, RETRY. Actor: fetchVideoAnalytics.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { VideoAnalytics } from '../contract/video-analytics.js';
import { DASHBOARD_DEFAULT_PERIOD, type DASHBOARD_PERIODS } from '../contract/limits.js';
import { errorMessage } from './validation.js';

type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** Shown when the numbers cannot be loaded and the server said nothing better. */
export const VIDEO_ANALYTICS_FAILED = 'Failed to fetch video analytics';

export interface VideoAnalyticsInput {
  videoId: string;
  timeZone: string;
  days?: DashboardPeriod;
}

export interface VideoAnalyticsContext {
  videoId: string;
  days: DashboardPeriod;
  timeZone: string;
  views: VideoAnalytics | null;
  error: string | null;
}

export type VideoAnalyticsEvent =
  /** The creator picks another period (7, 28 or 90 days). */
  | { type: 'SELECT_PERIOD'; days: DashboardPeriod }
  /** The creator asks to load the period again after a failure. */
  | { type: 'RETRY' };

export const videoAnalyticsMachine = setup({
  types: {
    input: {} as VideoAnalyticsInput,
    context: {} as VideoAnalyticsContext,
    events: {} as VideoAnalyticsEvent,
  },
  actors: {
    fetchVideoAnalytics: fromPromise<
      VideoAnalytics,
      { videoId: string; days: DashboardPeriod; timeZone: string }
    >(() => {
      throw new Error('fetchVideoAnalytics actor not provided');
    }),
  },
  actions: {
    setPeriod: assign({ days: (_, days: DashboardPeriod) => days }),
    setViews: assign({ views: (_, views: VideoAnalytics) => views, error: null }),
    setError: assign({ error: (_, error: string) => error }),
  },
}).createMachine({
  id: 'videoAnalytics',
  context: ({ input }) => ({
    videoId: input.videoId,
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
        id: 'fetchVideoAnalytics',
        src: 'fetchVideoAnalytics',
        input: ({ context }) => ({
          videoId: context.videoId,
          days: context.days,
          timeZone: context.timeZone,
        }),
        onDone: {
          target: 'loaded',
          actions: { type: 'setViews', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'setError',
            params: ({ event }) => errorMessage(event.error, VIDEO_ANALYTICS_FAILED),
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

export type VideoAnalyticsSnapshot = SnapshotFrom<typeof videoAnalyticsMachine>;

/** Selectors the analytics page uses. */
export const selectPeriod = (s: VideoAnalyticsSnapshot) => s.context.days;
export const selectViewsLoading = (s: VideoAnalyticsSnapshot) => s.matches('loading');
/** The period's figures once loaded; null while loading or after a failure. */
export const selectViews = (s: VideoAnalyticsSnapshot) =>
  s.matches('loaded') ? s.context.views : null;
export const selectViewsError = (s: VideoAnalyticsSnapshot) =>
  s.matches('failed') ? s.context.error : null;
