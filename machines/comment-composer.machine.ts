/**
 * The box that answers or changes a comment (issue 33): a reply under a comment or a reply, or
 * the edit of one's own comment or reply (issue 29's edit, folded in here: one box, two uses).
 *
 * Input:   { commentId } — the comment or reply the box belongs to.
 * Events:  OPEN { mode, text } · TEXT_CHANGED { text } · SUBMIT · CANCEL
 * Actor:   submitText — input { mode, commentId, content } (content trimmed), output Comment: a
 *          reply posts into the comment's thread (`POST /comments/c/{id}/replies`; under a reply
 *          the server puts it in the same thread, answering the reply's author), an edit saves
 *          the new text (`PATCH /comments/c/{id}`).
 * Emitted: submitted { mode, comment } (the thread shows the reply, or the list swaps in the edit,
 *          shown "(edited)") · failed { message } (the view toasts; the box and its text stay).
 *
 * Choices where the spec is silent:
 * - A reply to a reply opens pre-filled "@userName " (the view passes it); the user may change it.
 * - Blank text is never sent; an edit must also change the saved text (Save stays disabled).
 * - One request at a time; while it runs the box waits (no Cancel).
 */
import { assign, assertEvent, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Comment } from '../contract/shapes.js';
import { errorMessage } from './validation.js';

export type ComposerMode = 'reply' | 'edit';

export interface CommentComposerInput {
  commentId: string;
}

export interface CommentComposerContext {
  commentId: string;
  mode: ComposerMode;
  /** The text it opened with: the saved text of an edit ('' or "@userName " for a reply). */
  initial: string;
  text: string;
}

export type CommentComposerEvent =
  /** Reply, or Edit in the menu: open the box with this text. */
  | { type: 'OPEN'; mode: ComposerMode; text: string }
  /** The box's text changed. */
  | { type: 'TEXT_CHANGED'; text: string }
  /** Reply / Save. */
  | { type: 'SUBMIT' }
  /** Cancel (also Escape). */
  | { type: 'CANCEL' };

export type CommentComposerEmitted =
  { type: 'submitted'; mode: ComposerMode; comment: Comment } | { type: 'failed'; message: string };

export interface SubmitTextInput {
  mode: ComposerMode;
  commentId: string;
  content: string;
}

export const REPLY_FAILED = 'Failed to add reply';
export const COMMENT_EDIT_FAILED = 'Failed to update comment';

export const commentComposerMachine = setup({
  types: {
    input: {} as CommentComposerInput,
    context: {} as CommentComposerContext,
    events: {} as CommentComposerEvent,
    emitted: {} as CommentComposerEmitted,
  },
  actors: {
    submitText: fromPromise<Comment, SubmitTextInput>(() => {
      throw new Error('submitText actor not provided');
    }),
  },
  guards: {
    canSubmit: ({ context }) => canSubmit(context),
  },
  actions: {
    open: assign(({ event }) => {
      assertEvent(event, 'OPEN');
      return { mode: event.mode, initial: event.text, text: event.text };
    }),
    setText: assign({ text: (_, text: string) => text }),
    clear: assign({ text: '', initial: '' }),
    announceSubmitted: emit(({ context }, comment: Comment) => ({
      type: 'submitted' as const,
      mode: context.mode,
      comment,
    })),
    announceFailure: emit((_, message: string) => ({ type: 'failed' as const, message })),
  },
}).createMachine({
  id: 'commentComposer',
  context: ({ input }) => ({ commentId: input.commentId, mode: 'reply', initial: '', text: '' }),
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'editing', actions: 'open' } },
    },
    editing: {
      on: {
        TEXT_CHANGED: { actions: { type: 'setText', params: ({ event }) => event.text } },
        SUBMIT: { guard: 'canSubmit', target: 'submitting' },
        CANCEL: { target: 'closed', actions: 'clear' },
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'submitText',
        src: 'submitText',
        input: ({ context }) => ({
          mode: context.mode,
          commentId: context.commentId,
          content: context.text.trim(),
        }),
        onDone: {
          target: 'closed',
          actions: [{ type: 'announceSubmitted', params: ({ event }) => event.output }, 'clear'],
        },
        onError: {
          target: 'editing',
          actions: {
            type: 'announceFailure',
            params: ({ event, context }) =>
              errorMessage(
                event.error,
                context.mode === 'reply' ? REPLY_FAILED : COMMENT_EDIT_FAILED,
              ),
          },
        },
      },
    },
  },
});

/** Non-blank text; an edit must differ from what is saved. */
function canSubmit(context: CommentComposerContext): boolean {
  const text = context.text.trim();
  return text !== '' && (context.mode === 'reply' || text !== context.initial.trim());
}

export type CommentComposerSnapshot = SnapshotFrom<typeof commentComposerMachine>;

/** Selectors the views use. */
export const selectIsOpen = (s: CommentComposerSnapshot) => !s.matches('closed');
export const selectMode = (s: CommentComposerSnapshot) => s.context.mode;
export const selectText = (s: CommentComposerSnapshot) => s.context.text;
export const selectCanSubmit = (s: CommentComposerSnapshot) =>
  s.matches('editing') && canSubmit(s.context);
export const selectIsSubmitting = (s: CommentComposerSnapshot) => s.hasTag('busy');
/** A reply to a reply starts with whom it answers. */
export const replyPrefill = (userName: string) => `@${userName} `;
