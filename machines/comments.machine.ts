/**
 * The comments of the watch page (spec §2 Watch page, §5, §7): a list that loads 9 at a time as
 * its bottom sentinel comes into view, and an add box whose button is disabled for blank text.
 *
 * Input:   { videoId }
 * Events:  TEXT_CHANGED { text } · SUBMIT · LOAD_MORE · REFRESH (someone else commented: the
 *          live connection said so; the list reloads from its first page)
 * Child:   `pager` (pagerMachine, id 'pager', pageSize PAGE_SIZE.comments, params { videoId });
 *          read it with `selectCommentsPager`. Provide the real fetch with
 *          `commentsMachine.provide({ actors: { pager: pagerMachine.provide({ actors: { fetchPage } }),
 *          addComment } })`.
 * Actor:   addComment — input { videoId, content } (content trimmed), output Comment
 * Emitted: added { comment } · failed { message } — adding failed: the text stays in the box; the
 *          spec only logs it, the view also tells the user.
 *
 * Choice: a new comment goes on top of the list at once (the list is newest first) instead of
 * reloading page 1, so the reader keeps their place; the pager shifts its offset so no comment is
 * repeated or skipped by later pages.
 */
import { assign, emit, forwardTo, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { Comment } from '../contract/shapes.js';
import { PAGE_SIZE } from '../contract/limits.js';
import { pagerMachine } from './pager.machine.js';
import { errorMessage } from './validation.js';

export interface CommentsInput {
  videoId: string;
}

export interface CommentsContext {
  videoId: string;
  /** The add box's text, as typed. */
  text: string;
}

export type CommentsEvent =
  /** The user typed into the add box. */
  | { type: 'TEXT_CHANGED'; text: string }
  /** The user pressed the add button (ignored while the text is blank). */
  | { type: 'SUBMIT' }
  /** The sentinel under the list came into view. */
  | { type: 'LOAD_MORE' }
  /** Comments were added by others (live): reload the list from its first page. */
  | { type: 'REFRESH' };

export type CommentsEmitted =
  /** The comment was saved and is now on top of the list. */
  | { type: 'added'; comment: Comment }
  /** Saving failed: log it and tell the user; the text stays. */
  | { type: 'failed'; message: string };

export const commentsMachine = setup({
  types: {
    context: {} as CommentsContext,
    events: {} as CommentsEvent,
    input: {} as CommentsInput,
    emitted: {} as CommentsEmitted,
    children: {} as { pager: 'pager'; addComment: 'addComment' },
  },
  actors: {
    pager: pagerMachine,
    addComment: fromPromise<Comment, { videoId: string; content: string }>(() => {
      throw new Error('addComment actor not provided');
    }),
  },
  guards: {
    hasText: ({ context }) => context.text.trim() !== '',
  },
  actions: {
    setText: assign({ text: (_, text: string) => text }),
    clearText: assign({ text: '' }),
    putOnTop: sendTo('pager', (_, comment: Comment) => ({
      type: 'PREPEND' as const,
      item: comment,
    })),
    forwardToPager: forwardTo('pager'),
    reloadList: sendTo('pager', { type: 'RESET' as const }),
    announceAdded: emit((_, comment: Comment) => ({ type: 'added' as const, comment })),
    announceFailure: emit((_, message: string) => ({ type: 'failed' as const, message })),
  },
}).createMachine({
  id: 'comments',
  context: ({ input }) => ({ videoId: input.videoId, text: '' }),
  invoke: {
    id: 'pager',
    src: 'pager',
    input: ({ context }) => ({
      pageSize: PAGE_SIZE.comments,
      params: { videoId: context.videoId },
    }),
  },
  on: {
    LOAD_MORE: { actions: 'forwardToPager' },
    REFRESH: { actions: 'reloadList' },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        TEXT_CHANGED: { actions: { type: 'setText', params: ({ event }) => event.text } },
        SUBMIT: { guard: 'hasText', target: 'submitting' },
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'addComment',
        src: 'addComment',
        input: ({ context }) => ({ videoId: context.videoId, content: context.text.trim() }),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'putOnTop', params: ({ event }) => event.output },
            'clearText',
            { type: 'announceAdded', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'editing',
          actions: {
            type: 'announceFailure',
            params: ({ event }) => errorMessage(event.error, 'Failed to add comment'),
          },
        },
      },
    },
  },
});

export type CommentsSnapshot = SnapshotFrom<typeof commentsMachine>;

/** Selectors the views use. */
export const selectText = (s: CommentsSnapshot) => s.context.text;
/** The add button: enabled only for non-blank text and while no comment is being saved. */
export const selectCanSubmit = (s: CommentsSnapshot) =>
  s.matches('editing') && s.context.text.trim() !== '';
export const selectIsSubmitting = (s: CommentsSnapshot) => s.hasTag('busy');
/** The comment list's actor; read it with the pager's selectors. */
export const selectCommentsPager = (s: CommentsSnapshot) =>
  s.children.pager as ActorRefFrom<typeof pagerMachine>;
