/**
 * The comments of the watch page (spec §2 Watch page, §5, §7): a list that loads 9 at a time as
 * its bottom sentinel comes into view, and an add box whose button is disabled for blank text.
 *
 * Input:   { videoId }
 * Events:  TEXT_CHANGED { text } · SUBMIT · LOAD_MORE · REFRESH (someone else commented: the
 *          live connection said so; the list reloads from its first page) · SORT_CHANGED { sort }
 *          (issue 33: "Sort by"; the list starts over in that order) · SET_COMMENTS_OFF { off }
 *          (issue 33: the creator's switch) · REPLIES_MOVED { by } (issue 33: a thread's count
 *          moved since the list loaded: a reply added, live or one's own, or deleted; the
 *          heading's count follows until the list reloads)
 * Child:   `pager` (pagerMachine, id 'pager', pageSize PAGE_SIZE.comments, params { videoId, sort });
 *          read it with `selectCommentsPager`. Provide the real fetch with
 *          `commentsMachine.provide({ actors: { pager: pagerMachine.provide({ actors: { fetchPage } }),
 *          addComment } })`.
 * Actors:  addComment — input { videoId, content } (content trimmed), output Comment
 *          saveCommentSettings — input { videoId, commentsOff }, output CommentSettings
 * Emitted: added { comment } · failed { message } — adding failed: the text stays in the box; the
 *          spec only logs it, the view also tells the user · settingsFailed { message } (the switch
 *          keeps its old position).
 *
 * Two parallel regions: the add box (`box`) and the creator's switch (`settings`). The list's
 * page meta (CommentList's commentAndReplyCount, commentsOff, canModerate) travels as the pager's
 * `meta`; after the switch is saved its answer wins over the meta until the list reloads.
 *
 * Choices: the page opens on Top comments, as large video sites do (the API's own default stays
 * newest first for the original client). A new comment goes on top of the list at once (the list is newest first) instead of
 * reloading page 1, so the reader keeps their place; the pager shifts its offset so no comment is
 * repeated or skipped by later pages.
 */
import { assign, emit, forwardTo, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { CommentSettings } from '../contract/conversation.js';
import type { CommentSort } from '../contract/engagement.js';
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
  sort: CommentSort;
  /** The switch's saved answer; null: as the list's meta says. */
  commentsOff: boolean | null;
  /** Replies added (or deleted, negative) in threads since the list's first page came. */
  repliesMoved: number;
}

export type { CommentSort };
/** The order the watch page opens with. */
export const DEFAULT_COMMENT_SORT: CommentSort = 'top';

export type CommentsEvent =
  /** The user typed into the add box. */
  | { type: 'TEXT_CHANGED'; text: string }
  /** The user pressed the add button (ignored while the text is blank). */
  | { type: 'SUBMIT' }
  /** The sentinel under the list came into view. */
  | { type: 'LOAD_MORE' }
  /** Comments were added by others (live): reload the list from its first page. */
  | { type: 'REFRESH' }
  /** "Sort by": Top comments or Newest first. */
  | { type: 'SORT_CHANGED'; sort: CommentSort }
  /** The creator's switch: turn comments off (true) or on. */
  | { type: 'SET_COMMENTS_OFF'; off: boolean }
  /** A thread's reply count moved by `by` (the heading counts replies too). */
  | { type: 'REPLIES_MOVED'; by: number };

export type CommentsEmitted =
  /** The comment was saved and is now on top of the list. */
  | { type: 'added'; comment: Comment }
  /** Saving failed: log it and tell the user; the text stays. */
  | { type: 'failed'; message: string }
  /** Saving the switch failed: it keeps its old position. */
  | { type: 'settingsFailed'; message: string };

