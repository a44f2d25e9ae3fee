/**
 * The generic infinite-scroll pager (spec §5, §9): home feed, search, comments, and later the
 * channel's and the dashboard's video lists. Fetched pages are appended; more pages load when the
 * bottom marker becomes visible, only while more exist and no load is running; after a failed
 * load the next try waits RETRY_DELAY_MS.
 *
 * Input:   { pageSize, retrySize?, params? } — `params` is handed unchanged to `fetchPage`
 *          (tag, query, userId, videoId …); `retrySize` is the limit of the first load after RETRY
 *          (the feed uses PAGE_SIZE.retry), default `pageSize`.
 * Events:  LOAD_MORE · RESET { params? } · RETRY · PREPEND { item } · REPLACE { item } · REMOVE { id }
 * Actor:   fetchPage — input { page, limit, params }, output { items, total } (the API's page/limit
 *          pagination; `total` is the server's count, e.g. totalVideos).
 * Emitted: none (views read the selectors below).
 *
 * Choices where the spec is silent (written down here and in the report):
 * - LOAD_MORE while the 3 s wait after a failure runs is remembered, and the load starts when the
 *   wait ends: the bottom marker stays visible and would not report itself again, so dropping the
 *   event would leave the list stuck. Without such a request the pager waits in failed.ready.
 * - RETRY (the feed's button) and RESET are explicit and load at once, cancelling a running load.
 * - The API pages by page/limit, so RETRY's first load (page 1, limit 9) does not line up with the
 *   normal page size (12). The pager therefore tracks `offset`, how far into the server's list it
 *   has read, and asks for the page of `pageSize` that contains that offset, dropping the part it
 *   already holds (offset 9 → page 1 limit 12, keep the last 3). No item is skipped or repeated.
 * - Items are de-duplicated by `_id`: when new videos are published while a user scrolls, the
 *   server's pages shift and a page may repeat items already shown.
 * - PREPEND puts an item the user just created (a comment) at the top and shifts the offset by one,
 *   so the next page neither repeats nor skips an item.
 * - REPLACE swaps in an item the user just edited, in place. REMOVE drops one the user just
 *   deleted and moves the offset back by one, so the next page does not skip the item that slid
 *   up; a load already running was planned on the old offset, so it is restarted.
 * - hasMore is also false once a page comes back shorter than its limit, so a total that is
 *   out of date can never make the list ask for empty pages forever.
 * - Back to a list starts this actor (or the page's actor holding it) from the persisted snapshot
 *   it had when the list was left, pages and offset included (src/remembered-place.ts, issue 29).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { FIRST_PAGE } from '../contract/limits.js';
import { RETRY_DELAY_MS } from './constants.js';
import { appendPage, hasMore, planRequest, prependItem, removeItem } from './pager-offsets.js';
import type {
  Page,
  PageRequest,
  PagerContext,
  PagerEvent,
  PagerInput,
  PagerItem,
  PagerParams,
} from './pager.types.js';
import { errorMessage } from './validation.js';

export type {
  Page,
  PageMeta,
  PageRequest,
  PagerContext,
  PagerEvent,
  PagerInput,
  PagerItem,
  PagerParams,
} from './pager.types.js';

export const pagerMachine = setup({
  types: {
    context: {} as PagerContext,
    events: {} as PagerEvent,
    input: {} as PagerInput,
  },
  actors: {
    fetchPage: fromPromise<Page, PageRequest>(() => {
      throw new Error('fetchPage actor not provided');
    }),
  },
  delays: {
    retryDelay: RETRY_DELAY_MS,
  },
  guards: {
    hasMore: ({ context }) => hasMore(context),
    loadQueued: ({ context }) => context.loadQueued,
  },
  actions: {
    clear: assign({
      items: [],
      total: null,
      meta: null,
      offset: 0,
      exhausted: false,
      error: null,
    }),
    useParams: assign({
      params: ({ context }, params: PagerParams | undefined) => params ?? context.params,
    }),
    useRetrySize: assign({ nextLimit: ({ context }) => context.retrySize }),
    planRequest: assign(({ context }) => ({
      request: planRequest(context),
      loadQueued: false,
      error: null,
    })),
    appendPage: assign(({ context }, page: Page) => appendPage(context, page)),
    prependItem: assign(({ context }, item: PagerItem) => prependItem(context, item)),
    replaceItem: assign({
      items: ({ context }, item: PagerItem) =>
        context.items.map((held) => (held._id === item._id ? item : held)),
    }),
    removeItem: assign(({ context }, id: string) => removeItem(context, id)),
    queueLoad: assign({ loadQueued: true }),
    rememberError: assign({ error: (_, message: string) => message }),
  },
}).createMachine({
  id: 'pager',
  context: ({ input }) => ({
    pageSize: input.pageSize,
    retrySize: input.retrySize ?? input.pageSize,
    params: input.params ?? {},
    items: [],
    total: null,
    meta: null,
    offset: 0,
    exhausted: false,
    nextLimit: input.pageSize,
    request: null,
    loadQueued: false,
    error: null,
  }),
  initial: 'loading',
  on: {
    RESET: {
      target: '.loading',
      actions: ['clear', { type: 'useParams', params: ({ event }) => event.params }],
    },
    RETRY: { target: '.loading', actions: ['clear', 'useRetrySize'] },
    PREPEND: { actions: { type: 'prependItem', params: ({ event }) => event.item } },
    REPLACE: { actions: { type: 'replaceItem', params: ({ event }) => event.item } },
    REMOVE: { actions: { type: 'removeItem', params: ({ event }) => event.id } },
  },
  states: {
    loading: {
      entry: 'planRequest',
      on: {
        // The running request was planned on the old offset: plan and send it again.
        REMOVE: {
          target: 'loading',
          reenter: true,
          actions: { type: 'removeItem', params: ({ event }) => event.id },
        },
      },
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => {
          const { page, limit, params } = context.request ?? planRequest(context);
          return { page, limit, params };
        },
        onDone: {
          target: 'loaded',
          actions: { type: 'appendPage', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'rememberError',
            params: ({ event }) => errorMessage(event.error, 'Failed to load'),
          },
        },
      },
    },
    loaded: {
      on: { LOAD_MORE: { guard: 'hasMore', target: 'loading' } },
    },
    failed: {
      initial: 'waiting',
      states: {
        waiting: {
          on: { LOAD_MORE: { actions: 'queueLoad' } },
          after: {
            retryDelay: [{ guard: 'loadQueued', target: '#pager.loading' }, { target: 'ready' }],
          },
        },
        ready: {
          on: { LOAD_MORE: { guard: 'hasMore', target: '#pager.loading' } },
        },
      },
    },
  },
});

export type PagerSnapshot = SnapshotFrom<typeof pagerMachine>;

/** Selectors the views use. `T` is the item type the view's `fetchPage` returns. */
export const selectItems = <T extends PagerItem = PagerItem>(s: PagerSnapshot): T[] =>
  s.context.items as T[];
