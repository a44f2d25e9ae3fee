/**
 * The watch page's Up next list (issue 31): loading → loaded | empty | failed, Retry from failed.
 *
 * Input:   { videoId }
 * Events:  RETRY (the list's Retry button, only while failed)
 * Actor:   fetchUpNext — input { videoId }, output VideoItem[] (GET /videos/{id}/up-next); it
 *          rejects on failure.
 *
 * Choices where the issue is silent: the list is read once per video (the page is keyed by the
 * video, so the next video gets a fresh list); a failure says so with a Retry button and never
 * blocks the page; an empty list (a catalogue of one video) says there is nothing to play next.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { VideoItem } from '../contract/shapes.js';
import { errorMessage } from './validation.js';

export interface UpNextInput {
  videoId: string;
}

export interface UpNextContext {
  videoId: string;
  videos: VideoItem[];
  error: string | null;
}

export type UpNextEvent = { type: 'RETRY' };

export const upNextMachine = setup({
  types: {
    input: {} as UpNextInput,
    context: {} as UpNextContext,
    events: {} as UpNextEvent,
  },
  actors: {
    fetchUpNext: fromPromise<VideoItem[], { videoId: string }>(() => {
      throw new Error('fetchUpNext actor not provided');
    }),
  },
  guards: {
    isEmpty: (_, videos: VideoItem[]) => videos.length === 0,
  },
  actions: {
    setVideos: assign({ videos: (_, videos: VideoItem[]) => videos, error: null }),
    setError: assign({ error: (_, message: string) => message }),
  },
}).createMachine({
  id: 'upNext',
  context: ({ input }) => ({ videoId: input.videoId, videos: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchUpNext',
        src: 'fetchUpNext',
        input: ({ context }) => ({ videoId: context.videoId }),
        onDone: [
          {
            guard: { type: 'isEmpty', params: ({ event }) => event.output },
            target: 'empty',
            actions: { type: 'setVideos', params: ({ event }) => event.output },
          },
          {
            target: 'loaded',
            actions: { type: 'setVideos', params: ({ event }) => event.output },
          },
        ],
        onError: {
          target: 'failed',
          actions: {
            type: 'setError',
            params: ({ event }) => errorMessage(event.error, 'Failed to load videos.'),
          },
        },
      },
    },
    loaded: {},
    empty: {},
    failed: { on: { RETRY: 'loading' } },
  },
});

export type UpNextSnapshot = SnapshotFrom<typeof upNextMachine>;

/** Selectors the views use. */
export const selectUpNextVideos = (s: UpNextSnapshot) => s.context.videos;
/** What autoplay would play: the first of the list, null until loaded or when empty. */
export const selectNextVideo = (s: UpNextSnapshot): VideoItem | null =>
  s.matches('loaded') ? (s.context.videos[0] ?? null) : null;
export const selectIsLoading = (s: UpNextSnapshot) => s.matches('loading');
export const selectIsEmpty = (s: UpNextSnapshot) => s.matches('empty');
export const selectHasFailed = (s: UpNextSnapshot) => s.matches('failed');
