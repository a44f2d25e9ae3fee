/**
 * The Playlist page (spec §2 "Playlist detail"): one playlist with its videos,
 * loading → loaded | notFound | failed.
 *
 * Input:   { playlistId }
 * Events:  RETRY — the Retry button after a failed load (not after notFound: that answer is final).
 * Actor:   fetchPlaylist — input { playlistId }, output PlaylistDetail (contract/playlists.ts);
 *          it rejects with the client's ApiError, whose status tells a missing playlist (404).
 *
 * Choices where the spec is silent: an unknown id is its own state, `notFound`, because the page
 * says something different there (the playlist does not exist or was deleted) than after a
 * network or server failure (try again). Another playlist id gets a fresh page and actor.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { PlaylistDetail } from '../contract/playlists.js';
import { errorMessage, errorStatus } from './validation.js';

export interface PlaylistDetailInput {
  playlistId: string;
}

export interface PlaylistDetailContext {
  playlistId: string;
  playlist: PlaylistDetail | null;
  error: string | null;
}

export type PlaylistDetailEvent =
  /** The Retry button after a failed load. */
  { type: 'RETRY' };

const HTTP_NOT_FOUND = 404;

export const playlistDetailMachine = setup({
  types: {
    input: {} as PlaylistDetailInput,
    context: {} as PlaylistDetailContext,
    events: {} as PlaylistDetailEvent,
  },
  actors: {
    fetchPlaylist: fromPromise<PlaylistDetail, { playlistId: string }>(() => {
      throw new Error('fetchPlaylist actor not provided');
    }),
  },
  guards: {
    isNotFound: (_, error: unknown) => errorStatus(error) === HTTP_NOT_FOUND,
  },
  actions: {
    setPlaylist: assign({ playlist: (_, playlist: PlaylistDetail) => playlist, error: null }),
    setError: assign({ error: (_, message: string) => message }),
  },
}).createMachine({
  id: 'playlistDetail',
  context: ({ input }) => ({ playlistId: input.playlistId, playlist: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchPlaylist',
        src: 'fetchPlaylist',
        input: ({ context }) => ({ playlistId: context.playlistId }),
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
    loaded: {},
    notFound: {},
    failed: {
      on: { RETRY: 'loading' },
    },
  },
});

export type PlaylistDetailSnapshot = SnapshotFrom<typeof playlistDetailMachine>;

/** Selectors the view uses. */
export const selectIsLoading = (s: PlaylistDetailSnapshot) => s.matches('loading');
/** The playlist once loaded; null while loading or after a failure. */
export const selectPlaylist = (s: PlaylistDetailSnapshot) =>
  s.matches('loaded') ? s.context.playlist : null;
export const selectIsNotFound = (s: PlaylistDetailSnapshot) => s.matches('notFound');
export const selectHasFailed = (s: PlaylistDetailSnapshot) => s.matches('failed');
export const selectError = (s: PlaylistDetailSnapshot) => s.context.error;
