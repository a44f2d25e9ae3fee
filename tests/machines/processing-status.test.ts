import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { VideoProcessing } from '../../contract/processing.js';
import { RETRY_DELAY_MS } from '../../machines/constants.js';
import {
  PROCESSING_POLL_MS,
  processingStatusMachine,
  selectIsFailed,
  selectProcessing,
} from '../../machines/processing-status.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { model } from './processing-status.model.js';
import { settle } from './video-fixtures.js';

describeModel(model);

const at = (progress: number, state: VideoProcessing['state'] = 'processing'): VideoProcessing => ({
  state,
  progress,
  error: state === 'failed' ? 'Conversion failed' : null,
  renditions: [],
  hlsUrl: null,
});

/** A row over a fake server that answers `answers` in turn (an Error rejects). */
function start(answers: (VideoProcessing | Error)[]) {
  const clock = new SimulatedClock();
  let polls = 0;
  const machine = processingStatusMachine.provide({
    actors: {
      fetchProcessing: fromPromise(async () => {
        const answer = answers[polls++]!;
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    },
  });
  const actor = createActor(machine, { input: { videoId: 'v' }, clock }).start();
  const readies: VideoProcessing[] = [];
  actor.on('ready', (e) => readies.push(e.processing));
  const tick = async (ms: number) => {
    clock.increment(ms);
    await settle();
  };
  return { actor, tick, readies, polls: () => polls };
}

describe('processing status', () => {
  it('polls every 3 s while processing, shows each progress, stops and announces once ready', async () => {
    const { actor, tick, readies, polls } = start([at(0.3), at(0.7), at(1, 'ready')]);
    actor.send({ type: 'SHOW', processing: at(0) });
    await tick(PROCESSING_POLL_MS - 1);
    expect(polls()).toBe(0);
    await tick(1);
    expect(selectProcessing(actor.getSnapshot())?.progress).toBe(0.3);
    await tick(PROCESSING_POLL_MS);
    expect(selectProcessing(actor.getSnapshot())?.progress).toBe(0.7);
    await tick(PROCESSING_POLL_MS);
    expect(readies).toHaveLength(1);
    await tick(PROCESSING_POLL_MS * 5);
    expect(polls()).toBe(3);
  });

  it('keeps the last progress through a failed poll and tries again 3 s later', async () => {
    const { actor, tick, polls } = start([new Error('Network down'), at(0.5)]);
    actor.send({ type: 'SHOW', processing: at(0.2) });
    await tick(PROCESSING_POLL_MS);
    expect(polls()).toBe(1);
    expect(selectProcessing(actor.getSnapshot())?.progress).toBe(0.2);
    await tick(RETRY_DELAY_MS - 1);
    expect(polls()).toBe(1);
    await tick(1);
    expect(selectProcessing(actor.getSnapshot())?.progress).toBe(0.5);
  });

  it('never polls a video the list already shows as ready or failed', async () => {
    for (const state of ['ready', 'failed'] as const) {
      const { actor, tick, readies, polls } = start([]);
      actor.send({ type: 'SHOW', processing: at(1, state) });
      await tick(PROCESSING_POLL_MS * 3);
      expect(polls()).toBe(0);
      expect(readies).toHaveLength(0);
      expect(selectIsFailed(actor.getSnapshot())).toBe(state === 'failed');
    }
  });
});
