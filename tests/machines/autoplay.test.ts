import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { AUTOPLAY_COUNTDOWN_SECONDS } from '../../contract/search.js';
import {
  autoplayMachine,
  COUNTDOWN_TICK_MS,
  selectAutoplayOn,
  selectCountdown,
} from '../../machines/autoplay.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { model, nextVideo } from './autoplay.model.js';

describeModel(model);

function player() {
  const clock = new SimulatedClock();
  const actor = createActor(autoplayMachine, { clock }).start();
  const advanced: string[] = [];
  const remembered: boolean[] = [];
  actor.on('advance', (e) => advanced.push(e.videoId));
  actor.on('remember', (e) => remembered.push(e.on));
  const seconds = () => selectCountdown(actor.getSnapshot())?.seconds ?? null;
  return { actor, clock, advanced, remembered, seconds };
}

describe('autoplay after the video ends', () => {
  it(`counts ${AUTOPLAY_COUNTDOWN_SECONDS} seconds down, one a second, then plays the next video once`, () => {
    const { actor, clock, advanced, seconds } = player();
    actor.send({ type: 'ENDED', next: nextVideo });
    const shown: Array<number | null> = [seconds()];
    for (let i = 0; i < AUTOPLAY_COUNTDOWN_SECONDS; i++) {
      expect(advanced).toEqual([]);
      clock.increment(COUNTDOWN_TICK_MS);
      shown.push(seconds());
    }
    expect(shown).toEqual([5, 4, 3, 2, 1, null]);
    expect(advanced).toEqual(['v_next']);
    clock.increment(10 * COUNTDOWN_TICK_MS);
    expect(advanced).toEqual(['v_next']);
  });

  it('never plays the next video after Cancel, a seek or a play, or with the switch off', () => {
    for (const stop of [{ type: 'CANCEL' }, { type: 'RESUMED' }, { type: 'TOGGLE' }] as const) {
      const { actor, clock, advanced } = player();
      actor.send({ type: 'ENDED', next: nextVideo });
      clock.increment(2 * COUNTDOWN_TICK_MS);
      actor.send(stop);
      clock.increment(10 * COUNTDOWN_TICK_MS);
      expect(advanced).toEqual([]);
      expect(selectCountdown(actor.getSnapshot())).toBeNull();
    }
  });

  it('remembers what the viewer switched, and takes back what the browser remembered silently', () => {
    const { actor, remembered } = player();
    actor.send({ type: 'RESTORE', on: false });
    expect(selectAutoplayOn(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'ENDED', next: nextVideo });
    expect(selectCountdown(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'TOGGLE' });
    actor.send({ type: 'TOGGLE' });
    expect(remembered).toEqual([true, false]);
  });
});
