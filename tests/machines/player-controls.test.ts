import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { playerControlsMachine } from '../../machines/player-controls.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { model } from './player-controls.model.js';

describeModel(model);

function player() {
  const actor = createActor(playerControlsMachine, { input: { hasCaptions: false } });
  actor.start();
  return { actor };
}

describe('player modes', () => {
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
