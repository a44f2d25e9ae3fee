/**
 * What can be done to a comment or reply from its "⋮" menu besides editing it (issue 33): the
 * video's creator pins or unpins it, hearts it or takes the heart back, deletes it and blocks its
 * author from the channel; its author deletes it too (issue 29's delete, folded in here). Deleting
 * and blocking ask first.
 *
 * Input:   { comment } — as listed.
 * Events:  TOGGLE_PIN · TOGGLE_HEART · ASK_DELETE · ASK_BLOCK · CONFIRM · CANCEL
 * Actors:  setPin        — input { commentId, pinned }, output PinState
 *          setHeart      — input { commentId, hearted }, output HeartState
 *          deleteComment — input { commentId }, output void
 *          blockUser     — input { userId }, output BlockState
 * Emitted: pinChanged (the list reloads: the pinned comment leads it and the one pinned before
 *          loses its label) · hearted { hearted } · deleted { commentId, tombstone } (tombstone: it
 *          had replies, so it stays as "Comment deleted") · blocked { userId } (the list reloads) ·
 *          failed { message } (the view toasts; nothing changed).
 *
 * Choices: one request at a time (the menu waits while one runs); the heart shows the server's
 * answer; a failure changes nothing.
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { BlockState, HeartState, PinState } from '../contract/conversation.js';
import type { Comment } from '../contract/shapes.js';
import { errorMessage } from './validation.js';

export interface CommentModerationInput {
  comment: Comment;
}

export interface CommentModerationContext {
  commentId: string;
  authorId: string;
  replyCount: number;
  pinned: boolean;
  hearted: boolean;
}

export type CommentModerationEvent =
  /** Pin / Unpin in the menu. */
  | { type: 'TOGGLE_PIN' }
  /** Heart / Remove heart in the menu. */
  | { type: 'TOGGLE_HEART' }
  /** Delete in the menu: ask first. */
  | { type: 'ASK_DELETE' }
  /** Block user from channel in the menu: ask first. */
  | { type: 'ASK_BLOCK' }
  /** The question's confirming button. */
  | { type: 'CONFIRM' }
  /** The question's Cancel (also Escape and ×). */
  | { type: 'CANCEL' };

export type CommentModerationEmitted =
  | { type: 'pinChanged' }
  | { type: 'hearted'; hearted: boolean }
  | { type: 'deleted'; commentId: string; tombstone: boolean }
  | { type: 'blocked'; userId: string }
  | { type: 'failed'; message: string };

export const PIN_FAILED = 'Failed to pin comment';
export const HEART_FAILED = 'Failed to heart comment';
export const COMMENT_DELETE_FAILED = 'Failed to delete comment';
export const BLOCK_FAILED = 'Failed to block user';

const fail = (fallback: string) => ({
  type: 'announceFailure' as const,
  params: ({ event }: { event: { error: unknown } }) => errorMessage(event.error, fallback),
});

export const commentModerationMachine = setup({
  types: {
    input: {} as CommentModerationInput,
    context: {} as CommentModerationContext,
    events: {} as CommentModerationEvent,
    emitted: {} as CommentModerationEmitted,
  },
  actors: {
    setPin: fromPromise<PinState, { commentId: string; pinned: boolean }>(() => {
      throw new Error('setPin actor not provided');
    }),
    setHeart: fromPromise<HeartState, { commentId: string; hearted: boolean }>(() => {
      throw new Error('setHeart actor not provided');
    }),
    deleteComment: fromPromise<void, { commentId: string }>(() => {
      throw new Error('deleteComment actor not provided');
    }),
    blockUser: fromPromise<BlockState, { userId: string }>(() => {
      throw new Error('blockUser actor not provided');
    }),
  },
  actions: {
    setPinned: assign({
      pinned: ({ context }, state: PinState) => state.pinnedCommentId === context.commentId,
    }),
    setHearted: assign({ hearted: (_, state: HeartState) => state.hearted }),
    announcePinChanged: emit({ type: 'pinChanged' as const }),
    announceHearted: emit(({ context }) => ({
      type: 'hearted' as const,
      hearted: context.hearted,
    })),
    announceDeleted: emit(({ context }) => ({
      type: 'deleted' as const,
      commentId: context.commentId,
      tombstone: context.replyCount > 0,
    })),
    announceBlocked: emit(({ context }) => ({
      type: 'blocked' as const,
      userId: context.authorId,
    })),
    announceFailure: emit((_, message: string) => ({ type: 'failed' as const, message })),
  },
}).createMachine({
  id: 'commentModeration',
  context: ({ input }) => ({
    commentId: input.comment._id,
    authorId: input.comment.owner._id,
    replyCount: input.comment.replyCount,
    pinned: input.comment.pinned,
    hearted: input.comment.hearted,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        TOGGLE_PIN: 'pinning',
        TOGGLE_HEART: 'hearting',
        ASK_DELETE: 'confirmingDelete',
        ASK_BLOCK: 'confirmingBlock',
      },
    },
    pinning: {
      tags: 'busy',
      invoke: {
        id: 'setPin',
        src: 'setPin',
        input: ({ context }) => ({ commentId: context.commentId, pinned: !context.pinned }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'setPinned', params: ({ event }) => event.output },
            'announcePinChanged',
          ],
        },
        onError: { target: 'idle', actions: fail(PIN_FAILED) },
      },
    },
    hearting: {
      tags: 'busy',
      invoke: {
        id: 'setHeart',
        src: 'setHeart',
        input: ({ context }) => ({ commentId: context.commentId, hearted: !context.hearted }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'setHearted', params: ({ event }) => event.output }, 'announceHearted'],
        },
        onError: { target: 'idle', actions: fail(HEART_FAILED) },
      },
    },
    confirmingDelete: {
      on: { CONFIRM: 'deleting', CANCEL: 'idle' },
    },
    deleting: {
      tags: 'busy',
      invoke: {
        id: 'deleteComment',
        src: 'deleteComment',
        input: ({ context }) => ({ commentId: context.commentId }),
        onDone: { target: 'deleted', actions: 'announceDeleted' },
        onError: { target: 'idle', actions: fail(COMMENT_DELETE_FAILED) },
      },
    },
    confirmingBlock: {
      on: { CONFIRM: 'blocking', CANCEL: 'idle' },
    },
    blocking: {
      tags: 'busy',
      invoke: {
        id: 'blockUser',
        src: 'blockUser',
        input: ({ context }) => ({ userId: context.authorId }),
        onDone: { target: 'idle', actions: 'announceBlocked' },
        onError: { target: 'idle', actions: fail(BLOCK_FAILED) },
      },
    },
    deleted: { type: 'final' },
  },
});

export type CommentModerationSnapshot = SnapshotFrom<typeof commentModerationMachine>;

/** Selectors the views use. */
export const selectPinned = (s: CommentModerationSnapshot) => s.context.pinned;
export const selectHearted = (s: CommentModerationSnapshot) => s.context.hearted;
export const selectIsBusy = (s: CommentModerationSnapshot) => s.hasTag('busy');
export const selectIsAskingDelete = (s: CommentModerationSnapshot) =>
  s.matches('confirmingDelete') || s.matches('deleting');
export const selectIsDeleting = (s: CommentModerationSnapshot) => s.matches('deleting');
export const selectIsAskingBlock = (s: CommentModerationSnapshot) =>
  s.matches('confirmingBlock') || s.matches('blocking');
export const selectIsBlocking = (s: CommentModerationSnapshot) => s.matches('blocking');
