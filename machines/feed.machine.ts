/**
 * The home feed (spec §2 Home feed, §5): a row of tag chips — 'All', then the signed-in user's
 * tags — with exactly one active, over an infinite-scroll grid of videos, 12 per page.
 *
 * Input:   { tags, activeTag? } — the signed-in user's tag names ([] when signed out) and the
 *          URL's tag (`/?tag=music`; null or absent for All).
 * Events:  SELECT_TAG { tag } · TAGS_CHANGED { tags } · LOAD_MORE · RETRY
 * Child:   `pager` (pagerMachine, id 'pager'): the video list. Its params are `{}` for All and
 *          `{ tag }` for a chip. Views read it with `selectFeedPager` and the pager's selectors;
 *          the app provides the real fetch with
 *          `feedMachine.provide({ actors: { pager: pagerMachine.provide({ actors: { fetchPage } }) } })`.
 * Actor:   fetchPopularTags — input none, output string[] (GET /videos/tags/popular).
 * Emitted: none.
 *
 * Choices where the spec is silent (issue 22):
 * - The chosen chip lives in the URL, so a filtered feed can be linked, reloaded and reached with
 *   Back: the view sends SELECT_TAG whenever the URL's tag changes. Any tag may be chosen that
 *   way (a shared link), and a chosen tag that is not among the chips gets its own chip after
 *   'All', so the active chip is always on screen. Selecting the active chip changes nothing.
 * - Visitors and accounts with no tags yet see the most popular tags instead of a lone 'All'. The
 *   view sends TAGS_CHANGED with the session's tags when it starts and whenever they change; the
 *   first one asks for the popular tags (once they arrived, they are kept; after a failure the
 *   next TAGS_CHANGED asks again, and meanwhile only the user's own tags show).
 * - Issue 31: a signed-in viewer's own tags come first and the popular ones follow, without
 *   repeats, up to CHIP_TAGS_MAX chips after 'All' (watching one video gives a new account its
 *   four tags, and four chips told it little). Own tags are never cut (the server sends 10 at
 *   most); only the popular fill stops at the bound.
 */
import {
  type ActorRefFrom,
  assertEvent,
  assign,
  forwardTo,
  fromPromise,
  sendTo,
  setup,
  type SnapshotFrom,
} from 'xstate';
import { PAGE_SIZE } from '../contract/limits.js';
import { pagerMachine, type PagerParams } from './pager.machine.js';

export interface FeedInput {
  tags: string[];
  activeTag?: string | null;
}

export interface FeedContext {
  /** The signed-in user's tags. */
  tags: string[];
  /** The most used tags on the site, shown when the user has none. */
  popularTags: string[];
  /** null = 'All'. */
  activeTag: string | null;
}

export type FeedEvent =
  /** A chip was clicked: null for 'All', else the tag name. */
  | { type: 'SELECT_TAG'; tag: string | null }
  /** The signed-in user's tags changed (signed in, signed out, profile edited). */
  | { type: 'TAGS_CHANGED'; tags: string[] }
  /** The bottom marker of the grid became visible. */
  | { type: 'LOAD_MORE' }
  /** The Retry button under 'Failed to load videos. Please try again.' */
  | { type: 'RETRY' };

export interface FeedChip {
  label: string;
  tag: string | null;
  active: boolean;
}

/** Most tag chips after 'All' (own tags, then popular ones; a chosen tag outside them adds one). */
export const CHIP_TAGS_MAX = 12;

/**
 * How many popular tags the feed asks for: the user's own (10 at most) may repeat as many of them,
 * and the rest still fills the row to CHIP_TAGS_MAX.
 */
export const POPULAR_TAGS_FOR_CHIPS = 20;

/** The label of the first chip (spec §2). */
export const ALL_CHIP_LABEL = 'All';

const feedParams = (tag: string | null): PagerParams => (tag === null ? {} : { tag });

export const feedMachine = setup({
  types: {
    context: {} as FeedContext,
    events: {} as FeedEvent,
    input: {} as FeedInput,
    children: {} as { pager: 'pager' },
  },
  actors: {
    pager: pagerMachine,
    fetchPopularTags: fromPromise<string[]>(() => {
      throw new Error('fetchPopularTags actor not provided');
    }),
  },
  guards: {
    isOtherTag: ({ context, event }) => {
      assertEvent(event, 'SELECT_TAG');
      return event.tag !== context.activeTag && event.tag !== '';
    },
  },
  actions: {
    setActiveTag: assign({ activeTag: (_, tag: string | null) => tag }),
    setTags: assign({ tags: (_, tags: string[]) => [...tags] }),
    setPopularTags: assign({ popularTags: (_, tags: string[]) => [...tags] }),
    reloadPager: sendTo('pager', ({ context }) => ({
      type: 'RESET' as const,
      params: feedParams(context.activeTag),
    })),
    forwardToPager: forwardTo('pager'),
  },
}).createMachine({
  id: 'feed',
  context: ({ input }) => ({
    tags: [...input.tags],
    popularTags: [],
    activeTag: input.activeTag || null,
  }),
  invoke: {
    id: 'pager',
    src: 'pager',
    input: ({ context }) => ({
      pageSize: PAGE_SIZE.homeFeed,
      retrySize: PAGE_SIZE.retry,
      params: feedParams(context.activeTag),
    }),
  },
  type: 'parallel',
  states: {
    browsing: {
      on: {
        SELECT_TAG: {
          guard: 'isOtherTag',
          actions: [{ type: 'setActiveTag', params: ({ event }) => event.tag }, 'reloadPager'],
        },
        TAGS_CHANGED: { actions: { type: 'setTags', params: ({ event }) => event.tags } },
        LOAD_MORE: { actions: 'forwardToPager' },
        RETRY: { actions: 'forwardToPager' },
      },
    },
    popularTags: {
      initial: 'waiting',
      states: {
        // Until the session's tags are known (the view's first TAGS_CHANGED).
        waiting: { on: { TAGS_CHANGED: 'loading' } },
        loading: {
          invoke: {
            id: 'fetchPopularTags',
            src: 'fetchPopularTags',
            onDone: {
              target: 'loaded',
              actions: { type: 'setPopularTags', params: ({ event }) => event.output },
            },
            onError: 'failed',
          },
        },
        loaded: {},
        failed: { on: { TAGS_CHANGED: 'loading' } },
      },
    },
  },
});

export type FeedSnapshot = SnapshotFrom<typeof feedMachine>;
export type PagerRef = ActorRefFrom<typeof pagerMachine>;

/** Selectors the views use. */
/**
 * The chips' tags after 'All': the user's own, then popular ones they do not have, CHIP_TAGS_MAX
 * in all (own tags are never cut); the chosen one always shown.
 */
export const selectChipTags = (s: FeedSnapshot): string[] => {
  const { tags, popularTags, activeTag } = s.context;
  const fill = popularTags.filter((tag) => !tags.includes(tag));
  const shown = [...tags, ...fill.slice(0, Math.max(0, CHIP_TAGS_MAX - tags.length))];
  return activeTag === null || shown.includes(activeTag) ? shown : [activeTag, ...shown];
};
export const selectChips = (s: FeedSnapshot): FeedChip[] => [
  { label: ALL_CHIP_LABEL, tag: null, active: s.context.activeTag === null },
  ...selectChipTags(s).map((tag) => ({ label: tag, tag, active: s.context.activeTag === tag })),
];
export const selectActiveTag = (s: FeedSnapshot) => s.context.activeTag;
/** The video list's actor; read it with the pager's selectors. */
export const selectFeedPager = (s: FeedSnapshot) => s.children.pager as PagerRef;
