/**
 * A comment's thread of replies under a video (issue 33): hidden behind "N replies", loaded 10 at a
 * time, oldest first, with "Show more replies" while more exist and "Hide replies" to fold it.
 *
 * Input:   { commentId, replyCount } — the comment whose replies these are, and its count.
 * Events:  SHOW · HIDE · LOAD_MORE · RETRY · ADDED { reply } · REPLACE { reply } · REMOVE { id } ·
 *          RELOAD { commentId } (live: a reply joined this thread)
 * Actor:   fetchReplies — input { page, limit, params: { commentId } }, output { items, total }
 *          (the pager's page shape, so src/api answers it as it answers every list).
 * Emitted: none (views read the selectors below).
 *
 * Choices where the spec is silent:
 * - The list is the pager's arithmetic (pager-offsets.ts): offset paging that neither repeats nor
 *   skips a reply, de-duplicated by id; only the chart differs (a thread starts folded).
 * - Folding keeps what was loaded: showing it again shows the same replies at once.
 * - One's own new reply (ADDED) appears at once under the comment, at the end (oldest first puts
 *   the newest last), and unfolds the thread; the count goes up by one.
 * - A live reply (RELOAD) from someone else: an open thread loads from where it ended (the new
 *   reply is the last one), a running load starts again; a folded thread only counts one more.
 *   A reply already listed (one's own, announced back) changes nothing.
 * - A failed load shows the error with Retry; what was loaded stays.
 */
import { assign, assertEvent, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Comment } from '../contract/shapes.js';
import { PAGE_SIZE } from '../contract/limits.js';
import { appendPage, hasMore, planRequest, removeItem } from './pager-offsets.js';
import type { Page, PageRequest, PagerContext } from './pager.types.js';
import { errorMessage } from './validation.js';

export interface CommentThreadInput {
  commentId: string;
  replyCount: number;
}

export interface CommentThreadContext {
  commentId: string;
  /** What "N replies" says: the comment's count, then the server's total as pages arrive. */
  count: number;
  /** Something was loaded (folding keeps it). */
  loaded: boolean;
  list: PagerContext;
}

export type CommentThreadEvent =
  /** "N replies": unfold the thread. */
  | { type: 'SHOW' }
  /** "Hide replies": fold it. */
  | { type: 'HIDE' }
  /** "Show more replies". */
  | { type: 'LOAD_MORE' }
  /** Retry after a failed load. */
  | { type: 'RETRY' }
  /** The viewer's own reply was posted into this thread. */
  | { type: 'ADDED'; reply: Comment }
  /** A reply was edited, hearted or turned into a tombstone: the new version. */
  | { type: 'REPLACE'; reply: Comment }
  /** A reply was deleted. */
  | { type: 'REMOVE'; id: string }
  /** Live: someone's reply joined this thread. */
  | { type: 'RELOAD'; commentId: string };

export const THREAD_LOAD_FAILED = 'Failed to load replies';

function emptyList(commentId: string): PagerContext {
  return {
    pageSize: PAGE_SIZE.replies,
    retrySize: PAGE_SIZE.replies,
    params: { commentId },
    items: [],
    total: null,
    meta: null,
    offset: 0,
    exhausted: false,
    nextLimit: PAGE_SIZE.replies,
    request: null,
    loadQueued: false,
    error: null,
  };
}

const isListed = (c: CommentThreadContext, id: string) => c.list.items.some((i) => i._id === id);

