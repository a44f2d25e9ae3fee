/**
 * The watch page's video (spec §2 Watch page): loading → loaded | failed.
 *
 * Input:   { videoId }
 * Events:  none: the page shows one video; another video id gets a fresh page and actor.
 * Actor:   fetchVideo — input { videoId }, output VideoDetail; it rejects on failure (an
 *          ApiError with the HTTP status), and the chart turns that into `failed`.
 *
 * Choices where the spec is silent: a missing or unpublished video (404), or an address whose id
 * no video can have (400, issue 29), says 'This video is not available.', any other failure asks to try again later; both offer the way back home (the
 * page has no retry: opening the video again loads it again).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { VideoDetail } from '../contract/videos.js';
import { errorMessage, errorStatus } from './validation.js';

/**
 * Where a server-rendered watch page keeps this machine's snapshot (issue 35,
 * src/app/server-render.tsx): the page starts its machine from it.
 */
export const watchSlot = (videoId: string) => `watch:${videoId}`;

export interface WatchInput {
  videoId: string;
}

export interface WatchFailure {
  message: string;
  /** The HTTP status; 0 when the request never got an answer. */
  status: number;
}

export interface WatchContext {
  videoId: string;
  video: VideoDetail | null;
  failure: WatchFailure | null;
}

/** A 404, or the 400 of an id no video can have (the page's only input is the id). */
const NOT_FOUND_STATUSES: readonly number[] = [404, 400];

export const watchMachine = setup({
  types: {
    input: {} as WatchInput,
    context: {} as WatchContext,
  },
  actors: {
    fetchVideo: fromPromise<VideoDetail, { videoId: string }>(() => {
      throw new Error('fetchVideo actor not provided');
    }),
  },
  actions: {
    setVideo: assign({ video: (_, video: VideoDetail) => video }),
    setFailure: assign({ failure: (_, failure: WatchFailure) => failure }),
  },
}).createMachine({
  id: 'watch',
  context: ({ input }) => ({ videoId: input.videoId, video: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchVideo',
        src: 'fetchVideo',
        input: ({ context }) => ({ videoId: context.videoId }),
        onDone: {
          target: 'loaded',
          actions: { type: 'setVideo', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'setFailure',
            params: ({ event }) => ({
              message: errorMessage(event.error, 'Failed to load the video'),
              status: errorStatus(event.error),
            }),
          },
        },
      },
    },
    loaded: {},
    failed: {},
  },
});

export type WatchSnapshot = SnapshotFrom<typeof watchMachine>;

/** Selectors the view uses. */
export const selectIsLoading = (s: WatchSnapshot) => s.matches('loading');
/** The video once loaded; null while loading or after a failure. */
export const selectVideo = (s: WatchSnapshot) => (s.matches('loaded') ? s.context.video : null);
export const selectHasFailed = (s: WatchSnapshot) => s.matches('failed');
/** The video does not exist, is not published and not the viewer's own, or its id is malformed. */
export const selectIsNotFound = (s: WatchSnapshot) =>
  s.matches('failed') && NOT_FOUND_STATUSES.includes(s.context.failure?.status ?? 0);
