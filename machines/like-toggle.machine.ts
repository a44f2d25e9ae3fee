/**
 * The like button of the watch page (spec §2 Watch page, §5): shows the like count and whether
 * the viewer likes the video; a click toggles, then the count is reloaded.
 *
 * Input:   { videoId }
 * Events:  TOGGLE
 * Actors:  fetchLikeStatus — input { videoId }, output { likeCount, likedByUser }
 *          toggleLike      — input { videoId }, output { liked, likeCount }
 * Emitted: failed { message } — the status could not be loaded or the toggle failed (the view
 *          logs it and tells the user); the button keeps its old state.
 *
 * Choices: clicks while a toggle or the reload after it runs are ignored (no double toggles); the
 * toggle's own answer is shown at once, and the reload then confirms it (if the reload fails the
 * toggle's answer stays). If the first load fails the button stays disabled.
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { LikeStatus, LikeToggle } from '../contract/engagement.js';
import { errorMessage } from './validation.js';

export type { LikeStatus };
/** What a toggle answers: the new state and count. */
export type ToggleLikeResult = LikeToggle;

export interface LikeToggleInput {
  videoId: string;
}

export interface LikeToggleContext extends LikeStatus {
  videoId: string;
}

export type LikeToggleEvent =
  /** The like button was clicked. */
  { type: 'TOGGLE' };

export type LikeToggleEmitted =
  /** Loading or toggling failed: the view logs it and tells the user. */
  { type: 'failed'; message: string };

export const likeToggleMachine = setup({
  types: {
    context: {} as LikeToggleContext,
    events: {} as LikeToggleEvent,
    input: {} as LikeToggleInput,
    emitted: {} as LikeToggleEmitted,
  },
  actors: {
    fetchLikeStatus: fromPromise<LikeStatus, { videoId: string }>(() => {
      throw new Error('fetchLikeStatus actor not provided');
    }),
    toggleLike: fromPromise<ToggleLikeResult, { videoId: string }>(() => {
      throw new Error('toggleLike actor not provided');
    }),
  },
  actions: {
    setStatus: assign((_, status: LikeStatus) => ({
      likeCount: status.likeCount,
      likedByUser: status.likedByUser,
    })),
    setToggled: assign((_, result: ToggleLikeResult) => ({
      likeCount: result.likeCount,
      likedByUser: result.liked,
    })),
    announceFailure: emit((_, message: string) => ({ type: 'failed' as const, message })),
  },
}).createMachine({
  id: 'likeToggle',
  context: ({ input }) => ({ videoId: input.videoId, likeCount: 0, likedByUser: false }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchLikeStatus',
        src: 'fetchLikeStatus',
        input: ({ context }) => ({ videoId: context.videoId }),
        onDone: {
          target: 'ready',
          actions: { type: 'setStatus', params: ({ event }) => event.output },
        },
        onError: {
          target: 'unavailable',
          actions: {
            type: 'announceFailure',
            params: ({ event }) => errorMessage(event.error, 'Failed to update like'),
          },
        },
      },
    },
    ready: {
      on: { TOGGLE: 'toggling' },
    },
    toggling: {
      tags: 'busy',
      invoke: {
        id: 'toggleLike',
        src: 'toggleLike',
        input: ({ context }) => ({ videoId: context.videoId }),
        onDone: {
          target: 'reloading',
          actions: { type: 'setToggled', params: ({ event }) => event.output },
        },
        onError: {
          target: 'ready',
          actions: {
            type: 'announceFailure',
            params: ({ event }) => errorMessage(event.error, 'Failed to update like'),
          },
        },
      },
    },
    reloading: {
      tags: 'busy',
      invoke: {
        id: 'fetchLikeStatus',
        src: 'fetchLikeStatus',
        input: ({ context }) => ({ videoId: context.videoId }),
        onDone: {
          target: 'ready',
          actions: { type: 'setStatus', params: ({ event }) => event.output },
        },
        // The toggle went through; its own answer stays on screen.
        onError: { target: 'ready' },
      },
    },
    /** The status could not be loaded: the button is disabled. */
    unavailable: {},
  },
});

export type LikeToggleSnapshot = SnapshotFrom<typeof likeToggleMachine>;

/** Selectors the views use. */
export const selectLikeCount = (s: LikeToggleSnapshot) => s.context.likeCount;
export const selectLiked = (s: LikeToggleSnapshot) => s.context.likedByUser;
export const selectCanToggle = (s: LikeToggleSnapshot) => s.matches('ready');
export const selectIsBusy = (s: LikeToggleSnapshot) => s.hasTag('busy');
