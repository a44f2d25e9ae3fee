/**
 * Resume where you left off, the reporting half (issue 23): while the video plays the player
 * reports its position every REPORT_INTERVAL_MS, and once more on pause, at the end and when the
 * viewer leaves (page hidden or another page). Where the video starts is decided before, by
 * watch-resume.ts; the view seeks there and says STARTED, and only from then are positions
 * reported (an element's 0:00 before the seek must not overwrite where the viewer was).
 *
 * A page hidden for good may come back: the browser's back/forward cache restores it as it was
 * (`pageshow` with `persisted`), this actor included. So leaving is not the end: RETURN (with
 * where the element is and whether it plays) takes up reporting again.
 *
 * Input:   { videoId }
 * Events:  STARTED { seconds, resumed } · TIME { seconds } · PLAYING · PAUSED · START_OVER ·
 *          DISMISS · LEAVE · RETURN { seconds, playing }
 * Actor:   saveProgress — input { videoId, seconds, keepalive }, output void (PUT
 *          /videos/{id}/progress; `keepalive` so the request outlives the page)
 * Emitted: seek { seconds } (Start over)
 *
 * Choices where the issue is silent: a failed report is not retried (the next one, 5 s later,
 * carries a newer position anyway); the "Resumed at 1:33 · Start over" notice stays until used
 * or closed, and shows and hides with the control bar (so it never sits over a playing picture).
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';

export const REPORT_INTERVAL_MS = 5000;

export interface SaveProgressInput {
  videoId: string;
  seconds: number;
  keepalive: boolean;
}

export interface WatchProgressContext {
  videoId: string;
  /** The latest position the element reported. */
  position: number;
  /** Where the video started (shown in the notice). */
  resumedAt: number;
}

export type WatchProgressEvent =
  /** The element is at its start point (seeked there, or at 0). */
  | { type: 'STARTED'; seconds: number; resumed: boolean }
  /** The element's current time (timeupdate, seeked). */
  | { type: 'TIME'; seconds: number }
  /** The element plays. */
  | { type: 'PLAYING' }
  /** The element paused or ended. */
  | { type: 'PAUSED' }
  /** The notice's "Start over". */
  | { type: 'START_OVER' }
  /** The notice's close button. */
  | { type: 'DISMISS' }
  /** The page is hidden or left. */
  | { type: 'LEAVE' }
  /** The hidden page is shown again (restored from the back/forward cache). */
  | { type: 'RETURN'; seconds: number; playing: boolean };

export type WatchProgressEmitted = { type: 'seek'; seconds: number };

const saveInput = (c: WatchProgressContext, keepalive: boolean): SaveProgressInput => ({
  videoId: c.videoId,
  seconds: c.position,
  keepalive,
});

export const watchProgressMachine = setup({
  types: {
    input: {} as { videoId: string },
    context: {} as WatchProgressContext,
    events: {} as WatchProgressEvent,
    emitted: {} as WatchProgressEmitted,
  },
  actors: {
    saveProgress: fromPromise<void, SaveProgressInput>(() => {
      throw new Error('saveProgress actor not provided');
    }),
  },
  delays: { reportInterval: REPORT_INTERVAL_MS },
  guards: {
    resumed: ({ event }) => event.type === 'STARTED' && event.resumed,
    returnsPlaying: ({ event }) => event.type === 'RETURN' && event.playing,
  },
  actions: {
    setStart: assign((_, start: { seconds: number }) => ({
      position: start.seconds,
      resumedAt: start.seconds,
    })),
    setPosition: assign({ position: (_, seconds: number) => seconds }),
    seekToStart: emit({ type: 'seek' as const, seconds: 0 }),
  },
}).createMachine({
  id: 'watchProgress',
  context: ({ input }) => ({ videoId: input.videoId, position: 0, resumedAt: 0 }),
  initial: 'starting',
  states: {
    starting: {
      on: {
        STARTED: [
          {
            guard: 'resumed',
            target: 'watching.notice.shown',
            actions: { type: 'setStart', params: ({ event }) => event },
          },
          { target: 'watching', actions: { type: 'setStart', params: ({ event }) => event } },
        ],
        // LEAVE: nothing was watched, nothing to report (and a page that comes back from the
        // back/forward cache is still before its start).
      },
    },
    watching: {
      type: 'parallel',
      on: {
        TIME: { actions: { type: 'setPosition', params: ({ event }) => event.seconds } },
        LEAVE: 'away',
      },
      states: {
        reporting: {
          initial: 'paused',
          states: {
            paused: { on: { PLAYING: 'playing' } },
            playing: {
              after: { reportInterval: 'reportingWhilePlaying' },
              on: { PAUSED: 'reportingPause' },
            },
            reportingWhilePlaying: {
              invoke: {
                id: 'saveProgress',
                src: 'saveProgress',
                input: ({ context }) => saveInput(context, false),
                onDone: 'playing',
                onError: 'playing',
              },
              on: { PAUSED: 'reportingPause' },
            },
            reportingPause: {
              invoke: {
                id: 'saveProgress',
                src: 'saveProgress',
                input: ({ context }) => saveInput(context, false),
                onDone: 'paused',
                onError: 'paused',
              },
              on: { PLAYING: 'playing' },
            },
          },
        },
        notice: {
          initial: 'hidden',
          states: {
            hidden: {},
            shown: {
              on: {
                DISMISS: 'hidden',
                START_OVER: {
                  target: 'hidden',
                  actions: ['seekToStart', { type: 'setPosition', params: 0 }],
                },
              },
            },
          },
        },
      },
    },
    // Hidden or gone; a page kept in the back/forward cache may come back.
    away: {
      initial: 'leaving',
      on: {
        // Report from where the element is now, as it plays or not.
        RETURN: [
          {
            guard: 'returnsPlaying',
            target: 'watching.reporting.playing',
            actions: { type: 'setPosition', params: ({ event }) => event.seconds },
          },
          {
            target: 'watching',
            actions: { type: 'setPosition', params: ({ event }) => event.seconds },
          },
        ],
      },
      states: {
        // The last report: `keepalive` lets it finish after the page is gone.
        leaving: {
          invoke: {
            id: 'saveProgress',
            src: 'saveProgress',
            input: ({ context }) => saveInput(context, true),
            onDone: 'left',
            onError: 'left',
          },
        },
        left: {},
      },
    },
  },
});

export type WatchProgressSnapshot = SnapshotFrom<typeof watchProgressMachine>;

/** Selectors the views use. */
export const selectResumeNotice = (s: WatchProgressSnapshot): number | null =>
  s.matches({ watching: { notice: 'shown' } }) ? s.context.resumedAt : null;
export const selectIsStarted = (s: WatchProgressSnapshot) => !s.matches('starting');
