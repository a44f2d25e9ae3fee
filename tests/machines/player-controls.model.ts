import { expect } from 'vitest';
import {
  NO_CAPTIONS,
  playerControlsMachine,
  selectAnnouncement,
  selectIsFullscreen,
  selectIsTheater,
  selectShortcutsOpen,
  type PlayerControlsSnapshot,
} from '../../machines/player-controls.machine.js';
import type { Model } from '../support/model.js';

const key = (command: object) => ({ type: 'KEY', command });

export const model: Model<typeof playerControlsMachine> = {
  name: 'player modes and shortcuts',
  machine: playerControlsMachine,
  meaning: {
    fullscreen: 'whether the player frame is in full screen',
    theater: 'default or theater layout',
    shortcuts: 'whether the shortcuts dialog is open',
    'fullscreen.off': 'the document is not in full screen',
    'fullscreen.on': 'the player frame is in full screen (the browser said so)',
    'theater.off': 'default layout',
    'theater.on': 'theater mode: the player takes the whole width',
    'shortcuts.closed': 'no shortcuts dialog',
    'shortcuts.open': 'the shortcuts dialog is open; shortcuts do nothing meanwhile',
  },
  input: { hasCaptions: false },
  events: {
    FULLSCREEN_CHANGED: [
      { type: 'FULLSCREEN_CHANGED', on: true },
      { type: 'FULLSCREEN_CHANGED', on: false },
    ],
    KEY: [
      key({ type: 'togglePlay' }),
      key({ type: 'toggleFullscreen' }),
      key({ type: 'toggleTheater' }),
      key({ type: 'showShortcuts' }),
      key({ type: 'toggleCaptions' }),
    ],
    ANNOUNCE: [{ type: 'ANNOUNCE', text: 'Volume 55%' }],
    CAPTIONS_LISTED: [
      { type: 'CAPTIONS_LISTED', has: true },
      { type: 'CAPTIONS_LISTED', has: false },
    ],
  },
  // The announcement counter grows; the chart's value and whether there are captions matter.
  serialize: (s) => JSON.stringify([s.value, (s as PlayerControlsSnapshot).context.hasCaptions]),
  assert: (snapshot, _fakes, { event, previous, emitted }) => {
    const s = snapshot as PlayerControlsSnapshot;
    const before = previous as PlayerControlsSnapshot | undefined;
    if (!before) {
      expect(emitted).toEqual([]);
      return;
    }
    // Full screen moves only when the browser says so; asking is an emitted request.
    if (event.type !== 'FULLSCREEN_CHANGED') {
      expect(selectIsFullscreen(s)).toBe(selectIsFullscreen(before));
    } else {
      expect(selectIsFullscreen(s)).toBe(event.on);
    }
    const asksFullscreen =
      event.type === 'TOGGLE_FULLSCREEN' ||
      (event.type === 'KEY' &&
        (event.command as { type: string }).type === 'toggleFullscreen' &&
        !selectShortcutsOpen(before));
    if (asksFullscreen) {
      expect(emitted).toContainEqual({ type: 'fullscreen', enter: !selectIsFullscreen(before) });
    }
    if (event.type === 'KEY' && selectShortcutsOpen(before)) {
      // The dialog has the keyboard: a shortcut changes nothing and asks nothing.
      expect(emitted).toEqual([]);
      expect(s.value).toEqual(before.value);
    }
    if (event.type === 'KEY' && !selectShortcutsOpen(before)) {
      const command = event.command as { type: string };
      if (command.type === 'togglePlay') expect(emitted).toEqual([{ type: 'media', command }]);
      if (command.type === 'toggleCaptions' && !before.context.hasCaptions) {
        expect(selectAnnouncement(s).text).toBe(NO_CAPTIONS);
        expect(emitted).toEqual([]);
      }
      // Issue 34: with captions, c is the view's to apply (on, or off).
      if (command.type === 'toggleCaptions' && before.context.hasCaptions) {
        expect(emitted).toEqual([{ type: 'media', command }]);
      }
      if (command.type === 'showShortcuts') expect(selectShortcutsOpen(s)).toBe(true);
    }
    // Theater: a toggle flips it, is saved (emitted) and announced; a restore is silent.
    const theaterFlipped = selectIsTheater(s) !== selectIsTheater(before);
    if (event.type === 'RESTORE_THEATER') {
      expect(emitted).toEqual([]);
      expect(selectIsTheater(s)).toBe(true);
    } else if (theaterFlipped) {
      expect(emitted).toContainEqual({ type: 'theater', on: selectIsTheater(s) });
      expect(selectAnnouncement(s).text).toBe(selectIsTheater(s) ? 'Theater mode' : 'Default view');
    }
    if (event.type === 'ANNOUNCE') {
      expect(selectAnnouncement(s)).toEqual({
        text: 'Volume 55%',
        seq: selectAnnouncement(before).seq + 1,
      });
    }
  },
};
