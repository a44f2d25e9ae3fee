import { expect } from 'vitest';
import {
  channelStatsMachine,
  selectStats,
  selectStatsError,
  selectStatsLoading,
  type ChannelStatsSnapshot,
} from '../../machines/channel-stats.machine.js';
import type { Model } from '../support/model.js';
import { aStats, httpError } from './dashboard-fixtures.js';

export const model: Model<typeof channelStatsMachine> = {
  name: 'dashboard channel stats',
  machine: channelStatsMachine,
  meaning: {
    loading:
      "the caller's totals are asked for (again after a change); the grid shows placeholders, or the last figures while they are read again",
    loaded: 'the grid shows the seven figures from the answer',
    failed: "the grid shows the server's message or 'Failed to fetch channel stats', and Retry",
  },
  promiseActors: ['fetchStats'],
  events: {
    'xstate.done.actor.fetchStats': [{ type: 'xstate.done.actor.fetchStats', output: aStats }],
    'xstate.error.actor.fetchStats': [
      { type: 'xstate.error.actor.fetchStats', error: httpError('Unauthorized request', 401) },
      // No message at all (e.g. an empty answer): the spec's own text.
      { type: 'xstate.error.actor.fetchStats', error: httpError('', 500) },
    ],
  },
  assert: (snapshot, fakes, step) => {
    const s = snapshot as ChannelStatsSnapshot;
    // The page asks as it opens; the call takes no input (always the caller's own channel).
    expect(fakes.callsOf('fetchStats').length).toBeGreaterThanOrEqual(1);
    expect(fakes.calls.every((c) => c.src === 'fetchStats' && c.input === undefined)).toBe(true);
    expect(selectStatsLoading(s)).toBe(s.matches('loading'));
    if (s.matches('loading')) {
      // The last answer stays on screen while the totals are read again; none before the first.
      const before = step.previous as ChannelStatsSnapshot | undefined;
      const shown = before && !before.matches('failed') ? before.context.stats : null;
      expect(selectStats(s)).toEqual(shown);
      expect(selectStatsError(s)).toBeNull();
      if (step.event.type === 'REFRESH') {
        // A change asks again; a load already running is started over.
        expect(fakes.callsOf('fetchStats').length).toBeGreaterThan(1);
      }
      if (step.event.type === 'RETRY') {
        // Retry asks again, and the old failure text is gone.
        expect(fakes.callsOf('fetchStats').length).toBeGreaterThan(1);
        expect(s.context.error).toBeNull();
      }
    }
    if (s.matches('loaded')) {
      expect(selectStats(s)).toEqual(aStats);
      expect(selectStatsError(s)).toBeNull();
    }
    if (s.matches('failed')) {
      const error = step.event.error as Error;
      expect(selectStats(s)).toBeNull();
      expect(selectStatsError(s)).toBe(error.message || 'Failed to fetch channel stats');
    }
  },
};
