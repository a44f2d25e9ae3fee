import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { DashboardViews } from '../../contract/dashboard.js';
import { DASHBOARD_PERIODS } from '../../contract/limits.js';
import {
  channelViewsMachine,
  selectPeriod,
  selectViews,
  selectViewsError,
  selectViewsLoading,
  type ChannelViewsSnapshot,
} from '../../machines/channel-views.machine.js';
import type { Fixtures, Model } from '../support/model.js';
import { aViews, httpError } from './dashboard-fixtures.js';

const timeZone = 'Europe/Berlin';

export const model: Model<typeof channelViewsMachine> = {
  name: 'dashboard views over time',
  machine: channelViewsMachine,
  input: { timeZone },
  meaning: {
    loading:
      "the chosen period's days are asked for in the viewer's time zone; the chart shows a placeholder",
    loaded: "the chart and the top 5 are the chosen period's, never an earlier period's",
    failed: 'the chart area shows the failure and Retry; the period selector still works',
  },
  promiseActors: ['fetchViews'],
  // The answer is always for the period asked last (the call echoes `days`).
  events: (snapshot: AnyMachineSnapshot): Fixtures => {
    const days = (snapshot as ChannelViewsSnapshot).context.days;
    return {
      'xstate.done.actor.fetchViews': [
        { type: 'xstate.done.actor.fetchViews', output: aViews(days, timeZone) },
      ],
      'xstate.error.actor.fetchViews': [
        { type: 'xstate.error.actor.fetchViews', error: httpError('Unknown time zone', 400) },
        { type: 'xstate.error.actor.fetchViews', error: httpError('', 0) },
      ],
      // Another period than the current one (choosing the same one is not offered by the view).
      SELECT_PERIOD: DASHBOARD_PERIODS.filter((d) => d !== days).map((d) => ({
        type: 'SELECT_PERIOD',
        days: d,
      })),
    };
  },
  assert: (snapshot, fakes, step) => {
    const s = snapshot as ChannelViewsSnapshot;
    const calls = fakes.callsOf('fetchViews');
    // The latest call is for the period shown in the selector, in the viewer's zone.
    expect(calls.at(-1)?.input).toEqual({ days: selectPeriod(s), timeZone });
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
      const views = selectViews(s) as DashboardViews;
      expect(views.days).toBe(selectPeriod(s));
      expect(views).toEqual(aViews(selectPeriod(s), timeZone));
    }
    if (s.matches('failed')) {
      const error = step.event.error as Error;
      expect(selectViews(s)).toBeNull();
      expect(selectViewsError(s)).toBe(error.message || 'Failed to fetch channel views');
    }
  },
};
