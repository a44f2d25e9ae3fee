/**
 * The like button of a comment or reply (issue 33), through API.md's `POST /likes/toggle/c/{id}`.
 *
 * Input:   { commentId, likeCount, likedByUser } — as the comment was listed.
 * Events:  TOGGLE
 * Actor:   toggleCommentLike — input { commentId }, output { liked, likeCount }
 * Emitted: failed { message } (the view toasts; the button keeps its state).
 *
 * Why not like-toggle.machine.ts (the video's): that one loads the status first and reloads it
 * after each toggle (`GET /likes/video/{id}`); a comment's status arrives with the comment and has
 * no such call, so only the toggle is left. Clicks while a toggle runs are ignored.
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { LikeToggle } from '../contract/engagement.js';
import { errorMessage } from './validation.js';

export interface CommentLikeInput {
  commentId: string;
  likeCount: number;
  likedByUser: boolean;
}

export type CommentLikeContext = CommentLikeInput;

export type CommentLikeEvent =
  /** The like button was clicked. */
  { type: 'TOGGLE' };

export type CommentLikeEmitted = { type: 'failed'; message: string };

export const COMMENT_LIKE_FAILED = 'Failed to update like';

export const commentLikeMachine = setup({
  types: {
    input: {} as CommentLikeInput,
    context: {} as CommentLikeContext,
    events: {} as CommentLikeEvent,
    emitted: {} as CommentLikeEmitted,
  },
  actors: {
    toggleCommentLike: fromPromise<LikeToggle, { commentId: string }>(() => {
      throw new Error('toggleCommentLike actor not provided');
    }),
  },
  actions: {
    setToggled: assign((_, result: LikeToggle) => ({
      likeCount: result.likeCount,
      likedByUser: result.liked,
    })),
    announceFailure: emit((_, message: string) => ({ type: 'failed' as const, message })),
  },
}).createMachine({
  id: 'commentLike',
  context: ({ input }) => ({ ...input }),
  initial: 'ready',
  states: {
    ready: { on: { TOGGLE: 'toggling' } },
    toggling: {
      tags: 'busy',
      invoke: {
        id: 'toggleCommentLike',
        src: 'toggleCommentLike',
        input: ({ context }) => ({ commentId: context.commentId }),
        onDone: {
          target: 'ready',
          actions: { type: 'setToggled', params: ({ event }) => event.output },
        },
        onError: {
          target: 'ready',
          actions: {
            type: 'announceFailure',
            params: ({ event }) => errorMessage(event.error, COMMENT_LIKE_FAILED),
          },
        },
      },
    },
  },
});

export type CommentLikeSnapshot = SnapshotFrom<typeof commentLikeMachine>;

export const selectLikeCount = (s: CommentLikeSnapshot) => s.context.likeCount;
export const selectLiked = (s: CommentLikeSnapshot) => s.context.likedByUser;
export const selectIsBusy = (s: CommentLikeSnapshot) => s.hasTag('busy');
