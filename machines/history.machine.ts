/**
 * The History page (spec §2 "History page", §4 History, §9): the viewer's watch history, 10 per
 * page with Previous and Next, one entry's 'Remove from history' menu, and 'Clear all history'
 * after a confirmation.
 *
 * Input:   { pageSize } — PAGE_SIZE.history.
 * Events:  NEXT · PREVIOUS · RETRY · TOGGLE_MENU { videoId } · CLOSE_MENU · REMOVE { videoId } ·
 *          CLEAR · CONFIRM_CLEAR · CANCEL_CLEAR
 * Actors:  fetchHistory — input { page, limit }, output HistoryPage (contract/history.ts);
 *          removeFromHistory — input { videoId }; clearHistory — no input.
 * Emitted: removed · cleared · removeFailed { message } · clearFailed { message }.
 *
 * Choices where the spec is silent (also in docs/decisions.md):
 * - Moving to another page clears the list, so the spinner shows while it loads; after a removal
 *   the same page is fetched again with the list kept on screen, so the page "refills from the
 *   next page" without flashing a spinner.
 * - A page past the end (the last entry of the last page was removed, or the history shrank in
 *   another tab) loads the new last page instead of showing an empty page.
 * - A failed removal or clear leaves the list as it was (spec §8) and is emitted, so the view can
 *   log it and tell the user; after a failed removal the page is fetched again (list kept on
 *   screen), so an entry whose video was deleted meanwhile leaves instead of failing forever.
 * - Only one entry's menu is open at a time; removing closes it (spec §4).
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { HistoryEntry, HistoryPage } from '../contract/history.js';
import { FIRST_PAGE } from '../contract/limits.js';
import { errorMessage } from './validation.js';

export type HistoryInput = { pageSize: number };

export interface HistoryContext {
  pageSize: number;
  /** The page shown, or being loaded. */
  page: number;
  totalPages: number;
  totalHistory: number;
  entries: HistoryEntry[];
  /** The video whose entry menu is open. */
  menuFor: string | null;
  /** The video being removed. */
  removing: string | null;
  error: string | null;
}

export type HistoryEvent =
  /** The Next button. */
  | { type: 'NEXT' }
  /** The Previous button. */
  | { type: 'PREVIOUS' }
  /** The Retry button after a failed load. */
  | { type: 'RETRY' }
  /** An entry's menu button: open its menu (or close it when open). */
  | { type: 'TOGGLE_MENU'; videoId: string }
  /** A click outside or Escape closes the open menu. */
  | { type: 'CLOSE_MENU' }
  /** 'Remove from history' in an entry's menu. */
  | { type: 'REMOVE'; videoId: string }
  /** 'Clear all history': ask first. */
  | { type: 'CLEAR' }
  /** The confirmation's Clear button. */
  | { type: 'CONFIRM_CLEAR' }
  /** The confirmation's Cancel button (or Escape). */
  | { type: 'CANCEL_CLEAR' };

export type HistoryEmitted =
  { type: 'removed' | 'cleared' } | { type: 'removeFailed' | 'clearFailed'; message: string };

