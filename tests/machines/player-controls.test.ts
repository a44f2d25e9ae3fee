import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  CONTROLS_HIDE_DELAY_MS,
  playerControlsMachine,
  selectControlsShown,
} from '../../machines/player-controls.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { model } from './player-controls.model.js';

describeModel(model);

function player() {
  const clock = new SimulatedClock();
  const actor = createActor(playerControlsMachine, { input: { hasCaptions: false }, clock });
  actor.start();
  return { actor, clock, shown: () => selectControlsShown(actor.getSnapshot()) };
}

describe('player controls', () => {
  it('hides the bar 3 s after the last pointer move while playing, and shows it on the next', () => {
    const { actor, clock, shown } = player();
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
    const { actor, clock, shown } = player();
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

  it('asks for full screen on f and follows only what the browser answers', () => {
    const { actor } = player();
    const asked: boolean[] = [];
    actor.on('fullscreen', (e) => asked.push(e.enter));
    actor.send({ type: 'KEY', command: { type: 'toggleFullscreen' } });
    expect(actor.getSnapshot().matches({ fullscreen: 'off' })).toBe(true);
    actor.send({ type: 'FULLSCREEN_CHANGED', on: true });
    actor.send({ type: 'KEY', command: { type: 'toggleFullscreen' } });
    // Escape left full screen before our request was answered: the browser is right.
    actor.send({ type: 'FULLSCREEN_CHANGED', on: false });
    expect(asked).toEqual([true, false]);
    expect(actor.getSnapshot().matches({ fullscreen: 'off' })).toBe(true);
  });
});
