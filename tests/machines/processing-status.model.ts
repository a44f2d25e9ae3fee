import { expect } from 'vitest';
import type { VideoProcessing } from '../../contract/processing.js';
import {
  processingStatusMachine,
  RETRY_FAILED,
  selectIsFailed,
  selectIsProcessing,
  selectIsRetrying,
  selectProcessing,
  selectRetryError,
  type ProcessingStatusSnapshot,
} from '../../machines/processing-status.machine.js';
import type { Model } from '../support/model.js';

const videoId = 'v_1';
/** What the server says at each stage of a conversion. */
const converting: VideoProcessing = {
  state: 'processing',
  progress: 0.4,
  error: null,
  renditions: ['480p'],
  hlsUrl: 'http://media.test/hls/p/master.m3u8',
};
const ready: VideoProcessing = {
  state: 'ready',
  progress: 1,
  error: null,
  renditions: ['480p', '720p'],
  hlsUrl: 'http://media.test/hls/p/master.m3u8',
};
const failed: VideoProcessing = {
  state: 'failed',
  progress: 0.5,
  error: 'The video could not be converted',
  renditions: ['480p'],
  hlsUrl: 'http://media.test/hls/p/master.m3u8',
};
const restarted: VideoProcessing = { ...failed, state: 'processing', error: null };

export const model: Model<typeof processingStatusMachine> = {
  name: 'processing status (dashboard row)',
  machine: processingStatusMachine,
  meaning: {
    unknown: 'nothing shown yet: waits for the list’s answer for this row; no request',
    polling: 'row shows "Processing…" with the last known progress',
    'polling.waiting': 'no request runs; the next poll starts after 3 s',
    'polling.fetching': 'one GET …/processing for this video runs',
    'polling.backingOff': 'the last poll failed (not shown); the next try waits 3 s',
    failed: 'row shows the failure reason and an enabled Retry; nothing polls',
    retrying: 'Retry busy: one POST …/processing/retry for this video runs',
    ready: 'nothing extra on the row; polling has stopped for good',
  },
  input: { videoId },
  promiseActors: ['fetchProcessing', 'retryProcessing'],
  events: {
    SHOW: [
      { type: 'SHOW', processing: converting },
      { type: 'SHOW', processing: ready },
      { type: 'SHOW', processing: failed },
    ],
    'xstate.done.actor.fetchProcessing': [
      { type: 'xstate.done.actor.fetchProcessing', output: converting },
      { type: 'xstate.done.actor.fetchProcessing', output: ready },
      { type: 'xstate.done.actor.fetchProcessing', output: failed },
    ],
    'xstate.error.actor.fetchProcessing': [
      { type: 'xstate.error.actor.fetchProcessing', error: new Error('Network down') },
    ],
    'xstate.done.actor.retryProcessing': [
      { type: 'xstate.done.actor.retryProcessing', output: restarted },
    ],
    'xstate.error.actor.retryProcessing': [
      {
        type: 'xstate.error.actor.retryProcessing',
        error: new Error('Only a failed conversion can be retried'),
      },
      { type: 'xstate.error.actor.retryProcessing', error: new Error('') },
    ],
  },
  assert: (snapshot, fakes, step) => {
    const s = snapshot as ProcessingStatusSnapshot;
    const processing = selectProcessing(s);
    // Every request is about this row's video.
    for (const call of fakes.calls) expect(call.input).toEqual({ videoId });
    // `ready` is told exactly when a poll (not the list) brought the news.
    const announced = step.emitted.filter((e) => e.type === 'ready');
    const polledReady =
      step.event.type === 'xstate.done.actor.fetchProcessing' && s.matches('ready');
    expect(announced).toEqual(polledReady ? [{ type: 'ready', processing: ready }] : []);

    if (s.matches('unknown')) {
      expect(processing).toBeNull();
      expect(fakes.calls).toHaveLength(0);
    } else {
      expect(processing).not.toBeNull();
    }
    expect(selectIsProcessing(s)).toBe(s.matches('polling'));
    if (s.matches('polling')) {
      expect(processing!.state).toBe('processing');
      expect(selectIsFailed(s)).toBe(false);
    }
    if (s.matches({ polling: 'fetching' })) expect(s.children.fetchProcessing).toBeDefined();
    else expect(s.children.fetchProcessing).toBeUndefined();
    if (s.matches('failed')) {
      expect(processing).toEqual(failed);
      expect(selectIsFailed(s)).toBe(true);
      expect(selectIsRetrying(s)).toBe(false);
      // A refused Retry says why, the server's words or ours.
      if (step.event.type === 'xstate.error.actor.retryProcessing') {
        const said = (step.event.error as Error).message;
        expect(selectRetryError(s)).toBe(said === '' ? RETRY_FAILED : said);
      } else {
        expect(selectRetryError(s)).toBeNull();
      }
    }
    if (s.matches('retrying')) {
      expect(selectIsFailed(s)).toBe(true);
      expect(selectIsRetrying(s)).toBe(true);
      expect(s.children.retryProcessing).toBeDefined();
    }
    if (s.matches('ready')) {
      expect(processing).toEqual(ready);
      expect(s.status).toBe('done');
      expect(selectIsFailed(s) || selectIsProcessing(s)).toBe(false);
    }
  },
};
