import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { SCHEDULE_MESSAGES } from '../../contract/video-visibility.js';
import {
  fromLocalInput,
  pickerSnapshot,
  proposedTime,
  selectChoice,
  toLocalInput,
  videoVisibilityMachine,
} from '../../machines/video-visibility.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { NOW, TIMES, model } from './video-visibility.model.js';

describeModel(model);

describe('schedule picker', () => {
  it('schedules a private video, refuses a past time, and keeps the time when made unlisted', () => {
    const picker = createActor(videoVisibilityMachine, {
      input: { visibility: 'public', publishAt: null },
    }).start();
    picker.send({ type: 'CHOOSE', visibility: 'private' });
    picker.send({ type: 'SCHEDULE_ON', now: NOW });
    const proposed = selectChoice(picker.getSnapshot());
    expect(proposed).toEqual({
      visibility: 'private',
      publishAt: proposedTime(NOW).toISOString(),
      problem: null,
    });
    picker.send({ type: 'SET_TIME', value: TIMES.past, now: NOW });
    expect(selectChoice(picker.getSnapshot()).problem).toBe(SCHEDULE_MESSAGES.past);
    picker.send({ type: 'SET_TIME', value: TIMES.valid, now: NOW });
    picker.send({ type: 'CHOOSE', visibility: 'unlisted' });
    expect(selectChoice(picker.getSnapshot())).toEqual({
      visibility: 'unlisted',
      publishAt: fromLocalInput(TIMES.valid)!.toISOString(),
      problem: null,
    });
    picker.send({ type: 'CHOOSE', visibility: 'public' });
    expect(selectChoice(picker.getSnapshot())).toEqual({
      visibility: 'public',
      publishAt: null,
      problem: null,
    });
  });

  it('opens on a scheduled video with its time in the viewer’s zone', () => {
    const at = new Date(NOW + 5_400_000);
    const video = { visibility: 'unlisted', publishAt: at.toISOString() } as const;
    const picker = createActor(videoVisibilityMachine, {
      input: video,
      snapshot: pickerSnapshot(video),
    }).start();
    expect(picker.getSnapshot().matches({ unlisted: 'scheduled' })).toBe(true);
    expect(picker.getSnapshot().context.localTime).toBe(toLocalInput(at));
    expect(selectChoice(picker.getSnapshot()).visibility).toBe('unlisted');
  });
});
