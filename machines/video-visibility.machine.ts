/**
 * The schedule picker of the Edit video dialog (issue 34, contract/video-visibility.ts):
 * Visibility Public / Unlisted / Private and, for Unlisted and Private, "Schedule" with a
 * date-time in the viewer's own time zone, the moment the video becomes public.
 *
 * Input:   { visibility, publishAt } — the video's own (publishAt ISO or null); LOAD again.
 * Events:  see PickerEvent (each carries `now` where the time is checked, so the chart has no clock).
 * Actors:  none; the dialog sends what selectChoice returns with its other fields (edit-video).
 * Selectors: selectChoice (what would be sent, and the problem that stops it), selectVisibility,
 *          selectScheduled, selectLocalTime.
 *
 * Choices where the issue is silent: ticking "Schedule" proposes the next full hour a day ahead
 * (a large site proposes a time too, rather than an empty box); choosing Public drops a schedule
 * (a public video has nothing left to wait for); switching between Unlisted and Private keeps it.
 * A time in the past or more than a year ahead is refused here with the server's own words, and
 * the server checks again.
 */
import { assign, setup } from 'xstate';
import {
  PUBLISH_AT_MAX_DAYS,
  SCHEDULE_MESSAGES,
  type Visibility,
} from '../contract/video-visibility.js';

export const CHOOSE_TIME_MESSAGE = 'Choose the date and time to publish at';
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface PickerInput {
  visibility: Visibility;
  publishAt: string | null;
}

export interface PickerContext {
  /** The date-time input's value, `YYYY-MM-DDTHH:mm` in the viewer's zone ('' when none). */
  localTime: string;
  /** Why the schedule cannot be sent (null when it can, or when there is none). */
  problem: string | null;
}

export type PickerEvent =
  /** The video's own state, again (the dialog reopened on a video saved meanwhile). */
  | { type: 'LOAD'; visibility: Visibility; publishAt: string | null }
  /** A Visibility radio button. */
  | { type: 'CHOOSE'; visibility: Visibility }
  /** The "Schedule" box ticked (Unlisted or Private only). */
  | { type: 'SCHEDULE_ON'; now: number }
  /** The "Schedule" box cleared. */
  | { type: 'SCHEDULE_OFF' }
  /** The date-time input changed. */
  | { type: 'SET_TIME'; value: string; now: number };

export interface VisibilityChoice {
  visibility: Visibility;
  publishAt: string | null;
  problem: string | null;
}

export const videoVisibilityMachine = setup({
  types: {
    context: {} as PickerContext,
    events: {} as PickerEvent,
    input: {} as PickerInput,
  },
  actions: {
    proposeTime: assign(({ context, event }) => {
      if (event.type !== 'SCHEDULE_ON') return {};
      const localTime = context.localTime || toLocalInput(proposedTime(event.now));
      return { localTime, problem: scheduleProblem(localTime, event.now) };
    }),
    setTime: assign(({ event }) =>
      event.type === 'SET_TIME'
        ? { localTime: event.value, problem: scheduleProblem(event.value, event.now) }
        : {},
    ),
    clearProblem: assign({ problem: null }),
    load: assign(({ event }) => (event.type === 'LOAD' ? fromVideo(event) : {})),
  },
  guards: {
    loadsUnlistedNow: ({ event }) => loads(event, 'unlisted', false),
    loadsUnlistedScheduled: ({ event }) => loads(event, 'unlisted', true),
    loadsPrivateNow: ({ event }) => loads(event, 'private', false),
    loadsPrivateScheduled: ({ event }) => loads(event, 'private', true),
    isUnlisted: ({ event }) => event.type === 'CHOOSE' && event.visibility === 'unlisted',
    isPrivate: ({ event }) => event.type === 'CHOOSE' && event.visibility === 'private',
    isPublic: ({ event }) => event.type === 'CHOOSE' && event.visibility === 'public',
  },
}).createMachine({
  id: 'videoVisibility',
  context: ({ input }) => fromVideo(input),
  // The chart starts Public; pickerSnapshot (below) starts it at the video's own state.
  initial: 'public',
  on: {
    LOAD: [
      { guard: 'loadsUnlistedNow', target: '.unlisted.now', actions: 'load' },
      { guard: 'loadsUnlistedScheduled', target: '.unlisted.scheduled', actions: 'load' },
      { guard: 'loadsPrivateNow', target: '.private.now', actions: 'load' },
      { guard: 'loadsPrivateScheduled', target: '.private.scheduled', actions: 'load' },
      { target: '.public', actions: 'load' },
    ],
  },
  states: {
    public: {
      on: {
        CHOOSE: [
          { guard: 'isUnlisted', target: 'unlisted.now' },
          { guard: 'isPrivate', target: 'private.now' },
        ],
      },
    },
    unlisted: hidden('private', 'isPrivate'),
    private: hidden('unlisted', 'isUnlisted'),
  },
});

