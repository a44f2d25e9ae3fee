import { describe, expect, it } from 'vitest';
import { commandForKey, SHORTCUTS, stepSpeed } from '../../machines/player-keymap.js';

describe('player keymap', () => {
  it.each([
    ['k', { type: 'togglePlay' }],
    [' ', { type: 'togglePlay' }],
    ['K', { type: 'togglePlay' }],
    ['j', { type: 'seekBy', seconds: -10 }],
    ['l', { type: 'seekBy', seconds: 10 }],
    ['ArrowLeft', { type: 'seekBy', seconds: -5 }],
    ['ArrowRight', { type: 'seekBy', seconds: 5 }],
    ['ArrowUp', { type: 'volumeBy', delta: 0.05 }],
    ['ArrowDown', { type: 'volumeBy', delta: -0.05 }],
    ['m', { type: 'toggleMute' }],
    ['f', { type: 'toggleFullscreen' }],
    ['t', { type: 'toggleTheater' }],
    ['c', { type: 'toggleCaptions' }],
    ['0', { type: 'seekToFraction', fraction: 0 }],
    ['7', { type: 'seekToFraction', fraction: 0.7 }],
    ['<', { type: 'speedStep', direction: -1 }],
    ['>', { type: 'speedStep', direction: 1 }],
    ['?', { type: 'showShortcuts' }],
  ])('%j → %j', (key, command) => {
    expect(commandForKey({ key })).toEqual(command);
  });

  it('reads Shift+/ as the shortcuts list on layouts that report "/"', () => {
    expect(commandForKey({ key: '/', shiftKey: true })).toEqual({ type: 'showShortcuts' });
    expect(commandForKey({ key: '/' })).toBeNull();
  });

  it('leaves browser and system shortcuts alone, and unknown keys', () => {
    expect(commandForKey({ key: 'l', ctrlKey: true })).toBeNull();
    expect(commandForKey({ key: 'f', metaKey: true })).toBeNull();
    expect(commandForKey({ key: 'k', altKey: true })).toBeNull();
    expect(commandForKey({ key: 'x' })).toBeNull();
    expect(commandForKey({ key: 'Enter' })).toBeNull();
  });

  it('steps the speed through the menu list and stops at its ends', () => {
    expect(stepSpeed(1, 1)).toBe(1.25);
    expect(stepSpeed(1, -1)).toBe(0.75);
    expect(stepSpeed(2, 1)).toBe(2);
    expect(stepSpeed(0.25, -1)).toBe(0.25);
    // Between two listed speeds (set elsewhere): up is the next above, down the next below.
    expect(stepSpeed(1.1, 1)).toBe(1.25);
    expect(stepSpeed(1.1, -1)).toBe(1);
  });

  it('lists every shortcut in the dialog table', () => {
    expect(SHORTCUTS.map((s) => s.keys)).toHaveLength(11);
  });
});
