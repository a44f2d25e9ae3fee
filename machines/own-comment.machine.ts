/**
 * One's own comment under a video (issue 29): Edit and Delete from the comment's menu, through the
 * API that exists (`PATCH` and `DELETE /comments/c/{commentId}`, owner only).
 *
 * Input:   { comment } — the comment as listed (the viewer is its author).
 * Events:  START_EDIT · TEXT_CHANGED { text } · SAVE · CANCEL · ASK_DELETE · CONFIRM
 * Actors:  editComment   — input { commentId, content } (content trimmed), output Comment
 *          deleteComment — input { commentId }, output void
 * Emitted: edited { comment } (the list swaps it in, shown "(edited)") · deleted { commentId } (the
 *          list drops it and its count goes down by one) · failed { message } (the view toasts; the
 *          comment and the typed text stay).
 *
 * Choices where the spec is silent:
 * - Saving is refused for blank text (as adding is, spec §7) and for text equal to what is saved
 *   (nothing would change); the Save button is disabled in both cases.
 * - Delete asks first ("Delete comment?", Cancel / Delete on a red button); CANCEL leaves the
 *   question, or the edit box without saving.
 * - One request at a time: while saving or deleting, the menu's actions wait.
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Comment } from '../contract/shapes.js';
import { errorMessage } from './validation.js';

export interface OwnCommentInput {
  comment: Comment;
}

export interface OwnCommentContext {
  comment: Comment;
  /** The edit box's text, as typed. */
  draft: string;
}

export type OwnCommentEvent =
  /** Edit in the comment's menu: open the edit box with the saved text. */
  | { type: 'START_EDIT' }
  /** The edit box's text changed. */
  | { type: 'TEXT_CHANGED'; text: string }
  /** Save in the edit box. */
  | { type: 'SAVE' }
  /** Cancel in the edit box or in the delete question (also Escape and ×). */
  | { type: 'CANCEL' }
  /** Delete in the comment's menu: ask first. */
  | { type: 'ASK_DELETE' }
  /** Delete in the question. */
  | { type: 'CONFIRM' };

export type OwnCommentEmitted =
  | { type: 'edited'; comment: Comment }
  | { type: 'deleted'; commentId: string }
  | { type: 'failed'; message: string };

export const COMMENT_EDIT_FAILED = 'Failed to update comment';
export const COMMENT_DELETE_FAILED = 'Failed to delete comment';

export const ownCommentMachine = setup({
  types: {
    input: {} as OwnCommentInput,
    context: {} as OwnCommentContext,
    events: {} as OwnCommentEvent,
    emitted: {} as OwnCommentEmitted,
  },
  actors: {
    editComment: fromPromise<Comment, { commentId: string; content: string }>(() => {
      throw new Error('editComment actor not provided');
    }),
    deleteComment: fromPromise<void, { commentId: string }>(() => {
      throw new Error('deleteComment actor not provided');
    }),
  },
  guards: {
    draftChanged: ({ context }) => canSave(context),
  },
  actions: {
    openDraft: assign({ draft: ({ context }) => context.comment.content }),
    setDraft: assign({ draft: (_, text: string) => text }),
    keepSaved: assign({ comment: (_, comment: Comment) => comment }),
    announceEdited: emit((_, comment: Comment) => ({ type: 'edited' as const, comment })),
    announceDeleted: emit(({ context }) => ({
      type: 'deleted' as const,
      commentId: context.comment._id,
    })),
    announceFailure: emit((_, message: string) => ({ type: 'failed' as const, message })),
  },
}).createMachine({
  id: 'ownComment',
  context: ({ input }) => ({ comment: input.comment, draft: '' }),
  initial: 'shown',
  states: {
    shown: {
      on: {
        START_EDIT: { target: 'editing', actions: 'openDraft' },
        ASK_DELETE: 'confirmingDelete',
      },
    },
    editing: {
      on: {
        TEXT_CHANGED: { actions: { type: 'setDraft', params: ({ event }) => event.text } },
        SAVE: { guard: 'draftChanged', target: 'saving' },
        CANCEL: 'shown',
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'editComment',
        src: 'editComment',
        input: ({ context }) => ({
          commentId: context.comment._id,
          content: context.draft.trim(),
        }),
        onDone: {
          target: 'shown',
          actions: [
            { type: 'keepSaved', params: ({ event }) => event.output },
            { type: 'announceEdited', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'editing',
          actions: {
            type: 'announceFailure',
            params: ({ event }) => errorMessage(event.error, COMMENT_EDIT_FAILED),
          },
        },
      },
    },
    confirmingDelete: {
      on: { CONFIRM: 'deleting', CANCEL: 'shown' },
    },
    deleting: {
      tags: 'busy',
      invoke: {
        id: 'deleteComment',
        src: 'deleteComment',
        input: ({ context }) => ({ commentId: context.comment._id }),
        onDone: { target: 'deleted', actions: 'announceDeleted' },
        onError: {
          target: 'shown',
          actions: {
            type: 'announceFailure',
            params: ({ event }) => errorMessage(event.error, COMMENT_DELETE_FAILED),
          },
        },
      },
    },
    deleted: { type: 'final' },
  },
});

/** Save is possible for non-blank text that differs from what is saved. */
function canSave(context: OwnCommentContext): boolean {
  const text = context.draft.trim();
  return text !== '' && text !== context.comment.content;
}

export type OwnCommentSnapshot = SnapshotFrom<typeof ownCommentMachine>;

/** Selectors the views use. */
export const selectComment = (s: OwnCommentSnapshot) => s.context.comment;
export const selectDraft = (s: OwnCommentSnapshot) => s.context.draft;
export const selectIsEditing = (s: OwnCommentSnapshot) =>
  s.matches('editing') || s.matches('saving');
export const selectCanSave = (s: OwnCommentSnapshot) => s.matches('editing') && canSave(s.context);
export const selectIsAskingDelete = (s: OwnCommentSnapshot) =>
  s.matches('confirmingDelete') || s.matches('deleting');
export const selectIsBusy = (s: OwnCommentSnapshot) => s.hasTag('busy');
export const selectIsSaving = (s: OwnCommentSnapshot) => s.matches('saving');
export const selectIsDeleting = (s: OwnCommentSnapshot) => s.matches('deleting');
/** "(edited)" after the time: the comment was changed after it was posted. */
export const isEdited = (comment: Comment) =>
  new Date(comment.updatedAt).getTime() > new Date(comment.createdAt).getTime();
