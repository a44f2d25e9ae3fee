import { expect } from 'vitest';
import { AUTOPLAY_COUNTDOWN_SECONDS } from '../../contract/search.js';
import {
  autoplayMachine,
  selectAutoplayOn,
  selectCountdown,
  selectIsAdvancing,
  type AutoplaySnapshot,
} from '../../machines/autoplay.machine.js';
import type { Model } from '../support/model.js';

export const nextVideo = { videoId: 'v_next', title: 'Rye bread at home' };

export const model: Model<typeof autoplayMachine> = {
  name: 'autoplay after the video ends',
  machine: autoplayMachine,
  meaning: {
    off: "the 'Autoplay' switch is off: an ended video stays ended",
    on: "the 'Autoplay' switch is on",
    'on.idle': 'the video plays (or ended with nothing up next); no countdown shows',
    'on.countingDown':
      "'Up next in N' over the player with the next title and Cancel; N falls by one each second",
    'on.cancelled': 'the countdown was cancelled (Cancel, a seek, a play); the video stays ended',
    'on.advancing': 'the countdown ran out: the page goes to /watch/{next}',
  },
  events: {
    RESTORE: [
      { type: 'RESTORE', on: false },
      { type: 'RESTORE', on: true },
    ],
    ENDED: [
      { type: 'ENDED', next: nextVideo },
      { type: 'ENDED', next: null },
    ],
  },
  assert: (snapshot, _fakes, { event, previous, emitted }) => {
    const s = snapshot as AutoplaySnapshot;
    const before = previous as AutoplaySnapshot | undefined;
    expect(selectAutoplayOn(s)).toBe(s.matches('on'));
    const countdown = selectCountdown(s);

    // The switch: a toggle flips it and is remembered (emitted); a restore is silent.
    if (event.type === 'TOGGLE') {
      expect(selectAutoplayOn(s)).toBe(!selectAutoplayOn(before!));
      expect(emitted).toEqual([{ type: 'remember', on: selectAutoplayOn(s) }]);
    } else if (s.matches({ on: 'advancing' }) && !before?.matches({ on: 'advancing' })) {
      // The countdown ran out after its last second: the next video is asked for, once.
      expect(before?.context.remaining).toBe(1);
      expect(emitted).toEqual([{ type: 'advance', videoId: nextVideo.videoId }]);
    } else {
      expect(emitted).toEqual([]);
    }
    if (event.type === 'RESTORE') expect(selectAutoplayOn(s)).toBe(event.on === true);

    if (s.matches({ on: 'countingDown' })) {
      expect(countdown?.next).toEqual(nextVideo);
      expect(countdown!.seconds).toBeGreaterThanOrEqual(1);
      expect(countdown!.seconds).toBeLessThanOrEqual(AUTOPLAY_COUNTDOWN_SECONDS);
      // A video that just ended starts at the full count; each second takes one off.
      if (event.type === 'ENDED') expect(countdown!.seconds).toBe(AUTOPLAY_COUNTDOWN_SECONDS);
      if (event.type.startsWith('xstate.after.')) {
        expect(countdown!.seconds).toBe(before!.context.remaining - 1);
      }
    } else {
      expect(countdown).toBeNull();
    }
    // Nothing up next: an ended video never counts down.
    if (event.type === 'ENDED' && event.next === null) {
      expect(s.matches({ on: 'countingDown' })).toBe(false);
    }
    expect(selectIsAdvancing(s)).toBe(s.matches({ on: 'advancing' }));
    if (s.matches('off')) expect(selectIsAdvancing(s)).toBe(false);
  },
};
