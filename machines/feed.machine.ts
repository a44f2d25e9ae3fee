/**
 * The home feed (spec §2 Home feed, §5): a row of tag chips — 'All', then the signed-in user's
 * tags — with exactly one active, over an infinite-scroll grid of videos, 12 per page.
 *
 * Input:   { tags } — the signed-in user's tag names ([] when signed out).
 * Events:  SELECT_TAG { tag } · TAGS_CHANGED { tags } · LOAD_MORE · RETRY
 * Child:   `pager` (pagerMachine, id 'pager'): the video list. Its params are `{}` for All and
 *          `{ tag }` for a chip. Views read it with `selectFeedPager` and the pager's selectors;
 *          the app provides the real fetch with
 *          `feedMachine.provide({ actors: { pager: pagerMachine.provide({ actors: { fetchPage } }) } })`.
 * Emitted: none.
 *
 * Choices: selecting the chip that is already active changes nothing (no reload, as on other video
 * sites); when the user's tags change (sign-in, sign-out) and the active tag is gone, the feed
 * falls back to All and reloads.
 */
import {
  type ActorRefFrom,
  assertEvent,
  assign,
  forwardTo,
  sendTo,
  setup,
  type SnapshotFrom,
} from 'xstate';
import { PAGE_SIZE } from '../contract/limits.js';
import { pagerMachine, type PagerParams } from './pager.machine.js';

export interface FeedInput {
  tags: string[];
}

export interface FeedContext {
  tags: string[];
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
  actors: { pager: pagerMachine },
  guards: {
    isOtherTag: ({ context, event }) => {
      assertEvent(event, 'SELECT_TAG');
      return (
        event.tag !== context.activeTag && (event.tag === null || context.tags.includes(event.tag))
      );
    },
    activeTagGone: ({ context, event }) => {
      assertEvent(event, 'TAGS_CHANGED');
      return context.activeTag !== null && !event.tags.includes(context.activeTag);
    },
  },
  actions: {
    setActiveTag: assign({ activeTag: (_, tag: string | null) => tag }),
    setTags: assign({ tags: (_, tags: string[]) => [...tags] }),
    reloadPager: sendTo('pager', ({ context }) => ({
      type: 'RESET' as const,
      params: feedParams(context.activeTag),
    })),
    forwardToPager: forwardTo('pager'),
  },
}).createMachine({
  id: 'feed',
  context: ({ input }) => ({ tags: [...input.tags], activeTag: null }),
  invoke: {
    id: 'pager',
    src: 'pager',
    input: ({ context }) => ({
      pageSize: PAGE_SIZE.homeFeed,
      retrySize: PAGE_SIZE.retry,
      params: feedParams(context.activeTag),
    }),
  },
  initial: 'browsing',
  states: {
    browsing: {
      on: {
        SELECT_TAG: {
          guard: 'isOtherTag',
          actions: [{ type: 'setActiveTag', params: ({ event }) => event.tag }, 'reloadPager'],
        },
        TAGS_CHANGED: [
          {
            guard: 'activeTagGone',
            actions: [
              { type: 'setTags', params: ({ event }) => event.tags },
              { type: 'setActiveTag', params: null },
              'reloadPager',
            ],
          },
          { actions: { type: 'setTags', params: ({ event }) => event.tags } },
        ],
        LOAD_MORE: { actions: 'forwardToPager' },
        RETRY: { actions: 'forwardToPager' },
      },
    },
  },
});

export type FeedSnapshot = SnapshotFrom<typeof feedMachine>;
export type PagerRef = ActorRefFrom<typeof pagerMachine>;

/** Selectors the views use. */
export const selectChips = (s: FeedSnapshot): FeedChip[] => [
  { label: ALL_CHIP_LABEL, tag: null, active: s.context.activeTag === null },
  ...s.context.tags.map((tag) => ({ label: tag, tag, active: s.context.activeTag === tag })),
];
export const selectActiveTag = (s: FeedSnapshot) => s.context.activeTag;
/** The video list's actor; read it with the pager's selectors. */
export const selectFeedPager = (s: FeedSnapshot) => s.children.pager as PagerRef;