export const commentThreadMachine = setup({
  types: {
    input: {} as CommentThreadInput,
    context: {} as CommentThreadContext,
    events: {} as CommentThreadEvent,
  },
  actors: {
    fetchReplies: fromPromise<Page, PageRequest>(() => {
      throw new Error('fetchReplies actor not provided');
    }),
  },
  guards: {
    hasLoaded: ({ context }) => context.loaded,
    hasMore: ({ context }) => hasMore(context.list),
    isNewReply: ({ context, event }) => {
      assertEvent(event, 'RELOAD');
      return !isListed(context, event.commentId);
    },
  },
  actions: {
    planRequest: assign({
      list: ({ context }) => ({ ...context.list, request: planRequest(context.list), error: null }),
    }),
    appendPage: assign(({ context }, page: Page) => ({
      loaded: true,
      count: page.total,
      list: { ...context.list, ...appendPage(context.list, page) },
    })),
    rememberError: assign({
      list: ({ context }, message: string) => ({ ...context.list, error: message }),
    }),
    appendOwn: assign(({ context }, reply: Comment) =>
      isListed(context, reply._id)
        ? {}
        : {
            count: context.count + 1,
            list: {
              ...context.list,
              items: [...context.list.items, reply],
              total: context.list.total === null ? null : context.list.total + 1,
            },
          },
    ),
    replaceReply: assign({
      list: ({ context }, reply: Comment) => ({
        ...context.list,
        items: context.list.items.map((held) => (held._id === reply._id ? reply : held)),
      }),
    }),
    removeReply: assign(({ context }, id: string) =>
      isListed(context, id)
        ? {
            count: Math.max(0, context.count - 1),
            list: { ...context.list, ...removeItem(context.list, id) },
          }
        : {},
    ),
    /** One more reply waits at the end of the server's list. */
    expectOneMore: assign(({ context }) => ({
      count: context.count + 1,
      list: {
        ...context.list,
        exhausted: false,
        total: context.list.total === null ? null : context.list.total + 1,
      },
    })),
  },
}).createMachine({
  id: 'commentThread',
  context: ({ input }) => ({
    commentId: input.commentId,
    count: input.replyCount,
    loaded: false,
    list: emptyList(input.commentId),
  }),
  initial: 'collapsed',
  on: {
    REPLACE: { actions: { type: 'replaceReply', params: ({ event }) => event.reply } },
    REMOVE: { actions: { type: 'removeReply', params: ({ event }) => event.id } },
  },
  states: {
    collapsed: {
      on: {
        SHOW: [{ guard: 'hasLoaded', target: 'open.shown' }, { target: 'open.loading' }],
        ADDED: {
          target: 'open.shown',
          actions: { type: 'appendOwn', params: ({ event }) => event.reply },
        },
        RELOAD: { guard: 'isNewReply', actions: 'expectOneMore' },
      },
    },
    open: {
      tags: 'open',
      on: {
        HIDE: '#commentThread.collapsed',
        ADDED: { actions: { type: 'appendOwn', params: ({ event }) => event.reply } },
      },
      initial: 'loading',
      states: {
        /** The first page. */
        loading: {
          entry: 'planRequest',
          invoke: {
            id: 'fetchReplies',
            src: 'fetchReplies',
            input: ({ context }) => pageInput(context),
            onDone: {
              target: 'shown',
              actions: { type: 'appendPage', params: ({ event }) => event.output },
            },
            onError: {
              target: 'failed',
              actions: {
                type: 'rememberError',
                params: ({ event }) => errorMessage(event.error, THREAD_LOAD_FAILED),
              },
            },
          },
          on: {
            RELOAD: {
              guard: 'isNewReply',
              target: 'loading',
              reenter: true,
              actions: 'expectOneMore',
            },
          },
        },
        shown: {
          on: {
            LOAD_MORE: { guard: 'hasMore', target: 'paging' },
            RELOAD: { guard: 'isNewReply', target: 'paging', actions: 'expectOneMore' },
          },
        },
        /** A further page: the same request from where the list ends (`loading`'s invoke). */
        paging: {
          entry: 'planRequest',
          invoke: {
            id: 'fetchReplies',
            src: 'fetchReplies',
            input: ({ context }) => pageInput(context),
            onDone: {
              target: 'shown',
              actions: { type: 'appendPage', params: ({ event }) => event.output },
            },
            onError: {
              target: 'failed',
              actions: {
                type: 'rememberError',
                params: ({ event }) => errorMessage(event.error, THREAD_LOAD_FAILED),
              },
            },
          },
          on: {
            RELOAD: {
              guard: 'isNewReply',
              target: 'paging',
              reenter: true,
              actions: 'expectOneMore',
            },
          },
        },
        failed: {
          on: {
            RETRY: [{ guard: 'hasLoaded', target: 'paging' }, { target: 'loading' }],
            RELOAD: { guard: 'isNewReply', actions: 'expectOneMore' },
          },
        },
      },
    },
  },
});

function pageInput(context: CommentThreadContext): PageRequest {
  const { page, limit, params } = context.list.request ?? planRequest(context.list);
  return { page, limit, params };
}

export type CommentThreadSnapshot = SnapshotFrom<typeof commentThreadMachine>;

/** Selectors the views use. */
export const selectReplies = (s: CommentThreadSnapshot) => s.context.list.items as Comment[];
export const selectReplyCount = (s: CommentThreadSnapshot) => s.context.count;
/** The replies are on screen (or loading under the comment). */
export const selectIsOpen = (s: CommentThreadSnapshot) => s.hasTag('open');
export const selectIsLoadingReplies = (s: CommentThreadSnapshot) =>
  s.matches({ open: 'loading' }) || s.matches({ open: 'paging' });
export const selectHasFailed = (s: CommentThreadSnapshot) => s.matches({ open: 'failed' });
/** "Show more replies": shown, and the server has more. */
export const selectCanShowMore = (s: CommentThreadSnapshot) =>
  s.matches({ open: 'shown' }) && hasMore(s.context.list);
/** "N replies" / "1 reply". */
export const repliesLabel = (count: number) => `${count} ${count === 1 ? 'reply' : 'replies'}`;
