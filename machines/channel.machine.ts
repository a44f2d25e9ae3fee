/**
 * The channel page's channel (spec §2 Channel page, §4 Channel): loading → loaded | failed, and
 * which of the four tabs is active.
 *
 * Input:   { userName, tab } — `tab` is the URL's tab segment (any case; unknown or absent: Videos).
 * Events:  SELECT_TAB { tab } · RELOAD
 * Actor:   fetchChannel — input { userName }, output Channel (GET /users/channel/{userName}); it
 *          rejects on failure and the chart turns that into `failed`.
 * Emitted: loadFailed — the first load failed; the view toasts 'Failed to get channel' (the
 *          store's toast, spec §8) besides the page's 'Unable to get this user'.
 *
 * Choices where the spec is silent:
 * - The tab lives in the URL (child routes), so the view sends SELECT_TAB whenever the URL's tab
 *   changes; the chart keeps one value instead of the spec's four flags, so exactly one tab is
 *   active by construction. The tab is kept while loading and after a failure, so the tabs stay
 *   right when the channel arrives.
 * - RELOAD (after a subscribe toggle: "toggles, then the channel is reloaded") keeps the loaded
 *   channel on screen while it refreshes; if the refresh fails the old channel stays.
 * - A failed first load has no retry on the page: 'Unable to get this user' is final for this
 *   visit; opening the channel again loads it again.
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Channel } from '../contract/users.js';
import { CHANNEL_TABS, type ChannelTab } from './constants.js';
import { MESSAGES } from './messages.js';
import { errorMessage } from './validation.js';

/**
 * Where the channel page keeps this machine's snapshot (src/pages/channel-page.tsx) and its Videos
 * tab its pager's (channel-videos-tab.tsx): remembered for Back (issue 29), and offered by a
 * server-rendered page (issue 35, src/app/server-render.tsx). `userName` is the URL's segment.
 */
export const channelSlot = (userName: string) => `channel:${userName}`;
export const channelVideosSlot = (userId: string) => `channel-videos:${userId}`;

export interface ChannelInput {
  userName: string;
  tab?: string | null;
}

export interface ChannelContext {
  userName: string;
  tab: ChannelTab;
  channel: Channel | null;
  error: string | null;
}

export type ChannelEvent =
  /** The URL's tab segment changed (a tab was clicked, or back/forward). */
  | { type: 'SELECT_TAB'; tab: string | null | undefined }
  /** The subscription changed: fetch the channel again (its count and isSubscribed). */
  | { type: 'RELOAD' };

export type ChannelEmitted = { type: 'loadFailed' };

export const channelMachine = setup({
  types: {
    input: {} as ChannelInput,
    context: {} as ChannelContext,
    events: {} as ChannelEvent,
    emitted: {} as ChannelEmitted,
  },
  actors: {
    fetchChannel: fromPromise<Channel, { userName: string }>(() => {
      throw new Error('fetchChannel actor not provided');
    }),
  },
  actions: {
    setTab: assign({ tab: (_, tab: string | null | undefined) => tabFromPath(tab) }),
    setChannel: assign({ channel: (_, channel: Channel) => channel, error: null }),
    setError: assign({ error: (_, message: string) => message }),
    announceFailure: emit({ type: 'loadFailed' as const }),
  },
}).createMachine({
  id: 'channel',
  context: ({ input }) => ({
    userName: input.userName,
    tab: tabFromPath(input.tab),
    channel: null,
    error: null,
  }),
  on: {
    SELECT_TAB: { actions: { type: 'setTab', params: ({ event }) => event.tab } },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchChannel',
        src: 'fetchChannel',
        input: ({ context }) => ({ userName: context.userName }),
        onDone: {
          target: 'loaded',
          actions: { type: 'setChannel', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: [
            {
              type: 'setError',
              params: ({ event }) => errorMessage(event.error, MESSAGES.failedToGetChannel),
            },
            'announceFailure',
          ],
        },
      },
    },
    loaded: {
      initial: 'idle',
      states: {
        idle: { on: { RELOAD: 'reloading' } },
        reloading: {
          invoke: {
            id: 'refetchChannel',
            src: 'fetchChannel',
            input: ({ context }) => ({ userName: context.userName }),
            onDone: {
              target: 'idle',
              actions: { type: 'setChannel', params: ({ event }) => event.output },
            },
            // The channel on screen is still right apart from a count: keep it.
            onError: { target: 'idle' },
          },
        },
      },
    },
    failed: {},
  },
});

/** The tab a URL segment names (case-insensitive, as the routes are); anything else: Videos. */
export function tabFromPath(segment: string | null | undefined): ChannelTab {
  const wanted = (segment ?? '').toLowerCase();
  return CHANNEL_TABS.find((t) => t.toLowerCase() === wanted) ?? CHANNEL_TABS[0];
}

export type ChannelSnapshot = SnapshotFrom<typeof channelMachine>;

/** Selectors the view uses. */
export const selectIsLoading = (s: ChannelSnapshot) => s.matches('loading');
export const selectHasFailed = (s: ChannelSnapshot) => s.matches('failed');
/** The channel once loaded (also while it refreshes); null while loading or after a failure. */
export const selectChannel = (s: ChannelSnapshot) =>
  s.matches('loaded') ? s.context.channel : null;
export const selectActiveTab = (s: ChannelSnapshot) => s.context.tab;
/** Whether the viewer owns the loaded channel (View Channel instead of Subscribe). */
export const selectIsOwnChannel = (s: ChannelSnapshot, viewerId: string | null | undefined) =>
  !!viewerId && selectChannel(s)?._id === viewerId;
