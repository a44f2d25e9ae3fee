import { expect } from 'vitest';
import type { PlaylistDetail } from '../../contract/playlists.js';
import {
  playlistDetailMachine,
  selectHasFailed,
  selectIsLoading,
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

export const model: Model<typeof playlistDetailMachine> = {
  name: 'playlist detail',
  machine: playlistDetailMachine,
  input: { playlistId },
  promiseActors: ['fetchPlaylist'],
  events: {
    'xstate.done.actor.fetchPlaylist': [
      { type: 'xstate.done.actor.fetchPlaylist', output: aPlaylist },
    ],
    'xstate.error.actor.fetchPlaylist': [
      { type: 'xstate.error.actor.fetchPlaylist', error: httpError('Playlist not found', 404) },
      { type: 'xstate.error.actor.fetchPlaylist', error: httpError('Network down', 0) },
    ],
  },
  assert: (snapshot, fakes, step) => {
    const s = snapshot as PlaylistDetailSnapshot;
    // Every load asks for this playlist; a load runs only in `loading`.
    for (const call of fakes.calls) expect(call.input).toEqual({ playlistId });
    expect(selectIsLoading(s)).toBe(s.matches('loading'));
    expect(Boolean(s.children.fetchPlaylist)).toBe(s.matches('loading'));
    expect(selectIsNotFound(s)).toBe(s.matches('notFound'));
    expect(selectHasFailed(s)).toBe(s.matches('failed'));
    expect(selectPlaylist(s)).toEqual(s.matches('loaded') ? aPlaylist : null);
    if (s.matches('failed')) {
      // Only a failure other than 404 lands here, with its message for the page.
      expect((step.event.error as { status: number }).status).not.toBe(404);
      expect(s.context.error).toBe('Network down');
    }
    if (s.matches('notFound')) expect((step.event.error as { status: number }).status).toBe(404);
  },
};
