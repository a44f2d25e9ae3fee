import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { VideoDetail } from '../../contract/videos.js';
import {
  selectHasFailed,
  selectIsLoading,
  selectIsNotFound,
  selectVideo,
  watchMachine,
} from '../../machines/watch.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { settle } from './video-fixtures.js';
import { aVideoDetail, httpError, model } from './watch.model.js';

describeModel(model);

/** The watch machine over a fake API that answers `answer` for every video id. */
function open(videoId: string, answer: (videoId: string) => Promise<VideoDetail>) {
  const asked: string[] = [];
  const fetchVideo = fromPromise<VideoDetail, { videoId: string }>(({ input }) => {
    asked.push(input.videoId);
    return answer(input.videoId);
  });
  const actor = createActor(watchMachine.provide({ actors: { fetchVideo } }), {
    input: { videoId },
  }).start();
  return { actor, asked };
}

describe('watch page video', () => {
  it('loads the video it was opened for, once', async () => {
    const { actor, asked } = open('v_1', async (id) => ({ ...aVideoDetail, _id: id }));
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    await settle();
    expect(asked).toEqual(['v_1']);
    expect(selectVideo(actor.getSnapshot())?._id).toBe('v_1');
  });

  it('tells a missing video from a failed load, from the rejected call', async () => {
    const missing = open('gone', () => Promise.reject(httpError('Video not found', 404)));
    const offline = open('v_1', () => Promise.reject(httpError('Network error', 0)));
    // An address whose id no video can have (issue 29: a 400 naming videoId) is not available too.
    const malformed = open('abc', () =>
      Promise.reject(httpError('videoId: Video id must be at least 16 characters', 400)),
    );
    await settle();
    expect(selectIsNotFound(missing.actor.getSnapshot())).toBe(true);
    expect(selectIsNotFound(malformed.actor.getSnapshot())).toBe(true);
    expect(selectHasFailed(offline.actor.getSnapshot())).toBe(true);
    expect(selectIsNotFound(offline.actor.getSnapshot())).toBe(false);
    expect(offline.actor.getSnapshot().context.failure?.message).toBe('Network error');
  });

  it('stopping mid-load (the viewer left) ends quietly when the call fails afterwards', async () => {
    let fail: (error: unknown) => void = () => {};
    const { actor } = open('v_1', () => new Promise((_, reject) => (fail = reject)));
    const errors: unknown[] = [];
    actor.subscribe({ error: (e) => errors.push(e) });
    actor.stop();
    fail(httpError('aborted', 0));
    await settle();
    expect(errors).toEqual([]);
    expect(actor.getSnapshot().status).toBe('stopped');
  });
});