export const commentsMachine = setup({
  types: {
    context: {} as CommentsContext,
    events: {} as CommentsEvent,
    input: {} as CommentsInput,
    emitted: {} as CommentsEmitted,
    children: {} as {
      pager: 'pager';
      addComment: 'addComment';
      saveCommentSettings: 'saveCommentSettings';
    },
  },
  actors: {
    pager: pagerMachine,
    addComment: fromPromise<Comment, { videoId: string; content: string }>(() => {
      throw new Error('addComment actor not provided');
    }),
    saveCommentSettings: fromPromise<CommentSettings, { videoId: string; commentsOff: boolean }>(
      () => {
        throw new Error('saveCommentSettings actor not provided');
      },
    ),
  },
  guards: {
    hasText: ({ context }) => context.text.trim() !== '',
    isOtherSort: ({ context, event }) =>
      event.type === 'SORT_CHANGED' && event.sort !== context.sort,
  },
  actions: {
    setText: assign({ text: (_, text: string) => text }),
    clearText: assign({ text: '' }),
    putOnTop: sendTo('pager', (_, comment: Comment) => ({
      type: 'PREPEND' as const,
      item: comment,
    })),
    forwardToPager: forwardTo('pager'),
    reloadList: sendTo('pager', ({ context }) => ({
      type: 'RESET' as const,
      params: listParams(context),
    })),
    setSort: assign({ sort: (_, sort: CommentSort) => sort }),
    forgetSettings: assign({ commentsOff: null }),
    forgetMovedReplies: assign({ repliesMoved: 0 }),
    countMovedReplies: assign({
      repliesMoved: ({ context }, by: number) => context.repliesMoved + by,
    }),
    keepSettings: assign({ commentsOff: (_, settings: CommentSettings) => settings.commentsOff }),
    announceSettingsFailure: emit((_, message: string) => ({
      type: 'settingsFailed' as const,
      message,
    })),
    announceAdded: emit((_, comment: Comment) => ({ type: 'added' as const, comment })),
    announceFailure: emit((_, message: string) => ({ type: 'failed' as const, message })),
  },
}).createMachine({
  id: 'comments',
  context: ({ input }) => ({
    videoId: input.videoId,
    text: '',
    sort: DEFAULT_COMMENT_SORT,
    commentsOff: null,
    repliesMoved: 0,
  }),
  invoke: {
    id: 'pager',
    src: 'pager',
    input: ({ context }) => ({ pageSize: PAGE_SIZE.comments, params: listParams(context) }),
  },
  on: {
    LOAD_MORE: { actions: 'forwardToPager' },
    REFRESH: { actions: ['forgetSettings', 'forgetMovedReplies', 'reloadList'] },
    REPLIES_MOVED: { actions: { type: 'countMovedReplies', params: ({ event }) => event.by } },
    SORT_CHANGED: {
      guard: 'isOtherSort',
      actions: [
        { type: 'setSort', params: ({ event }) => event.sort },
        'forgetSettings',
        'forgetMovedReplies',
        'reloadList',
      ],
    },
  },
  type: 'parallel',
  states: {
    settings: {
      initial: 'idle',
      states: {
        idle: { on: { SET_COMMENTS_OFF: 'saving' } },
        saving: {
          tags: 'savingSettings',
          invoke: {
            id: 'saveCommentSettings',
            src: 'saveCommentSettings',
            input: ({ context, event }) => ({
              videoId: context.videoId,
              commentsOff: event.type === 'SET_COMMENTS_OFF' ? event.off : false,
            }),
            onDone: {
              target: 'idle',
              actions: { type: 'keepSettings', params: ({ event }) => event.output },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'announceSettingsFailure',
                params: ({ event }) =>
                  errorMessage(event.error, 'Failed to change comment settings'),
              },
            },
          },
        },
      },
    },
    box: {
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
    },
  },
});

function listParams(context: CommentsContext) {
  return { videoId: context.videoId, sort: context.sort };
}

export type CommentsSnapshot = SnapshotFrom<typeof commentsMachine>;

/** Selectors the views use. */
export const selectText = (s: CommentsSnapshot) => s.context.text;
/** The add button: enabled only for non-blank text and while no comment is being saved. */
export const selectCanSubmit = (s: CommentsSnapshot) =>
  s.matches({ box: 'editing' }) && s.context.text.trim() !== '';
export const selectSort = (s: CommentsSnapshot) => s.context.sort;
/** The creator's switch as last saved; null: as the list says. */
export const selectSwitchedOff = (s: CommentsSnapshot) => s.context.commentsOff;
export const selectIsSavingSettings = (s: CommentsSnapshot) => s.hasTag('savingSettings');
/** Replies added or deleted in threads since the list loaded (the heading adds them). */
export const selectRepliesMoved = (s: CommentsSnapshot) => s.context.repliesMoved;
/** What the list said beside its comments (CommentList's issue 33 fields). */
export interface CommentListMeta {
  /** Comments and replies: the heading's count. */
  commentAndReplyCount: number;
  commentsOff: boolean;
  canModerate: boolean;
}
interface ListedMeta extends CommentListMeta {
  /** The page's totalComments, which came with commentAndReplyCount. */
  totalComments: number;
}
/**
 * The list's meta with the switch's saved answer (`switched`) over it; null before the first page. The
 * heading's count follows the comments the viewer added or deleted since (`total`, the pager's
 * count, moves with them).
 */
export function commentListMeta(
  switched: boolean | null,
  meta: Readonly<Record<string, unknown>> | null,
  total: number | null,
  repliesMoved = 0,
): CommentListMeta | null {
  if (!meta || typeof meta.commentAndReplyCount !== 'number') return null;
  const listed = meta as unknown as ListedMeta;
  const moved = total === null ? 0 : total - listed.totalComments;
  return {
    commentAndReplyCount: Math.max(0, listed.commentAndReplyCount + moved + repliesMoved),
    canModerate: listed.canModerate,
    commentsOff: switched ?? listed.commentsOff,
  };
}

export const selectIsSubmitting = (s: CommentsSnapshot) => s.hasTag('busy');
/** The comment list's actor; read it with the pager's selectors. */
export const selectCommentsPager = (s: CommentsSnapshot) =>
  s.children.pager as ActorRefFrom<typeof pagerMachine>;
