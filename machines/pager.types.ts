/**
 * The pager's vocabulary (pager.machine.ts): the items it lists, its input, context and events,
 * and the page request its fetchPage actor gets. Apart from the machine so that the list
 * arithmetic (pager-offsets.ts) can use them without importing the machine that imports it.
 */
/** Anything listed has an id (videos, comments, channels). */
export interface PagerItem {
  _id: string;
}

/** What `fetchPage` needs besides page and limit; passed through untouched. */
export type PagerParams = Readonly<Record<string, string | number | boolean | null | undefined>>;

export interface PagerInput {
  pageSize: number;
  retrySize?: number;
  params?: PagerParams;
}

export interface PageRequest {
  page: number;
  limit: number;
  params: PagerParams;
}

/**
 * What the server said about the list beside its items (a search's spelling correction): plain
 * data, kept from the latest page that carried any.
 */
export type PageMeta = Readonly<Record<string, unknown>>;

export interface Page<T extends PagerItem = PagerItem> {
  items: T[];
  total: number;
  meta?: PageMeta;
}

export interface PagerContext {
  pageSize: number;
  retrySize: number;
  params: PagerParams;
  items: PagerItem[];
  /** The server's count from the last page; null before the first page arrived. */
  total: number | null;
  /** The latest `meta` a page carried; null before any did. */
  meta: PageMeta | null;
  /** How many items from the start of the server's list `items` covers. */
  offset: number;
  /** A page came back shorter than asked: the server has nothing more. */
  exhausted: boolean;
  /** The limit of the next request: `pageSize`, or `retrySize` right after RETRY. */
  nextLimit: number;
  /** The running or last request, and how many of its items were already held. */
  request: (PageRequest & { skip: number }) | null;
  /** LOAD_MORE arrived during the wait after a failure: load when the wait ends. */
  loadQueued: boolean;
  error: string | null;
}

export type PagerEvent =
  /** The bottom marker became visible: load the next page if there is one and none is loading. */
  | { type: 'LOAD_MORE' }
  /** Start over (new tag, new query): clear the list, page 1, load; new params if given. */
  | { type: 'RESET'; params?: PagerParams }
  /** The Retry button: clear the list, page 1, load `retrySize` items at once. */
  | { type: 'RETRY' }
  /** An item the user just created goes on top (a new comment). */
  | { type: 'PREPEND'; item: PagerItem }
  /** An item the user just edited: the server's new version replaces the held one. */
  | { type: 'REPLACE'; item: PagerItem }
  /** An item the user just deleted leaves the list. */
  | { type: 'REMOVE'; id: string };