export const historyMachine = setup({
  types: {
    input: {} as HistoryInput,
    context: {} as HistoryContext,
    events: {} as HistoryEvent,
    emitted: {} as HistoryEmitted,
  },
  actors: {
    fetchHistory: fromPromise<HistoryPage, { page: number; limit: number }>(() => {
      throw new Error('fetchHistory actor not provided');
    }),
    removeFromHistory: fromPromise<unknown, { videoId: string }>(() => {
      throw new Error('removeFromHistory actor not provided');
    }),
    clearHistory: fromPromise<unknown, void>(() => {
      throw new Error('clearHistory actor not provided');
    }),
  },
  guards: {
    hasNext: ({ context }) => context.page < context.totalPages,
    hasPrevious: ({ context }) => context.page > FIRST_PAGE,
    hasEntries: ({ context }) => context.entries.length > 0,
    pastTheEnd: ({ context }, page: HistoryPage) =>
      page.history.length === 0 && context.page > Math.max(FIRST_PAGE, page.totalPages),
  },
  actions: {
    goToPage: assign({ page: (_, page: number) => page, entries: [], menuFor: null }),
    goToLastPage: assign({ page: (_, page: HistoryPage) => Math.max(FIRST_PAGE, page.totalPages) }),
    setPage: assign((_, page: HistoryPage) => ({
      entries: page.history,
      totalPages: Math.max(FIRST_PAGE, page.totalPages),
      totalHistory: page.totalHistory,
      error: null,
    })),
    setError: assign({ error: (_, message: string) => message }),
    toggleMenu: assign({
      menuFor: ({ context }, videoId: string) => (context.menuFor === videoId ? null : videoId),
    }),
    closeMenu: assign({ menuFor: null }),
    markRemoving: assign({ removing: (_, videoId: string) => videoId, menuFor: null }),
    dropRemoved: assign(({ context }) => ({
      entries: context.entries.filter((e) => e.video._id !== context.removing),
      totalHistory: Math.max(0, context.totalHistory - 1),
      removing: null,
    })),
    forgetRemoving: assign({ removing: null }),
    empty: assign({ entries: [], page: FIRST_PAGE, totalPages: FIRST_PAGE, totalHistory: 0 }),
    announceRemoved: emit({ type: 'removed' as const }),
    announceCleared: emit({ type: 'cleared' as const }),
    announceRemoveFailure: emit((_, message: string) => ({
      type: 'removeFailed' as const,
      message,
    })),
    announceClearFailure: emit((_, message: string) => ({ type: 'clearFailed' as const, message })),
  },
}).createMachine({
  id: 'history',
  context: ({ input }) => ({
    pageSize: input.pageSize,
    page: FIRST_PAGE,
    totalPages: FIRST_PAGE,
    totalHistory: 0,
    entries: [],
    menuFor: null,
    removing: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchHistory',
        src: 'fetchHistory',
        input: ({ context }) => ({ page: context.page, limit: context.pageSize }),
        onDone: [
          {
            guard: { type: 'pastTheEnd', params: ({ event }) => event.output },
            target: 'loading',
            reenter: true,
            actions: { type: 'goToLastPage', params: ({ event }) => event.output },
          },
          { target: 'ready', actions: { type: 'setPage', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'failed',
          actions: {
            type: 'setError',
            params: ({ event }) => errorMessage(event.error, 'Failed to load watch history'),
          },
        },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        NEXT: {
          guard: 'hasNext',
          target: 'loading',
          actions: { type: 'goToPage', params: ({ context }) => context.page + 1 },
        },
        PREVIOUS: {
          guard: 'hasPrevious',
          target: 'loading',
          actions: { type: 'goToPage', params: ({ context }) => context.page - 1 },
        },
        TOGGLE_MENU: {
          actions: { type: 'toggleMenu', params: ({ event }) => event.videoId },
        },
        CLOSE_MENU: { actions: 'closeMenu' },
        REMOVE: {
          target: 'removing',
          actions: { type: 'markRemoving', params: ({ event }) => event.videoId },
        },
        CLEAR: { guard: 'hasEntries', target: 'confirmingClear', actions: 'closeMenu' },
      },
    },
    removing: {
      invoke: {
        id: 'removeFromHistory',
        src: 'removeFromHistory',
        input: ({ context }) => ({ videoId: context.removing ?? '' }),
        // The entry leaves at once; the same page is fetched again to refill it.
        onDone: { target: 'loading', actions: ['dropRemoved', 'announceRemoved'] },
        // The list is fetched again: an entry whose video was deleted meanwhile (404) leaves.
        onError: {
          target: 'loading',
          actions: [
            'forgetRemoving',
            {
              type: 'announceRemoveFailure',
              params: ({ event }) =>
                errorMessage(event.error, 'Failed to remove the video from history'),
            },
          ],
        },
      },
    },
    confirmingClear: { on: { CONFIRM_CLEAR: 'clearing', CANCEL_CLEAR: 'ready' } },
    clearing: {
      invoke: {
        id: 'clearHistory',
        src: 'clearHistory',
        onDone: { target: 'ready', actions: ['empty', 'announceCleared'] },
        onError: {
          target: 'ready',
          actions: {
            type: 'announceClearFailure',
            params: ({ event }) => errorMessage(event.error, 'Failed to clear watch history'),
          },
        },
      },
    },
  },
});

export type HistorySnapshot = SnapshotFrom<typeof historyMachine>;

/** Selectors the view uses. */
export const selectEntries = (s: HistorySnapshot) => s.context.entries;
/** Nothing to show yet: the first load, another page, or a retry (the view shows a spinner). */
export const selectIsLoading = (s: HistorySnapshot) =>
  s.matches('loading') && s.context.entries.length === 0;
export const selectHasFailed = (s: HistorySnapshot) => s.matches('failed');
export const selectIsEmpty = (s: HistorySnapshot) =>
  s.matches('ready') && s.context.entries.length === 0;
export const selectPage = (s: HistorySnapshot) => s.context.page;
export const selectTotalPages = (s: HistorySnapshot) => s.context.totalPages;
/** Spec: Previous, Next and 'Page X of Y' only when there is more than one page. */
export const selectShowPager = (s: HistorySnapshot) =>
  s.context.totalPages > FIRST_PAGE && s.context.entries.length > 0;
export const selectHasPrevious = (s: HistorySnapshot) =>
  s.matches('ready') && s.context.page > FIRST_PAGE;
export const selectHasNext = (s: HistorySnapshot) =>
  s.matches('ready') && s.context.page < s.context.totalPages;
/** Spec: 'Clear all history' only while the list is not empty (it stays while a page loads). */
export const selectCanClear = (s: HistorySnapshot) => s.context.totalHistory > 0;
export const selectIsConfirmingClear = (s: HistorySnapshot) => s.matches('confirmingClear');
export const selectMenuFor = (s: HistorySnapshot) => s.context.menuFor;
export const selectRemoving = (s: HistorySnapshot) => s.context.removing;
/** A removal, clear or refill runs: the page's buttons wait. */
export const selectIsBusy = (s: HistorySnapshot) => !s.matches('ready') && !s.matches('failed');
