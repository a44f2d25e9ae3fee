import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { VideoAnalytics } from '../../contract/video-analytics.js';
import { DASHBOARD_PERIODS } from '../../contract/limits.js';
import {
  videoAnalyticsMachine,
  selectPeriod,
  selectViews,
  selectViewsError,
  selectViewsLoading,
  type VideoAnalyticsSnapshot,
} from '../../machines/video-analytics.machine.js';
import type { Fixtures, Model } from '../support/model.js';
import { httpError } from './dashboard-fixtures.js';

const videoId = 'v_analytics_01';
export const anAnalytics = (days: number, tz: string): VideoAnalytics => ({
  videoId,
  title: 'Rye bread',
  duration: 100,
  days,
  timeZone: tz,
  from: '2026-01-01',
  to: '2026-01-07',
  views: 3,
  watchSeconds: 150,
  averageViewSeconds: 50,
  likes: 1,
  comments: 0,
  daily: [],
  retention: [1, 0.5],
  retentionViewers: 2,
  sources: [],
});

const timeZone = 'Europe/Berlin';

export const model: Model<typeof videoAnalyticsMachine> = {
  name: 'one video analytics',
  machine: videoAnalyticsMachine,
  input: { videoId, timeZone },
  meaning: {
    loading:
      "the chosen period's days are asked for in the viewer's time zone; the chart shows a placeholder",
    loaded:
      "the figures, charts, retention and sources are the chosen period's, never an earlier period's",
    failed: 'the chart area shows the failure and Retry; the period selector still works',
  },
  promiseActors: ['fetchVideoAnalytics'],
  // The answer is always for the period asked last (the call echoes `days`).
  events: (snapshot: AnyMachineSnapshot): Fixtures => {
    const days = (snapshot as VideoAnalyticsSnapshot).context.days;
    return {
      'xstate.done.actor.fetchVideoAnalytics': [
        { type: 'xstate.done.actor.fetchVideoAnalytics', output: anAnalytics(days, timeZone) },
      ],
      'xstate.error.actor.fetchVideoAnalytics': [
        {
          type: 'xstate.error.actor.fetchVideoAnalytics',
          error: httpError('Unknown time zone', 400),
        },
        { type: 'xstate.error.actor.fetchVideoAnalytics', error: httpError('', 0) },
      ],
      // Another period than the current one (choosing the same one is not offered by the view).
      SELECT_PERIOD: DASHBOARD_PERIODS.filter((d) => d !== days).map((d) => ({
        type: 'SELECT_PERIOD',
        days: d,
      })),
    };
  },
  assert: (snapshot, fakes, step) => {
    const s = snapshot as VideoAnalyticsSnapshot;
    const calls = fakes.callsOf('fetchVideoAnalytics');
    // The latest call is for the period shown in the selector, in the viewer's zone.
    expect(calls.at(-1)?.input).toEqual({ videoId, days: selectPeriod(s), timeZone });
    expect(selectViewsLoading(s)).toBe(s.matches('loading'));
    if (step.event.type === 'SELECT_PERIOD') {
      // Changing the period reloads: a new call for that period.
      expect(selectPeriod(s)).toBe(step.event.days);
      expect(calls.length).toBeGreaterThan(1);
    }
    if (s.matches('loading')) {
      expect(selectViews(s)).toBeNull();
      expect(selectViewsError(s)).toBeNull();
    }
    if (s.matches('loaded')) {
      const views = selectViews(s) as VideoAnalytics;
      expect(views.days).toBe(selectPeriod(s));
      expect(views).toEqual(anAnalytics(selectPeriod(s), timeZone));
    }
    if (s.matches('failed')) {
      const error = step.event.error as Error;
      expect(selectViews(s)).toBeNull();
      expect(selectViewsError(s)).toBe(error.message || 'Failed to fetch video analytics');
    }
  },
};
