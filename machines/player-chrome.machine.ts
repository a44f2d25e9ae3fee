/**
 * The watch page player's control bar (issue 23): whether it shows, and which of its menus is
 * open. The other half of the player's controls (full screen, theater, the shortcuts dialog, what a
 * shortcut does) is player-controls.machine.ts; two small charts instead of one whose product of
 * regions would be 192 states.
 *
 * Input:   none
 * Events:  PLAYING · PAUSED · ACTIVITY · HOLD · RELEASE · OPEN_MENU { menu } · CLOSE_MENU ·
 *          CHOOSE_SPEED { rate } · CHOOSE_QUALITY { level } · CHOOSE_CAPTIONS { language }
 * Emitted: speed { rate } · quality { level } · captions { language }
 *
 * Choices where the issue is silent: the bar hides CONTROLS_HIDE_DELAY_MS (3 s, as the large
 * sites) after the last pointer move or key, only while playing, with no menu open and neither the
 * pointer nor focus on the bar (HOLD/RELEASE), so a keyboard user never tabs into a hidden bar.
 */
import { and, emit, setup, stateIn, type SnapshotFrom } from 'xstate';

export const CONTROLS_HIDE_DELAY_MS = 3000;

export type PlayerMenu = 'speed' | 'quality' | 'captions';

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
  | { type: 'CHOOSE_QUALITY'; level: number }
  /** Issue 34: a language chosen in the subtitles menu (null = Off). */
  | { type: 'CHOOSE_CAPTIONS'; language: string | null };

export type PlayerChromeEmitted =
  | { type: 'speed'; rate: number }
  | { type: 'quality'; level: number }
  | { type: 'captions'; language: string | null };

const MENUS: PlayerMenu[] = ['speed', 'quality', 'captions'];

/** OPEN_MENU from `open` (null: none): the same menu's button closes it, another's opens that. */
const opening = (open: PlayerMenu | null) =>
  MENUS.map((menu) =>
    menu === open
      ? { guard: { type: 'isSameMenu' as const, params: menu }, target: 'closed' }
      : { guard: { type: 'isSameMenu' as const, params: menu }, target: menu },
  );

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
    emitCaptions: emit((_, language: string | null) => ({ type: 'captions' as const, language })),
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
        closed: { on: { OPEN_MENU: opening(null) } },
        speed: {
          on: {
            OPEN_MENU: opening('speed'),
            CHOOSE_SPEED: {
              target: 'closed',
              actions: { type: 'emitSpeed', params: ({ event }) => event.rate },
            },
          },
        },
        quality: {
          on: {
            OPEN_MENU: opening('quality'),
            CHOOSE_QUALITY: {
              target: 'closed',
              actions: { type: 'emitQuality', params: ({ event }) => event.level },
            },
          },
        },
        // issue 34: the subtitles menu (Off and each language).
        captions: {
          on: {
            OPEN_MENU: opening('captions'),
            CHOOSE_CAPTIONS: {
              target: 'closed',
              actions: { type: 'emitCaptions', params: ({ event }) => event.language },
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
  MENUS.find((menu) => s.matches({ menu })) ?? null;
