/**
 * The Playlist page (spec §2 "Playlist detail"): one playlist with its videos,
 * loading → loaded | notFound | failed.
 *
 * Input:   { playlistId }
 * Events:  RETRY — the Retry button after a failed load (not after notFound: that answer is final);
 *          LOAD_MORE — 'Show more videos' under the grid, when the playlist holds more.
 * Actor:   fetchPlaylist — input { playlistId, page }, output PlaylistDetail (contract/playlists.ts)
 *          with that page of its videos; it rejects with the client's ApiError, whose status tells
 *          a missing playlist (404, or 400 for an id no playlist can have).
 *
 * Choices where the spec is silent: an unknown id is its own state, `notFound`, because the page
 * says something different there (the playlist does not exist or was deleted) than after a
 * network or server failure (try again). Another playlist id gets a fresh page and actor. A long
 * playlist comes in pages of the API's size (50): 'Show more videos' appends the next one; a
 * failed page keeps what is shown and the button tries again.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { FIRST_PAGE } from '../contract/limits.js';
import type { PlaylistDetail } from '../contract/playlists.js';
import { errorMessage, errorStatus } from './validation.js';

/**
 * Where the Playlist page keeps this machine's snapshot: remembered for Back (issue 29), and
 * offered by a server-rendered page (issue 35, src/app/server-render.tsx). `playlistId` is the
 * URL's segment (`WL` names Watch later).
 */
export const playlistSlot = (playlistId: string) => `playlist:${playlistId}`;

export interface PlaylistDetailInput {
  playlistId: string;
}

export interface PlaylistDetailContext {
  playlistId: string;
  /** The playlist with every video loaded so far. */
  playlist: PlaylistDetail | null;
  /** The last page of videos loaded. */
  page: number;
  /** A page came back short: the server has no more videos. */
  exhausted: boolean;
  error: string | null;
}

export type PlaylistDetailEvent =
  /** The Retry button after a failed load. */
  | { type: 'RETRY' }
  /** 'Show more videos': load the next page of the playlist's videos. */
  | { type: 'LOAD_MORE' };

/** A 404, or the 400 of an id no playlist can have (issue 29): the page's input is the id. */
const NOT_FOUND_STATUSES: readonly number[] = [404, 400];

export const playlistDetailMachine = setup({
  types: {
    input: {} as PlaylistDetailInput,
    context: {} as PlaylistDetailContext,
    events: {} as PlaylistDetailEvent,
  },
  actors: {
    fetchPlaylist: fromPromise<PlaylistDetail, { playlistId: string; page: number }>(() => {
      throw new Error('fetchPlaylist actor not provided');
    }),
  },
  guards: {
    isNotFound: (_, error: unknown) => NOT_FOUND_STATUSES.includes(errorStatus(error)),
    hasMore: ({ context }) => hasMore(context),
  },
  actions: {
    setPlaylist: assign((_, playlist: PlaylistDetail) => ({
      playlist,
      page: playlist.page,
      exhausted: playlist.videos.length < playlist.limit,
      error: null,
    })),
    appendVideos: assign(({ context }, next: PlaylistDetail) => appendVideos(context, next)),
    setError: assign({ error: (_, message: string) => message }),
  },
}).createMachine({
  id: 'playlistDetail',
  context: ({ input }) => ({
    playlistId: input.playlistId,
    playlist: null,
    page: FIRST_PAGE,
    exhausted: false,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchPlaylist',
        src: 'fetchPlaylist',
        input: ({ context }) => ({ playlistId: context.playlistId, page: FIRST_PAGE }),
        onDone: {
          target: 'loaded',
          actions: { type: 'setPlaylist', params: ({ event }) => event.output },
        },
        onError: [
          {
            guard: {
              type: 'isNotFound',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'notFound',
          },
          {
            target: 'failed',
            actions: {
              type: 'setError',
              params: ({ event }) => errorMessage(event.error, 'Failed to load the playlist'),
            },
          },
        ],
      },
    },
    loaded: {
      initial: 'idle',
      states: {
        idle: { on: { LOAD_MORE: { guard: 'hasMore', target: 'loadingMore' } } },
        loadingMore: {
          invoke: {
            id: 'fetchPlaylist',
            src: 'fetchPlaylist',
            input: ({ context }) => ({ playlistId: context.playlistId, page: context.page + 1 }),
            onDone: {
              target: 'idle',
              actions: { type: 'appendVideos', params: ({ event }) => event.output },
            },
            onError: 'moreFailed',
          },
        },
        /** What is shown stays; the button tries the same page again. */
        moreFailed: { on: { LOAD_MORE: { guard: 'hasMore', target: 'loadingMore' } } },
      },
    },
    notFound: {},
    failed: {
      on: { RETRY: 'loading' },
    },
  },
});

function hasMore(c: PlaylistDetailContext): boolean {
  return !!c.playlist && !c.exhausted && c.playlist.videos.length < c.playlist.totalVideos;
}

/** The next page's videos after those held (each once), and the server's fresh count. */
function appendVideos(c: PlaylistDetailContext, next: PlaylistDetail) {
  const held = c.playlist?.videos ?? [];
  const ids = new Set(held.map((v) => v._id));
  const videos = [...held, ...next.videos.filter((v) => !ids.has(v._id))];
  return {
    playlist: { ...(c.playlist ?? next), videos, totalVideos: next.totalVideos },
    page: next.page,
    exhausted: next.videos.length < next.limit,
  };
}

export type PlaylistDetailSnapshot = SnapshotFrom<typeof playlistDetailMachine>;

/** Selectors the view uses. */
export const selectIsLoading = (s: PlaylistDetailSnapshot) => s.matches('loading');
/** The playlist once loaded; null while loading or after a failure. */
export const selectPlaylist = (s: PlaylistDetailSnapshot) =>
  s.matches('loaded') ? s.context.playlist : null;
export const selectIsNotFound = (s: PlaylistDetailSnapshot) => s.matches('notFound');
export const selectHasFailed = (s: PlaylistDetailSnapshot) => s.matches('failed');
export const selectError = (s: PlaylistDetailSnapshot) => s.context.error;
/** More videos exist than are shown ('Show more videos'). */
export const selectHasMore = (s: PlaylistDetailSnapshot) => hasMore(s.context);
export const selectIsLoadingMore = (s: PlaylistDetailSnapshot) =>
  s.matches({ loaded: 'loadingMore' });
export const selectMoreFailed = (s: PlaylistDetailSnapshot) => s.matches({ loaded: 'moreFailed' });
