/**
 * Resume where you left off (issue 23): the player reports where the viewer is, per user and
 * video; the watch page, history and video cards read it back. Beyond API.md.
 *
 * - `PUT /videos/{videoId}/progress` *auth*: `{ seconds }` (0 … the video's duration) → WatchProgress;
 *   404 when the video is missing or hidden from the caller.
 * - `GET /videos/progress?ids=a,b,c` *auth*: the caller's positions for up to 50 videos, those
 *   without one left out (video cards ask for the ones on screen in one call).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, ClosedBody } from './common.js';
import { MAX_LIMIT } from './limits.js';

/**
 * A video counts as watched to the end (finished) from this fraction of its duration: it then
 * starts from the beginning instead of resuming (machines/watch-resume.ts), and Up next leaves it
 * out for that viewer (issue 31).
 */
export const FINISHED_FRACTION = 0.95;

/** Far beyond any video; the server also refuses a position past the video's own duration. */
const MAX_POSITION_SECONDS = 7 * 24 * 3600;

export const WatchProgressBody = ClosedBody(
  Type.Object({
    seconds: Type.Number({ minimum: 0, maximum: MAX_POSITION_SECONDS }),
  }),
);
export type WatchProgressBody = Static<typeof WatchProgressBody>;

export const WatchProgress = Type.Object({ videoId: Id, seconds: Type.Number() });
export type WatchProgress = Static<typeof WatchProgress>;

/** Comma-separated ids (what a page of cards shows): at most MAX_LIMIT. */
export const WatchProgressQuery = Type.Object({
  ids: Type.String({
    minLength: 1,
    maxLength: MAX_LIMIT * 65,
    pattern: '^[A-Za-z0-9_-]+(,[A-Za-z0-9_-]+)*$',
  }),
});
export type WatchProgressQuery = Static<typeof WatchProgressQuery>;

export const WatchProgressList = Type.Object({ progress: Type.Array(WatchProgress) });
export type WatchProgressList = Static<typeof WatchProgressList>;

/** Where the viewer stopped last time, null when never reported (watch page, history). */
export const ProgressSeconds = Type.Union([Type.Number(), Type.Null()]);
