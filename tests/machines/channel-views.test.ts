import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { DashboardViews } from '../../contract/dashboard.js';
import {
  channelViewsMachine,
  selectPeriod,
  selectViews,
  type DashboardPeriod,
} from '../../machines/channel-views.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { aViews } from './dashboard-fixtures.js';
import { model } from './channel-views.model.js';
import { settle } from './video-fixtures.js';

describeModel(model);

/** The machine over a fake API whose answers the test releases one by one, in any order. */
function open() {
  const pending = new Map<DashboardPeriod, () => void>();
  const fetchViews = fromPromise<DashboardViews, { days: DashboardPeriod; timeZone: string }>(
    ({ input }) =>
      new Promise((resolve) =>
        pending.set(input.days, () => resolve(aViews(input.days, input.timeZone))),
      ),
  );
  const actor = createActor(channelViewsMachine.provide({ actors: { fetchViews } }), {
    input: { timeZone: 'Asia/Tokyo' },
  }).start();
  return { actor, release: (days: DashboardPeriod) => pending.get(days)!() };
}

describe('dashboard views over time', () => {
  it('starts with the default period of 28 days', () => {
    const { actor } = open();
    expect(selectPeriod(actor.getSnapshot())).toBe(28);
  });

  it("ignores an earlier period's answer that arrives after the period changed", async () => {
    const { actor, release } = open();
    actor.send({ type: 'SELECT_PERIOD', days: 7 });
    release(7);
    await settle();
    expect(selectViews(actor.getSnapshot())?.days).toBe(7);
    // The slow 28-day answer comes last: the 7-day chart stays.
    release(28);
    await settle();
    expect(selectViews(actor.getSnapshot())?.days).toBe(7);
    expect(selectViews(actor.getSnapshot())?.timeZone).toBe('Asia/Tokyo');
  });
});
