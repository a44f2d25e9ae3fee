import { expect } from 'vitest';
import {
  playerChromeMachine,
  selectControlsShown,
  selectOpenMenu,
  type PlayerChromeSnapshot,
} from '../../machines/player-chrome.machine.js';
import type { Model } from '../support/model.js';

export const model: Model<typeof playerChromeMachine> = {
  name: 'player control bar',
  machine: playerChromeMachine,
  meaning: {
    playback: 'what the media element last said: playing or paused',
    attention: 'whether the pointer or focus is on the bar',
    chrome: 'whether the control bar shows',
    menu: 'which menu of the bar is open',
    'playback.paused': 'the video is paused or ended: the bar never hides',
    'playback.playing': 'the video plays: the bar may hide 3 s after the last activity',
    'attention.free': 'neither the pointer nor focus is on the bar',
    'attention.held': 'the pointer or focus is on the bar: it stays shown',
    'chrome.shown': 'the control bar is visible',
    'chrome.hidden': 'the bar is hidden: only while playing, no menu open, nothing on the bar',
    'menu.closed': 'no menu of the bar is open',
    'menu.speed': 'the speed menu is open',
    'menu.quality': 'the quality menu is open',
    'menu.captions': 'the subtitles menu is open (Off and each language)',
  },
  events: {
    OPEN_MENU: [
      { type: 'OPEN_MENU', menu: 'speed' },
      { type: 'OPEN_MENU', menu: 'quality' },
      { type: 'OPEN_MENU', menu: 'captions' },
    ],
    CHOOSE_CAPTIONS: [{ type: 'CHOOSE_CAPTIONS', language: 'pt-BR' }],
    CHOOSE_SPEED: [{ type: 'CHOOSE_SPEED', rate: 1.5 }],
    CHOOSE_QUALITY: [{ type: 'CHOOSE_QUALITY', level: 1 }],
  },
  serialize: (s) => JSON.stringify(s.value),
  assert: (snapshot, _fakes, { event, previous, emitted }) => {
    const s = snapshot as PlayerChromeSnapshot;
    const before = previous as PlayerChromeSnapshot | undefined;
    // The bar hides only while playing with no menu open and nothing on it.
    if (!selectControlsShown(s)) {
      expect(s.matches({ playback: 'playing' })).toBe(true);
      expect(selectOpenMenu(s)).toBeNull();
      expect(s.matches({ attention: 'free' })).toBe(true);
    }
    if (!before) {
      expect(selectControlsShown(s)).toBe(true);
      return;
    }
    if (event.type === 'ACTIVITY' || event.type === 'OPEN_MENU') {
      expect(selectControlsShown(s)).toBe(true);
    }
    // A choice in a menu is emitted and closes it.
    if (event.type === 'CHOOSE_SPEED' && selectOpenMenu(before) === 'speed') {
      expect(emitted).toEqual([{ type: 'speed', rate: 1.5 }]);
      expect(selectOpenMenu(s)).toBeNull();
    }
    if (event.type === 'CHOOSE_QUALITY' && selectOpenMenu(before) === 'quality') {
      expect(emitted).toEqual([{ type: 'quality', level: 1 }]);
      expect(selectOpenMenu(s)).toBeNull();
    }
    if (event.type === 'CHOOSE_CAPTIONS' && selectOpenMenu(before) === 'captions') {
      expect(emitted).toEqual([{ type: 'captions', language: 'pt-BR' }]);
      expect(selectOpenMenu(s)).toBeNull();
    }
    if (event.type === 'OPEN_MENU') {
      const same = selectOpenMenu(before) === event.menu;
      expect(selectOpenMenu(s)).toBe(same ? null : event.menu);
    }
  },
};
