import { expect } from 'vitest';
import {
  selectResumeNotice,
  watchProgressMachine,
  type WatchProgressSnapshot,
} from '../../machines/watch-progress.machine.js';
import type { Model } from '../support/model.js';

const videoId = 'v_1';

export const model: Model<typeof watchProgressMachine> = {
  name: 'watch progress',
  machine: watchProgressMachine,
  meaning: {
    starting: 'the element is not at its start point yet: no position is reported',
    watching: 'the element is at or past its start point: positions are reported',
    'watching.reporting': 'when the position is reported',
    'watching.notice': 'whether "Resumed at …" shows',
    'watching.reporting.paused': 'paused: nothing is being reported',
    'watching.reporting.playing': 'playing: the next report is due 5 s after the last',
    'watching.reporting.reportingWhilePlaying': 'one report of the position runs while playing',
    'watching.reporting.reportingPause': 'paused or ended: the position is reported once',
    'watching.notice.hidden': 'no resume notice',
    'watching.notice.shown': '"Resumed at …" with Start over shows (until used or closed)',
    away: 'the page is hidden or gone; from the back/forward cache it may come back',
    'away.leaving': 'the last report runs, with keepalive so it outlives the page',
    'away.left': 'reported: nothing runs until the page comes back, if ever',
  },
  input: { videoId },
  promiseActors: ['saveProgress'],
  events: {
    STARTED: [
      { type: 'STARTED', seconds: 93, resumed: true },
      { type: 'STARTED', seconds: 0, resumed: false },
    ],
    TIME: [{ type: 'TIME', seconds: 120 }],
    RETURN: [
      { type: 'RETURN', seconds: 150, playing: true },
      { type: 'RETURN', seconds: 150, playing: false },
    ],
    'xstate.done.actor.saveProgress': [
      { type: 'xstate.done.actor.saveProgress', output: undefined },
    ],
    'xstate.error.actor.saveProgress': [
      { type: 'xstate.error.actor.saveProgress', error: new Error('Network down') },
    ],
  },
  serialize: (s) => JSON.stringify([s.value, (s as WatchProgressSnapshot).context.position]),
  assert: (snapshot, fakes, { event, emitted }) => {
    const s = snapshot as WatchProgressSnapshot;
    const saves = fakes.callsOf('saveProgress');
    // Every report is about this video, at the latest position known when it was made.
    for (const call of saves) expect((call.input as { videoId: string }).videoId).toBe(videoId);
    if (s.matches('starting')) expect(saves).toHaveLength(0);
    if (s.matches({ away: 'leaving' }) && event.type === 'LEAVE') {
      expect(saves.at(-1)?.input).toEqual({
        videoId,
        seconds: s.context.position,
        keepalive: true,
      });
    }
    if (s.matches({ watching: { reporting: 'reportingPause' } }) && event.type === 'PAUSED') {
      expect(saves.at(-1)?.input).toEqual({
        videoId,
        seconds: s.context.position,
        keepalive: false,
      });
    }
    // Back from the back/forward cache: reporting again, from the element's time, as it plays.
    if (event.type === 'RETURN') {
      expect(s.context.position).toBe(event.seconds);
      expect(s.matches({ watching: { reporting: event.playing ? 'playing' : 'paused' } })).toBe(
        true,
      );
      expect(selectResumeNotice(s)).toBeNull();
    }
    if (selectResumeNotice(s) !== null) expect(selectResumeNotice(s)).toBe(93);
    if (event.type === 'START_OVER') {
      expect(emitted).toEqual([{ type: 'seek', seconds: 0 }]);
      expect(s.context.position).toBe(0);
    }
  },
};