export const selectIsLoading = (s: PagerSnapshot) => s.matches('loading');
/** The first page is loading (the view shows a skeleton). */
export const selectIsLoadingFirst = (s: PagerSnapshot) =>
  s.matches('loading') && s.context.items.length === 0;
/** A further page is loading (the view shows a footer spinner under the list). */
export const selectIsLoadingMore = (s: PagerSnapshot) =>
  s.matches('loading') && s.context.items.length > 0;
export const selectHasMore = (s: PagerSnapshot) => hasMore(s.context);
/** The last load failed (the feed shows its error text and Retry). */
export const selectHasFailed = (s: PagerSnapshot) => s.matches('failed');
export const selectError = (s: PagerSnapshot) => s.context.error;
/** Loaded, nothing there, nothing more to come (the view shows its empty message). */
export const selectIsEmpty = (s: PagerSnapshot) =>
  s.matches('loaded') && s.context.items.length === 0 && !hasMore(s.context);
export const selectTotal = (s: PagerSnapshot) => s.context.total;
/** What the server said about the list beside its items (Page.meta), null before it said any. */
export const selectMeta = (s: PagerSnapshot) => s.context.meta;
/** The 1-based page of `pageSize` items that the next load asks for. */
export const selectPage = (s: PagerSnapshot) =>
  Math.floor(s.context.offset / s.context.pageSize) + FIRST_PAGE;
