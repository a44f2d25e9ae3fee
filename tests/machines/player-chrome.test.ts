import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  CONTROLS_HIDE_DELAY_MS,
  playerChromeMachine,
  selectControlsShown,
} from '../../machines/player-chrome.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { model } from './player-chrome.model.js';

describeModel(model);

function bar() {
  const clock = new SimulatedClock();
  const actor = createActor(playerChromeMachine, { clock });
  actor.start();
  return { actor, clock, shown: () => selectControlsShown(actor.getSnapshot()) };
}

describe('player control bar', () => {
  it('hides 3 s after the last pointer move while playing, and shows on the next', () => {
    const { actor, clock, shown } = bar();
    actor.send({ type: 'PLAYING' });
    clock.increment(CONTROLS_HIDE_DELAY_MS - 1);
    actor.send({ type: 'ACTIVITY' });
    clock.increment(CONTROLS_HIDE_DELAY_MS - 1);
    expect(shown()).toBe(true);
    clock.increment(1);
    expect(shown()).toBe(false);
    actor.send({ type: 'ACTIVITY' });
    expect(shown()).toBe(true);
  });

  it('never hides while paused, with a menu open, or with focus on the bar', () => {
    const { actor, clock, shown } = bar();
    clock.increment(CONTROLS_HIDE_DELAY_MS * 2);
    expect(shown()).toBe(true);
    actor.send({ type: 'PLAYING' });
    actor.send({ type: 'HOLD' });
    clock.increment(CONTROLS_HIDE_DELAY_MS * 2);
    expect(shown()).toBe(true);
    actor.send({ type: 'OPEN_MENU', menu: 'speed' });
    actor.send({ type: 'RELEASE' });
    clock.increment(CONTROLS_HIDE_DELAY_MS * 2);
    expect(shown()).toBe(true);
    // Choosing closes the menu; the 3 s start again from there.
    actor.send({ type: 'CHOOSE_SPEED', rate: 2 });
    actor.send({ type: 'ACTIVITY' });
    clock.increment(CONTROLS_HIDE_DELAY_MS);
    expect(shown()).toBe(false);
  });
});
