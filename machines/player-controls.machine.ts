/**
 * The watch page player's modes (issue 23): full screen, theater mode, the shortcuts dialog, and
 * what a keyboard shortcut does. The control bar's own states (auto-hide, menus) are
 * player-chrome.machine.ts. The media element stays the truth about time, volume and speed: the
 * machine asks for changes by emitting them, the view applies them to the <video> and reports
 * back (FULLSCREEN_CHANGED, ANNOUNCE).
 *
 * Input:   { hasCaptions }
 * Events:  TOGGLE_FULLSCREEN · FULLSCREEN_CHANGED { on } · TOGGLE_THEATER · RESTORE_THEATER ·
 *          SHOW_SHORTCUTS · CLOSE_SHORTCUTS · KEY { command } · ANNOUNCE { text } ·
 *          CAPTIONS_LISTED { has } (issue 34: the video's captions arrived)
 * Emitted: media { command } · fullscreen { enter } · theater { on }
 *
 * Choices where the issue is silent:
 * - Full screen follows the document: the machine asks (emits `fullscreen`) and only the
 *   browser's answer (FULLSCREEN_CHANGED) moves it, so Escape or a refused request stay true.
 * - c on a video without captions says so to screen readers instead of doing nothing silently.
 * - Theater mode is remembered per browser; the page opens in it quietly (RESTORE_THEATER).
 */
import { and, assign, emit, not, raise, setup, stateIn, type SnapshotFrom } from 'xstate';
import type { PlayerCommand } from './player-keymap.js';

export interface PlayerControlsInput {
  hasCaptions: boolean;
}

export interface PlayerControlsContext {
  hasCaptions: boolean;
  /** The latest screen-reader announcement, and a counter so the same text is said again. */
  announcement: { text: string; seq: number };
}

export type PlayerControlsEvent =
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
  | { type: 'ANNOUNCE'; text: string }
  /** Issue 34: the video's captions were read: whether it has any (c toggles them then). */
  | { type: 'CAPTIONS_LISTED'; has: boolean };

export type PlayerControlsEmitted =
  | { type: 'media'; command: PlayerCommand }
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
  guards: {
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
    requestFullscreen: emit((_, enter: boolean) => ({ type: 'fullscreen' as const, enter })),
    emitTheater: emit((_, on: boolean) => ({ type: 'theater' as const, on })),
    raiseFullscreen: raise({ type: 'TOGGLE_FULLSCREEN' }),
    raiseTheater: raise({ type: 'TOGGLE_THEATER' }),
    raiseShortcuts: raise({ type: 'SHOW_SHORTCUTS' }),
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
    CAPTIONS_LISTED: { actions: assign({ hasCaptions: ({ event }) => event.has }) },
    KEY: [
      // The dialog has the keyboard while it is open (the view sends nothing then, either).
      { guard: not('shortcutsClosed') },
      { guard: 'isFullscreenKey', actions: 'raiseFullscreen' },
      { guard: 'isTheaterKey', actions: 'raiseTheater' },
      { guard: 'isShortcutsKey', actions: 'raiseShortcuts' },
      {
        guard: and(['isCaptionsKey', not('hasCaptions')]),
        actions: { type: 'announce', params: NO_CAPTIONS },
      },
      { actions: { type: 'emitMedia', params: ({ event }) => event.command } },
    ],
  },
  states: {
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
export const selectIsFullscreen = (s: PlayerControlsSnapshot) => s.matches({ fullscreen: 'on' });
export const selectIsTheater = (s: PlayerControlsSnapshot) => s.matches({ theater: 'on' });
export const selectShortcutsOpen = (s: PlayerControlsSnapshot) => s.matches({ shortcuts: 'open' });
export const selectAnnouncement = (s: PlayerControlsSnapshot) => s.context.announcement;
