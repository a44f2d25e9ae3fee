/**
 * Autoplay on the watch page (issue 31): when the video ends and a next video is known, count down
 * AUTOPLAY_COUNTDOWN_SECONDS visibly, then play it; Cancel, or the viewer seeking or playing again,
 * stops the countdown; the "Autoplay" switch turns it off, remembered per browser.
 *
 *   off ⇄ on (TOGGLE)          on: idle → countingDown (ENDED with a next video)
 *                                  countingDown → countingDown every second (remaining − 1)
 *                                  countingDown → advancing after the last second
 *                                  countingDown → cancelled (CANCEL, RESUMED)
 *                                  cancelled → idle (RESUMED) · cancelled → countingDown (ENDED)
 *
 * Events:  RESTORE { on } (the switch as this browser left it; the view reads storage at start) ·
 *          TOGGLE (the switch) · ENDED { next } (the player's `ended`, with Up next's first video or null) ·
 *          CANCEL (the overlay's Cancel) · RESUMED (the viewer played or seeked the video again)
 * Emitted: remember { on } — the switch changed; the view stores it (no storage in here) ·
 *          advance { videoId } — the countdown ran out; the view navigates to /watch/{videoId}.
 *
 * Choices where the issue is silent: the switch is on by default, as on the largest video site;
 * turning it off during the countdown stops it; a video with nothing up next ends quietly; after
 * Cancel the video stays ended, and ending it again (after a replay) counts down again.
 */
import { assertEvent, assign, emit, setup, type SnapshotFrom } from 'xstate';
import { AUTOPLAY_COUNTDOWN_SECONDS } from '../contract/search.js';

/** The video autoplay would play, as the overlay names it. */
export interface NextVideo {
  videoId: string;
  title: string;
}

export interface AutoplayContext {
  next: NextVideo | null;
  /** Whole seconds left while counting down. */
  remaining: number;
}

export type AutoplayEvent =
  | { type: 'RESTORE'; on: boolean }
  | { type: 'TOGGLE' }
  | { type: 'ENDED'; next: NextVideo | null }
  | { type: 'CANCEL' }
  | { type: 'RESUMED' };

export type AutoplayEmitted =
  { type: 'remember'; on: boolean } | { type: 'advance'; videoId: string };

export const COUNTDOWN_TICK_MS = 1000;

export const autoplayMachine = setup({
  types: {
    context: {} as AutoplayContext,
    events: {} as AutoplayEvent,
    emitted: {} as AutoplayEmitted,
  },
  guards: {
    hasNext: ({ event }) => {
      assertEvent(event, 'ENDED');
      return event.next !== null;
    },
    isLastSecond: ({ context }) => context.remaining <= 1,
    restoresOn: ({ event }) => {
      assertEvent(event, 'RESTORE');
      return event.on;
    },
    restoresOff: ({ event }) => {
      assertEvent(event, 'RESTORE');
      return !event.on;
    },
  },
  actions: {
    startCountdown: assign(({ event }) => {
      assertEvent(event, 'ENDED');
      return { next: event.next, remaining: AUTOPLAY_COUNTDOWN_SECONDS };
    }),
    tick: assign({ remaining: ({ context }) => context.remaining - 1 }),
    rememberOn: emit({ type: 'remember', on: true } as const),
    rememberOff: emit({ type: 'remember', on: false } as const),
    advance: emit(({ context }) => ({ type: 'advance' as const, videoId: context.next!.videoId })),
  },
}).createMachine({
  id: 'autoplay',
  context: { next: null, remaining: AUTOPLAY_COUNTDOWN_SECONDS },
  initial: 'on',
  states: {
    off: {
      on: {
        TOGGLE: { target: 'on', actions: 'rememberOn' },
        RESTORE: { guard: 'restoresOn', target: 'on' },
      },
    },
    on: {
      initial: 'idle',
      on: {
        TOGGLE: { target: 'off', actions: 'rememberOff' },
        RESTORE: { guard: 'restoresOff', target: 'off' },
      },
      states: {
        idle: {
          on: { ENDED: { guard: 'hasNext', target: 'countingDown', actions: 'startCountdown' } },
        },
        countingDown: {
          after: {
            [COUNTDOWN_TICK_MS]: [
              { guard: 'isLastSecond', target: 'advancing' },
              { target: 'countingDown', reenter: true, actions: 'tick' },
            ],
          },
          on: { CANCEL: 'cancelled', RESUMED: 'cancelled' },
        },
        cancelled: {
          on: {
            RESUMED: 'idle',
            ENDED: { guard: 'hasNext', target: 'countingDown', actions: 'startCountdown' },
          },
        },
        advancing: { entry: 'advance' },
      },
    },
  },
});

export type AutoplaySnapshot = SnapshotFrom<typeof autoplayMachine>;

/** Selectors the views use. */
export const selectAutoplayOn = (s: AutoplaySnapshot) => s.matches('on');
/** The countdown overlay's content while counting down; null otherwise. */
export const selectCountdown = (s: AutoplaySnapshot) =>
  s.matches({ on: 'countingDown' }) && s.context.next
    ? { seconds: s.context.remaining, next: s.context.next }
    : null;
export const selectIsAdvancing = (s: AutoplaySnapshot) => s.matches({ on: 'advancing' });