/**
 * Unlisted and Private have the same chart: now or scheduled (the schedule's time kept between
 * them), Public drops the schedule, and choosing the other one keeps whether it is scheduled.
 */
function hidden(other: 'unlisted' | 'private', choosesOther: 'isUnlisted' | 'isPrivate') {
  return {
    initial: 'now' as const,
    on: {
      CHOOSE: { guard: 'isPublic' as const, target: 'public', actions: 'clearProblem' as const },
    },
    states: {
      now: {
        on: {
          SCHEDULE_ON: { target: 'scheduled', actions: 'proposeTime' as const },
          CHOOSE: { guard: choosesOther, target: `#videoVisibility.${other}.now` },
        },
      },
      scheduled: {
        on: {
          SCHEDULE_OFF: { target: 'now', actions: 'clearProblem' as const },
          SET_TIME: { actions: 'setTime' as const },
          CHOOSE: { guard: choosesOther, target: `#videoVisibility.${other}.scheduled` },
        },
      },
    },
  };
}

function fromVideo(video: PickerInput): PickerContext {
  return {
    localTime: video.publishAt ? toLocalInput(new Date(video.publishAt)) : '',
    problem: null,
  };
}

function loads(event: PickerEvent, visibility: Visibility, scheduled: boolean) {
  return (
    event.type === 'LOAD' &&
    event.visibility === visibility &&
    (event.publishAt !== null) === scheduled
  );
}

/** The state a video's own visibility starts the picker in (for createActor's `snapshot`). */
export function pickerSnapshot(video: PickerInput) {
  const value =
    video.visibility === 'public'
      ? 'public'
      : { [video.visibility]: video.publishAt ? 'scheduled' : 'now' };
  return videoVisibilityMachine.resolveState({ value, context: fromVideo(video) });
}

/** The next full hour, a day from now: what ticking "Schedule" proposes. */
export function proposedTime(now: number): Date {
  return new Date(Math.ceil((now + DAY_MS) / HOUR_MS) * HOUR_MS);
}

/** A moment as a `datetime-local` input's value in the viewer's zone. */
export function toLocalInput(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}` +
    `T${pad(at.getHours())}:${pad(at.getMinutes())}`
  );
}

/** A `datetime-local` value (the viewer's zone) as a moment; null when it is not one. */
export function fromLocalInput(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** Why `value` cannot be the publication time at `now`; null when it can. */
export function scheduleProblem(value: string, now: number): string | null {
  const at = fromLocalInput(value);
  if (!at) return CHOOSE_TIME_MESSAGE;
  if (at.getTime() <= now) return SCHEDULE_MESSAGES.past;
  if (at.getTime() > now + PUBLISH_AT_MAX_DAYS * DAY_MS) return SCHEDULE_MESSAGES.tooFar;
  return null;
}

type PickerSnapshot = ReturnType<typeof videoVisibilityMachine.transition>;

export const selectVisibility = (s: PickerSnapshot): Visibility =>
  s.matches('unlisted') ? 'unlisted' : s.matches('private') ? 'private' : 'public';

export const selectScheduled = (s: PickerSnapshot): boolean =>
  s.matches({ unlisted: 'scheduled' }) || s.matches({ private: 'scheduled' });

export const selectLocalTime = (s: PickerSnapshot): string => s.context.localTime;

/** What the dialog sends, and the problem that stops it (shown under the time input). */
export function selectChoice(s: PickerSnapshot): VisibilityChoice {
  const visibility = selectVisibility(s);
  if (!selectScheduled(s)) return { visibility, publishAt: null, problem: null };
  const at = fromLocalInput(s.context.localTime);
  return { visibility, publishAt: at ? at.toISOString() : null, problem: s.context.problem };
}
