import { expect } from 'vitest';
import type { PlaylistDetail } from '../../contract/playlists.js';
import {
  playlistDetailMachine,
  selectHasFailed,
  selectHasMore,
  selectIsLoading,
  selectIsLoadingMore,
  selectMoreFailed,
  selectIsNotFound,
  selectPlaylist,
  type PlaylistDetailSnapshot,
} from '../../machines/playlist-detail.machine.js';
import type { Model } from '../support/model.js';
import { historyEntry } from './history-fixtures.js';
import { httpError } from './watch.model.js';

const playlistId = 'p_1';

export const aPlaylist: PlaylistDetail = {
  _id: playlistId,
  playlistName: 'Weeknight dinners',
  description: 'Quick ones',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  thumbnail: '/media/thumbnails/v1.webp',
  owner: { _id: 'u_olive', userName: 'olive', fullName: 'Olive Owner', avatar: '' },
  videos: [historyEntry(1).video, historyEntry(2).video],
  totalVideos: 2,
  page: 1,
  limit: 50,
};

/** A long playlist in pages of 2: the first page, then the last (short) one. */
const longFirst: PlaylistDetail = { ...aPlaylist, totalVideos: 3, limit: 2 };
const longLast: PlaylistDetail = {
  ...aPlaylist,
  videos: [historyEntry(3).video],
  totalVideos: 3,
  page: 2,
  limit: 2,
};

export const model: Model<typeof playlistDetailMachine> = {
  name: 'playlist detail',
  machine: playlistDetailMachine,
  meaning: {
    loading: "the playlist's first page is asked for; the page says 'Loading ...'",
    loaded: 'the panel and the grid show the playlist and every video loaded so far',
    'loaded.idle': "'Show more videos' shows only while the playlist holds more",
    'loaded.loadingMore': 'the next page of videos is asked for; what is shown stays',
    'loaded.moreFailed': 'the next page failed: what is shown stays, the button tries again',
    notFound: "the page says 'Playlist not found' (a 404), with a way home",
    failed: 'the page says the playlist could not be loaded and offers Retry',
  },
  input: { playlistId },
  promiseActors: ['fetchPlaylist'],
  events: (snapshot) => ({
    'xstate.done.actor.fetchPlaylist': snapshot.matches('loading')
      ? [
          { type: 'xstate.done.actor.fetchPlaylist', output: aPlaylist },
          { type: 'xstate.done.actor.fetchPlaylist', output: longFirst },
        ]
      : [{ type: 'xstate.done.actor.fetchPlaylist', output: longLast }],
    'xstate.error.actor.fetchPlaylist': snapshot.matches('loading')
      ? [
          { type: 'xstate.error.actor.fetchPlaylist', error: httpError('Playlist not found', 404) },
          { type: 'xstate.error.actor.fetchPlaylist', error: httpError('Network down', 0) },
        ]
      : [{ type: 'xstate.error.actor.fetchPlaylist', error: httpError('Network down', 0) }],
  }),
  assert: (snapshot, fakes, step) => {
    const s = snapshot as PlaylistDetailSnapshot;
    // Every load asks for this playlist: page 1 first, the next page for 'Show more videos'.
    for (const call of fakes.calls) expect(call.input).toMatchObject({ playlistId });
    const running = s.matches('loading') || selectIsLoadingMore(s);
    expect(Boolean(s.children.fetchPlaylist)).toBe(running);
    if (s.matches('loading'))
      expect(fakes.lastInput('fetchPlaylist')).toEqual({ playlistId, page: 1 });
    if (selectIsLoadingMore(s)) {
      expect(fakes.lastInput('fetchPlaylist')).toEqual({ playlistId, page: s.context.page + 1 });
    }
    expect(selectIsLoading(s)).toBe(s.matches('loading'));
    expect(selectIsNotFound(s)).toBe(s.matches('notFound'));
    expect(selectHasFailed(s)).toBe(s.matches('failed'));
    expect(selectMoreFailed(s)).toBe(s.matches({ loaded: 'moreFailed' }));
    const playlist = selectPlaylist(s);
    if (!s.matches('loaded')) expect(playlist).toBeNull();
    if (playlist) {
      // Each video once, in the playlist's order; more only while fewer than the total are shown.
      const ids = playlist.videos.map((v) => v._id);
      expect(ids).toEqual(['v1', 'v2', 'v3'].slice(0, ids.length));
      expect(selectHasMore(s)).toBe(ids.length < playlist.totalVideos);
    }
    if (
      step.event.type === 'xstate.error.actor.fetchPlaylist' &&
      step.previous?.matches('loaded')
    ) {
      // A failed further page keeps what is shown.
      expect(playlist?.videos).toEqual(
        selectPlaylist(step.previous as PlaylistDetailSnapshot)?.videos,
      );
    }
    if (s.matches('failed')) {
      // Only a first-load failure other than 404 lands here, with its message for the page.
      expect([404, 400]).not.toContain((step.event.error as { status: number }).status);
      expect(s.context.error).toBe('Network down');
    }
    if (s.matches('notFound')) {
      expect([404, 400]).toContain((step.event.error as { status: number }).status);
    }
  },
};
