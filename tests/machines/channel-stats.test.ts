import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { DashboardStats } from '../../contract/dashboard.js';
import {
  channelStatsMachine,
  selectStats,
  selectStatsError,
} from '../../machines/channel-stats.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { aStats, httpError } from './dashboard-fixtures.js';
import { model } from './channel-stats.model.js';
import { settle } from './video-fixtures.js';

describeModel(model);

describe('dashboard channel stats', () => {
  it('a failed load says so, and Retry loads the stats', async () => {
    const answers: Array<() => Promise<DashboardStats>> = [
      () => Promise.reject(httpError('Network error: check your connection', 0)),
      () => Promise.resolve(aStats),
    ];
    const fetchStats = fromPromise<DashboardStats, void>(() => answers.shift()!());
    const actor = createActor(channelStatsMachine.provide({ actors: { fetchStats } })).start();
    await settle();
    expect(selectStatsError(actor.getSnapshot())).toBe('Network error: check your connection');
    actor.send({ type: 'RETRY' });
    await settle();
    expect(selectStats(actor.getSnapshot())).toEqual(aStats);
    expect(selectStatsError(actor.getSnapshot())).toBeNull();
  });
});
