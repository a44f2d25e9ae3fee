/**
 * The watch page player's control bar (issue 23): whether it shows, and which of its menus is
 * open. The other half of the player's controls (full screen, theater, the shortcuts dialog, what a
 * shortcut does) is player-controls.machine.ts; two small charts instead of one whose product of
 * regions would be 192 states.
 *
 * Input:   none
 * Events:  PLAYING · PAUSED · ACTIVITY · HOLD · RELEASE · OPEN_MENU { menu } · CLOSE_MENU ·
 *          CHOOSE_SPEED { rate } · CHOOSE_QUALITY { level }
 * Emitted: speed { rate } · quality { level }
 *
 * Choices where the issue is silent: the bar hides CONTROLS_HIDE_DELAY_MS (3 s, as the large
 * sites) after the last pointer move or key, only while playing, with no menu open and neither the
 * pointer nor focus on the bar (HOLD/RELEASE), so a keyboard user never tabs into a hidden bar.
 */
import { and, emit, setup, stateIn, type SnapshotFrom } from 'xstate';

export const CONTROLS_HIDE_DELAY_MS = 3000;

export type PlayerMenu = 'speed' | 'quality';

export type PlayerChromeEvent =
  /** The media element started or resumed playing. */
  | { type: 'PLAYING' }
  /** The media element paused or ended. */
  | { type: 'PAUSED' }
  /** The pointer moved over the player, or a shortcut was used. */
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
  | { type: 'CHOOSE_QUALITY'; level: number };

export type PlayerChromeEmitted =
  { type: 'speed'; rate: number } | { type: 'quality'; level: number };

export const playerChromeMachine = setup({
  types: {
    events: {} as PlayerChromeEvent,
    emitted: {} as PlayerChromeEmitted,
  },
  delays: { hideDelay: CONTROLS_HIDE_DELAY_MS },
  guards: {
    canHide: and([
      stateIn({ playback: 'playing' }),
      stateIn({ menu: 'closed' }),
      stateIn({ attention: 'free' }),
    ]),
    isSameMenu: ({ event }, menu: PlayerMenu) => event.type === 'OPEN_MENU' && event.menu === menu,
  },
  actions: {
    emitSpeed: emit((_, rate: number) => ({ type: 'speed' as const, rate })),
    emitQuality: emit((_, level: number) => ({ type: 'quality' as const, level })),
  },
}).createMachine({
  id: 'playerChrome',
  type: 'parallel',
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
          on: { ACTIVITY: 'shown', PAUSED: 'shown', HOLD: 'shown', OPEN_MENU: 'shown' },
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
  },
});

export type PlayerChromeSnapshot = SnapshotFrom<typeof playerChromeMachine>;

/** Selectors the views use. */
export const selectControlsShown = (s: PlayerChromeSnapshot) => s.matches({ chrome: 'shown' });
export const selectOpenMenu = (s: PlayerChromeSnapshot): PlayerMenu | null =>
  s.matches({ menu: 'speed' }) ? 'speed' : s.matches({ menu: 'quality' }) ? 'quality' : null;
