import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { VideoItem } from '../../contract/shapes.js';
import { selectHasFailed, selectNextVideo, upNextMachine } from '../../machines/up-next.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { settle } from './video-fixtures.js';
import { model, upNextVideos } from './up-next.model.js';

describeModel(model);

describe('watch page Up next list', () => {
  it('asks once for the video it was opened for, and again only on Retry after a failure', async () => {
    const asked: string[] = [];
    let fail = true;
    const fetchUpNext = fromPromise<VideoItem[], { videoId: string }>(async ({ input }) => {
      asked.push(input.videoId);
      if (fail) throw new Error('Network down');
      return upNextVideos;
    });
    const actor = createActor(upNextMachine.provide({ actors: { fetchUpNext } }), {
      input: { videoId: 'v_1' },
    }).start();
    await settle();
    expect(selectHasFailed(actor.getSnapshot())).toBe(true);
    expect(selectNextVideo(actor.getSnapshot())).toBeNull();
    fail = false;
    actor.send({ type: 'RETRY' });
    await settle();
    expect(asked).toEqual(['v_1', 'v_1']);
    expect(selectNextVideo(actor.getSnapshot())?._id).toBe('v_next');
  });
});
