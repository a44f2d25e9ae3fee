import { expect } from 'vitest';
import type { VideoDetail } from '../../contract/videos.js';
import {
  selectHasFailed,
  selectIsLoading,
  selectIsNotFound,
  selectVideo,
  watchMachine,
  type WatchSnapshot,
} from '../../machines/watch.machine.js';
import type { Model } from '../support/model.js';

const videoId = 'v_1';

export const aVideoDetail: VideoDetail = {
  _id: videoId,
  title: 'Sunset timelapse',
  description: 'Two hours in two minutes',
  thumbnail: '/media/thumbnails/v_1.webp',
  videoFile: '/media/videos/v_1.mp4',
  duration: 120,
  views: 12_345,
  isPublished: true,
  tags: ['nature'],
  createdAt: '2026-01-01T00:00:00.000Z',
  processing: { state: 'ready', progress: 1, error: null, renditions: [], hlsUrl: null },
  progressSeconds: null,
  owner: {
    _id: 'u_olive',
    userName: 'olive',
    fullName: 'Olive Owner',
    avatar: '/media/avatars/olive.webp',
    subscriberCount: 3,
    isSubscribed: false,
  },
};

/** Failures as the SPA's client raises them: an Error with the HTTP status (0: no answer). */
export const httpError = (message: string, status: number) =>
  Object.assign(new Error(message), { status });

export const model: Model<typeof watchMachine> = {
  name: 'watch page video',
  machine: watchMachine,
  meaning: {
    loading: 'the video is asked for by its id; the page shows the player skeleton',
    loaded: 'the video, its owner and like state are shown; the player has the video file',
    failed: "the page says 'This video is not available.' for a 404, asks to try again otherwise",
  },
  input: { videoId },
  promiseActors: ['fetchVideo'],
  events: {
    'xstate.done.actor.fetchVideo': [
      { type: 'xstate.done.actor.fetchVideo', output: aVideoDetail },
    ],
    'xstate.error.actor.fetchVideo': [
      { type: 'xstate.error.actor.fetchVideo', error: httpError('Video not found', 404) },
      { type: 'xstate.error.actor.fetchVideo', error: httpError('Network down', 0) },
    ],
  },
  assert: (snapshot, fakes, step) => {
    const s = snapshot as WatchSnapshot;
    // One request, for this video, made as the page opens.
    expect(fakes.calls).toEqual([{ src: 'fetchVideo', input: { videoId } }]);
    expect(selectIsLoading(s)).toBe(s.matches('loading'));
    expect(selectHasFailed(s)).toBe(s.matches('failed'));

    if (s.matches('loading')) {
      expect(selectVideo(s)).toBeNull();
      expect(s.context.failure).toBeNull();
    }
    if (s.matches('loaded')) {
      expect(selectVideo(s)).toEqual(aVideoDetail);
      expect(selectIsNotFound(s)).toBe(false);
    }
    if (s.matches('failed')) {
      // The page shows no video, and says "not available" only for a 404 (or a malformed id's 400).
      const error = step.event.error as Error & { status: number };
      expect(selectVideo(s)).toBeNull();
      expect(s.context.failure).toEqual({ message: error.message, status: error.status });
      expect(selectIsNotFound(s)).toBe(error.status === 404 || error.status === 400);
    }
  },
};
