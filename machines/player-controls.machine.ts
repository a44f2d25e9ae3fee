/**
 * The watch page player's own controls (issue 23): which parts of the chrome show, which menu is
 * open, full screen, theater mode, the shortcuts dialog, and what the keyboard's commands do.
 * The media element stays the truth about time, volume and speed: the machine asks for changes
 * by emitting them, the view applies them to the <video> and reports back (PLAYING, PAUSED,
 * FULLSCREEN_CHANGED, ANNOUNCE).
 *
 * Input:   { hasCaptions }
 * Events:  PLAYING · PAUSED · ACTIVITY · HOLD · RELEASE · OPEN_MENU { menu } · CLOSE_MENU ·
 *          CHOOSE_SPEED { rate } · CHOOSE_QUALITY { level } · TOGGLE_FULLSCREEN ·
 *          FULLSCREEN_CHANGED { on } · TOGGLE_THEATER · RESTORE_THEATER · SHOW_SHORTCUTS · CLOSE_SHORTCUTS ·
 *          KEY { command } · ANNOUNCE { text }
 * Emitted: media { command } · speed { rate } · quality { level } · fullscreen { enter } ·
 *          theater { on }
 *
 * Choices where the issue is silent:
 * - The bar hides CONTROLS_HIDE_DELAY_MS (3 s, as the large sites) after the last pointer move or
 *   key, only while playing, no menu is open and neither the pointer nor focus is on the bar
 *   (HOLD/RELEASE): a keyboard user never tabs into a hidden bar.
 * - Full screen follows the document: the machine asks (emits `fullscreen`) and only the
 *   browser's answer (FULLSCREEN_CHANGED) moves it, so Escape or a refused request stay true.
 * - c on a video without captions says so to screen readers instead of doing nothing silently.
 */
import { and, assign, emit, not, raise, setup, stateIn, type SnapshotFrom } from 'xstate';
import type { PlayerCommand } from './player-keymap.js';

export const CONTROLS_HIDE_DELAY_MS = 3000;

export type PlayerMenu = 'speed' | 'quality';

export interface PlayerControlsInput {
  hasCaptions: boolean;
}

export interface PlayerControlsContext {
  hasCaptions: boolean;
  /** The latest screen-reader announcement, and a counter so the same text is said again. */
  announcement: { text: string; seq: number };
}

export type PlayerControlsEvent =
  /** The media element started or resumed playing. */
  | { type: 'PLAYING' }
  /** The media element paused or ended. */
  | { type: 'PAUSED' }
  /** The pointer moved over the player, or a key was pressed in it. */
  | { type: 'ACTIVITY' }
  /** The pointer is over the bar, or focus is inside it: keep it shown. */
  | { type: 'HOLD' }
  /** The pointer left the bar and focus left it. */
  | { type: 'RELEASE' }
  /** A menu button was pressed: opens that menu, or closes it when it is open. */
  | { type: 'OPEN_MENU'; menu: PlayerMenu }
  /** Escape, a press outside, or focus leaving the menu. */
  | { type: 'CLOSE_MENU' }
  /** A speed chosen in the speed menu. */
  | { type: 'CHOOSE_SPEED'; rate: number }
  /** A quality chosen in the quality menu (-1 = Auto). */
  | { type: 'CHOOSE_QUALITY'; level: number }
  /** The full-screen button, a double click, or f. */
  | { type: 'TOGGLE_FULLSCREEN' }
  /** The document entered or left full screen (whoever asked). */
  | { type: 'FULLSCREEN_CHANGED'; on: boolean }
  /** The theater button, or t. */
  | { type: 'TOGGLE_THEATER' }
  /** The page opens in theater mode, as this browser left it. */
  | { type: 'RESTORE_THEATER' }
  /** Shift+/ (or the bar's keyboard button). */
  | { type: 'SHOW_SHORTCUTS' }
  /** The shortcuts dialog closed. */
  | { type: 'CLOSE_SHORTCUTS' }
  /** A keyboard shortcut's command (player-keymap.ts), already checked to be meant for the player. */
  | { type: 'KEY'; command: PlayerCommand }
  /** What the view did to the media, for screen readers ("Volume 55%"). */
  | { type: 'ANNOUNCE'; text: string };

