import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  REPORT_INTERVAL_MS,
  watchProgressMachine,
  type SaveProgressInput,
} from '../../machines/watch-progress.machine.js';
import { isFinished, parseStartTime, startPoint } from '../../machines/watch-resume.js';
import { describeModel } from '../support/model-vitest.js';
import { model } from './watch-progress.model.js';
import { settle } from './video-fixtures.js';

describeModel(model);

/** The machine for video 'v' on a simulated clock, with the reports it sends. */
function reporter() {
  const sent: SaveProgressInput[] = [];
  const clock = new SimulatedClock();
  const machine = watchProgressMachine.provide({
    actors: { saveProgress: fromPromise(async ({ input }) => void sent.push(input)) },
  });
  const actor = createActor(machine, { input: { videoId: 'v' }, clock }).start();
  return { sent, clock, actor };
}

describe('watch progress reporting', () => {
  it('reports every 5 s while playing, on pause, and with keepalive on leaving', async () => {
    const { sent, clock, actor } = reporter();
    actor.send({ type: 'TIME', seconds: 0 }); // before the seek: ignored
    actor.send({ type: 'STARTED', seconds: 40, resumed: true });
    actor.send({ type: 'PLAYING' });
    actor.send({ type: 'TIME', seconds: 44 });
    clock.increment(REPORT_INTERVAL_MS);
    await settle();
    actor.send({ type: 'TIME', seconds: 49 });
    clock.increment(REPORT_INTERVAL_MS);
    await settle();
    actor.send({ type: 'TIME', seconds: 50 });
    actor.send({ type: 'PAUSED' });
    await settle();
    actor.send({ type: 'LEAVE' });
    await settle();
    expect(sent).toEqual([
      { videoId: 'v', seconds: 44, keepalive: false },
      { videoId: 'v', seconds: 49, keepalive: false },
      { videoId: 'v', seconds: 50, keepalive: false },
      { videoId: 'v', seconds: 50, keepalive: true },
    ]);
  });

  it('takes up reporting when the page comes back from the back/forward cache', async () => {
    const { sent, clock, actor } = reporter();
    actor.send({ type: 'STARTED', seconds: 0, resumed: false });
    actor.send({ type: 'PLAYING' });
    actor.send({ type: 'TIME', seconds: 30 });
    actor.send({ type: 'LEAVE' }); // pagehide: into the cache
    await settle();
    actor.send({ type: 'RETURN', seconds: 31, playing: true }); // pageshow, persisted
    actor.send({ type: 'TIME', seconds: 36 });
    clock.increment(REPORT_INTERVAL_MS);
    await settle();
    actor.send({ type: 'PAUSED' });
    await settle();
    expect(sent).toEqual([
      { videoId: 'v', seconds: 30, keepalive: true },
      { videoId: 'v', seconds: 36, keepalive: false },
      { videoId: 'v', seconds: 36, keepalive: false },
    ]);
  });
});

describe('where a video starts', () => {
  const at = (savedSeconds: number | null, sharedSeconds: number | null = null) =>
    startPoint({ duration: 245, savedSeconds, sharedSeconds });

  it('resumes where the viewer stopped, except a peek or a video watched to the end', () => {
    expect(at(93)).toEqual({ seconds: 93, resumed: true });
    expect(at(null)).toEqual({ seconds: 0, resumed: false });
    expect(at(4)).toEqual({ seconds: 0, resumed: false });
    expect(at(232)).toEqual({ seconds: 232, resumed: true }); // 94.7 %
    expect(at(233)).toEqual({ seconds: 0, resumed: false }); // 95.1 %
    expect(isFinished(245, 245)).toBe(true);
  });

  it('lets a shared time win over the saved position, within the video', () => {
    expect(at(93, 30)).toEqual({ seconds: 30, resumed: false });
    expect(at(93, 0)).toEqual({ seconds: 0, resumed: false });
    expect(at(93, 999)).toEqual({ seconds: 0, resumed: false });
  });

  it('reads ?t= as seconds or the 1h2m3s form', () => {
    expect(parseStartTime('93')).toBe(93);
    expect(parseStartTime('93s')).toBe(93);
    expect(parseStartTime('1m33s')).toBe(93);
    expect(parseStartTime('1h2m3s')).toBe(3723);
    expect(parseStartTime('2m')).toBe(120);
    expect(parseStartTime(null)).toBeNull();
    expect(parseStartTime('')).toBeNull();
    expect(parseStartTime('soon')).toBeNull();
    expect(parseStartTime('-5')).toBeNull();
  });
});
