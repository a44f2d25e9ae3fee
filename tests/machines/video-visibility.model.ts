import { expect } from 'vitest';
import { SCHEDULE_MESSAGES } from '../../contract/video-visibility.js';
import {
  CHOOSE_TIME_MESSAGE,
  selectChoice,
  selectLocalTime,
  selectScheduled,
  selectVisibility,
  toLocalInput,
  videoVisibilityMachine,
} from '../../machines/video-visibility.machine.js';
import type { Model } from '../support/model.js';

type Snapshot = ReturnType<typeof videoVisibilityMachine.transition>;

/** The clock the events carry (the chart reads none of its own). */
export const NOW = Date.UTC(2026, 10, 29, 12, 0);
const hours = (n: number) => toLocalInput(new Date(NOW + n * 3_600_000));
export const TIMES = {
  valid: hours(3),
  past: hours(-1),
  tooFar: hours(24 * 366),
  blank: '',
};
const problemOf: Record<string, string | null> = {
  [TIMES.valid]: null,
  [TIMES.past]: SCHEDULE_MESSAGES.past,
  [TIMES.tooFar]: SCHEDULE_MESSAGES.tooFar,
  [TIMES.blank]: CHOOSE_TIME_MESSAGE,
};
const scheduledAt = new Date(NOW + 7_200_000).toISOString();

export const model: Model<typeof videoVisibilityMachine> = {
  name: 'schedule picker (edit video dialog)',
  machine: videoVisibilityMachine,
  input: { visibility: 'public', publishAt: null },
  meaning: {
    public: "'Public' is checked; no Schedule box or time; the dialog sends { visibility: public }",
    unlisted: "'Unlisted' is checked; the Schedule box shows",
    'unlisted.now': 'Schedule unticked: the video stays unlisted until changed',
    'unlisted.scheduled':
      'Schedule ticked: the time input (viewer’s zone) shows; a bad time is named under it and Save refuses',
    private: "'Private' is checked; the Schedule box shows",
    'private.now': 'Schedule unticked: the video stays private until changed',
    'private.scheduled':
      'Schedule ticked: the time input shows; at that time the video becomes public',
  },
  events: {
    LOAD: [
      { type: 'LOAD', visibility: 'public', publishAt: null },
      { type: 'LOAD', visibility: 'unlisted', publishAt: null },
      { type: 'LOAD', visibility: 'unlisted', publishAt: scheduledAt },
      { type: 'LOAD', visibility: 'private', publishAt: scheduledAt },
      { type: 'LOAD', visibility: 'private', publishAt: null },
    ],
    CHOOSE: [
      { type: 'CHOOSE', visibility: 'public' },
      { type: 'CHOOSE', visibility: 'unlisted' },
      { type: 'CHOOSE', visibility: 'private' },
    ],
    SCHEDULE_ON: [{ type: 'SCHEDULE_ON', now: NOW }],
    SET_TIME: Object.values(TIMES).map((value) => ({ type: 'SET_TIME', value, now: NOW })),
  },
  serialize: (s) => {
    const snap = s as Snapshot;
    return JSON.stringify([snap.value, snap.context.localTime, snap.context.problem]);
  },
  assert: (snapshot, _fakes, { event, previous }) => {
    const s = snapshot as Snapshot;
    const before = previous as Snapshot | undefined;
    const choice = selectChoice(s);
    expect(choice.visibility).toBe(selectVisibility(s));
    // Public never carries a schedule; an unscheduled choice has no time and no problem.
    if (s.matches('public')) expect(selectScheduled(s)).toBe(false);
    if (!selectScheduled(s)) expect(choice).toMatchObject({ publishAt: null, problem: null });
    else {
      expect(choice.problem).toBe(problemOf[selectLocalTime(s)] ?? choice.problem);
      if (choice.problem === null) {
        expect(Date.parse(choice.publishAt!)).toBeGreaterThan(NOW);
      }
    }
    if (event.type === 'LOAD') {
      expect(choice.visibility).toBe(event.visibility);
      expect(selectScheduled(s)).toBe(event.publishAt !== null);
      if (event.publishAt) expect(choice.publishAt).toBe(event.publishAt);
    }
    if (event.type === 'CHOOSE') {
      expect(choice.visibility).toBe(event.visibility);
      // Between Unlisted and Private a schedule stays, with its time.
      if (event.visibility !== 'public' && before && before.matches(selectVisibility(before))) {
        const was = selectVisibility(before);
        if (was !== 'public' && was !== event.visibility) {
          expect(selectScheduled(s)).toBe(selectScheduled(before));
          expect(selectLocalTime(s)).toBe(selectLocalTime(before));
        }
        if (was === 'public') expect(selectScheduled(s)).toBe(false);
      }
    }
    if (event.type === 'SCHEDULE_ON') {
      expect(selectScheduled(s)).toBe(true);
      // A time is proposed when none was chosen: a day ahead, a valid one.
      if (selectLocalTime(before!) === '') expect(choice.problem).toBeNull();
    }
    if (event.type === 'SCHEDULE_OFF') expect(choice.publishAt).toBeNull();
    if (event.type === 'SET_TIME') {
      expect(selectLocalTime(s)).toBe(event.value);
      expect(choice.problem).toBe(problemOf[event.value as string]);
    }
  },
};