export type PlayerControlsEmitted =
  | { type: 'media'; command: PlayerCommand }
  | { type: 'speed'; rate: number }
  | { type: 'quality'; level: number }
  | { type: 'fullscreen'; enter: boolean }
  | { type: 'theater'; on: boolean };

export const NO_CAPTIONS = 'This video has no captions';

const isCommand = (event: PlayerControlsEvent, type: PlayerCommand['type']) =>
  event.type === 'KEY' && event.command.type === type;

export const playerControlsMachine = setup({
  types: {
    input: {} as PlayerControlsInput,
    context: {} as PlayerControlsContext,
    events: {} as PlayerControlsEvent,
    emitted: {} as PlayerControlsEmitted,
  },
  delays: { hideDelay: CONTROLS_HIDE_DELAY_MS },
  guards: {
    canHide: and([
      stateIn({ playback: 'playing' }),
      stateIn({ menu: 'closed' }),
      stateIn({ attention: 'free' }),
    ]),
    isSameMenu: ({ event }, menu: PlayerMenu) => event.type === 'OPEN_MENU' && event.menu === menu,
    turnedOn: ({ event }) => event.type === 'FULLSCREEN_CHANGED' && event.on,
    turnedOff: ({ event }) => event.type === 'FULLSCREEN_CHANGED' && !event.on,
    isFullscreenKey: ({ event }) => isCommand(event, 'toggleFullscreen'),
    isTheaterKey: ({ event }) => isCommand(event, 'toggleTheater'),
    isShortcutsKey: ({ event }) => isCommand(event, 'showShortcuts'),
    isCaptionsKey: ({ event }) => isCommand(event, 'toggleCaptions'),
    hasCaptions: ({ context }) => context.hasCaptions,
    shortcutsClosed: not(stateIn({ shortcuts: 'open' })),
  },
  actions: {
    announce: assign({
      announcement: ({ context }, text: string) => ({ text, seq: context.announcement.seq + 1 }),
    }),
    emitMedia: emit((_, command: PlayerCommand) => ({ type: 'media' as const, command })),
    emitSpeed: emit((_, rate: number) => ({ type: 'speed' as const, rate })),
    emitQuality: emit((_, level: number) => ({ type: 'quality' as const, level })),
    requestFullscreen: emit((_, enter: boolean) => ({ type: 'fullscreen' as const, enter })),
    emitTheater: emit((_, on: boolean) => ({ type: 'theater' as const, on })),
    raiseFullscreen: raise({ type: 'TOGGLE_FULLSCREEN' }),
    raiseTheater: raise({ type: 'TOGGLE_THEATER' }),
    raiseShortcuts: raise({ type: 'SHOW_SHORTCUTS' }),
    // A shortcut shows the bar, as a pointer move does (what changed is seen).
    raiseActivity: raise({ type: 'ACTIVITY' }),
  },
}).createMachine({
  id: 'player',
  type: 'parallel',
  context: ({ input }) => ({
    hasCaptions: input.hasCaptions,
    announcement: { text: '', seq: 0 },
  }),
  on: {
    ANNOUNCE: { actions: { type: 'announce', params: ({ event }) => event.text } },
    KEY: [
      // The dialog has the keyboard while it is open (the view sends nothing then, either).
      { guard: not('shortcutsClosed') },
      { guard: 'isFullscreenKey', actions: ['raiseActivity', 'raiseFullscreen'] },
      { guard: 'isTheaterKey', actions: ['raiseActivity', 'raiseTheater'] },
      { guard: 'isShortcutsKey', actions: ['raiseActivity', 'raiseShortcuts'] },
      {
        guard: and(['isCaptionsKey', not('hasCaptions')]),
        actions: ['raiseActivity', { type: 'announce', params: NO_CAPTIONS }],
      },
      {
        actions: ['raiseActivity', { type: 'emitMedia', params: ({ event }) => event.command }],
      },
    ],
  },
  states: {
    playback: {
      initial: 'paused',
      states: {
        paused: { on: { PLAYING: 'playing' } },
        playing: { on: { PAUSED: 'paused' } },
      },
    },
    attention: {
      initial: 'free',
      states: {
        free: { on: { HOLD: 'held' } },
        held: { on: { RELEASE: 'free' } },
      },
    },
    chrome: {
      initial: 'shown',
      states: {
        shown: {
          after: { hideDelay: { guard: 'canHide', target: 'hidden' } },
          // Each of these restarts the 3 s (re-entering restarts the timer).
          on: {
            ACTIVITY: { target: 'shown', reenter: true },
            PLAYING: { target: 'shown', reenter: true },
            RELEASE: { target: 'shown', reenter: true },
            CLOSE_MENU: { target: 'shown', reenter: true },
          },
        },
        hidden: {
          on: {
            ACTIVITY: 'shown',
            PAUSED: 'shown',
            HOLD: 'shown',
            OPEN_MENU: 'shown',
          },
        },
      },
    },
    menu: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            OPEN_MENU: [
              { guard: { type: 'isSameMenu', params: 'speed' }, target: 'speed' },
              { target: 'quality' },
            ],
          },
        },
        speed: {
          on: {
            OPEN_MENU: [
              { guard: { type: 'isSameMenu', params: 'speed' }, target: 'closed' },
              { target: 'quality' },
            ],
            CHOOSE_SPEED: {
              target: 'closed',
              actions: { type: 'emitSpeed', params: ({ event }) => event.rate },
            },
          },
        },
        quality: {
          on: {
            OPEN_MENU: [
              { guard: { type: 'isSameMenu', params: 'quality' }, target: 'closed' },
              { target: 'speed' },
            ],
            CHOOSE_QUALITY: {
              target: 'closed',
              actions: { type: 'emitQuality', params: ({ event }) => event.level },
            },
          },
        },
      },
      on: { CLOSE_MENU: '.closed' },
    },
    fullscreen: {
      initial: 'off',
      states: {
        off: {
          on: {
            TOGGLE_FULLSCREEN: { actions: { type: 'requestFullscreen', params: true } },
            FULLSCREEN_CHANGED: { guard: 'turnedOn', target: 'on' },
          },
        },
        on: {
          on: {
            TOGGLE_FULLSCREEN: { actions: { type: 'requestFullscreen', params: false } },
            FULLSCREEN_CHANGED: { guard: 'turnedOff', target: 'off' },
          },
        },
      },
    },
    theater: {
      initial: 'off',
      states: {
        off: {
          on: {
            // Quietly: the page opens as this browser left it, nothing to announce or save.
            RESTORE_THEATER: 'on',
            TOGGLE_THEATER: {
              target: 'on',
              actions: [
                { type: 'emitTheater', params: true },
                { type: 'announce', params: 'Theater mode' },
              ],
            },
          },
        },
        on: {
          on: {
            TOGGLE_THEATER: {
              target: 'off',
              actions: [
                { type: 'emitTheater', params: false },
                { type: 'announce', params: 'Default view' },
              ],
            },
          },
        },
      },
    },
    shortcuts: {
      initial: 'closed',
      states: {
        closed: { on: { SHOW_SHORTCUTS: 'open' } },
        open: { on: { CLOSE_SHORTCUTS: 'closed' } },
      },
    },
  },
});

export type PlayerControlsSnapshot = SnapshotFrom<typeof playerControlsMachine>;

/** Selectors the views use. */
export const selectControlsShown = (s: PlayerControlsSnapshot) => s.matches({ chrome: 'shown' });
export const selectOpenMenu = (s: PlayerControlsSnapshot): PlayerMenu | null =>
  s.matches({ menu: 'speed' }) ? 'speed' : s.matches({ menu: 'quality' }) ? 'quality' : null;
export const selectIsFullscreen = (s: PlayerControlsSnapshot) => s.matches({ fullscreen: 'on' });
export const selectIsTheater = (s: PlayerControlsSnapshot) => s.matches({ theater: 'on' });
export const selectShortcutsOpen = (s: PlayerControlsSnapshot) => s.matches({ shortcuts: 'open' });
export const selectAnnouncement = (s: PlayerControlsSnapshot) => s.context.announcement;
