import { expect } from 'vitest';
import {
  selectHasFailed,
  selectIsEmpty,
  selectIsLoading,
  selectNextVideo,
  selectUpNextVideos,
  upNextMachine,
  type UpNextSnapshot,
} from '../../machines/up-next.machine.js';
import type { Model } from '../support/model.js';
import type { VideoItem } from '../../contract/shapes.js';

/** A recommended video as the API lists it. */
export const aVideoItem = (id: string): VideoItem => ({
  _id: id,
  title: `Video ${id}`,
  description: '',
  thumbnail: `/media/thumbnails/${id}.webp`,
  videoFile: `/media/videos/${id}.mp4`,
  duration: 60,
  views: 10,
  isPublished: true,
  tags: ['bread'],
  createdAt: '2026-01-01T00:00:00.000Z',
  owner: { _id: 'u_olive', userName: 'olive', fullName: 'Olive Owner', avatar: '' },
});

const videoId = 'v_current';
export const upNextVideos = [aVideoItem('v_next'), aVideoItem('v_after')];

export const model: Model<typeof upNextMachine> = {
  name: 'watch page Up next list',
  machine: upNextMachine,
  meaning: {
    loading: "the list is asked for this video's id; skeleton cards show",
    loaded: 'the recommended videos show in order; the first is what autoplay plays',
    empty: 'no recommendation: the list says there is nothing up next; autoplay has no next video',
    failed: "'Failed to load videos.' with Retry; autoplay has no next video",
  },
  input: { videoId },
  promiseActors: ['fetchUpNext'],
  events: {
    'xstate.done.actor.fetchUpNext': [
      { type: 'xstate.done.actor.fetchUpNext', output: upNextVideos },
      { type: 'xstate.done.actor.fetchUpNext', output: [] },
    ],
    'xstate.error.actor.fetchUpNext': [
      { type: 'xstate.error.actor.fetchUpNext', error: new Error('Network down') },
    ],
  },
  assert: (snapshot, fakes) => {
    const s = snapshot as UpNextSnapshot;
    // Every request is for this video; one per load (the first, then one per Retry).
    const calls = fakes.callsOf('fetchUpNext');
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => (c.input as { videoId: string }).videoId === videoId)).toBe(true);
    expect(selectIsLoading(s)).toBe(s.matches('loading'));
    expect(selectHasFailed(s)).toBe(s.matches('failed'));
    expect(selectIsEmpty(s)).toBe(s.matches('empty'));
    if (s.matches('loaded')) {
      expect(selectUpNextVideos(s)).toEqual(upNextVideos);
      expect(selectNextVideo(s)).toEqual(upNextVideos[0]);
      expect(s.context.error).toBeNull();
    } else {
      expect(selectNextVideo(s)).toBeNull();
    }
    if (s.matches('empty')) expect(selectUpNextVideos(s)).toEqual([]);
    if (s.matches('failed')) expect(s.context.error).toBe('Network down');
  },
};
