/**
 * The dashboard content page's view tests: the whole app at a /Dashboard/Content URL, signed in
 * as `alice`, with the channel fakes for her tweets and playlists, fakes for the playlist dialogs'
 * calls, and stats, chart and videos calls that never answer (other files test those).
 */
import type { DashboardStats, DashboardViews } from '../../contract/dashboard';
import type { Playlist } from '../../contract/playlists';
import type { BatchInput, BatchItem, SaveEntryInput } from '../../machines/add-to-playlist.machine';
import type { ConfirmRequest } from '../../machines/confirm-action.machine';
import type { Page, PageRequest } from '../../machines/pager.machine';
import type { PlaylistValues } from '../../machines/playlist-form.machine';
import { ApiError } from '../../src/api/client';
import { fake, never } from './app-helpers';
import { aliceChannel, channelFakes, makePlaylist, renderChannel } from './channel-helpers';

export function dashboardFakes() {
  const { data, fakes } = channelFakes(aliceChannel);
  const choices: BatchItem[] = [
    { _id: 'v1', label: 'First video', locked: true },
    { _id: 'v2', label: 'Second video' },
    { _id: 'v3', label: 'Third video' },
  ];
  const extra = {
    /** What the create and update fakes answer with, or the error they throw. */
    refusal: null as ApiError | null,
    choices,
    /** Entries whose save fails ("op:videoId"). */
    failingEntries: new Set<string>(),
  };
  const refuseIfSet = () => {
    if (extra.refusal) throw extra.refusal;
  };
  const dashboard = {
    fetchStats: fake<void, DashboardStats>(() => never()),
    fetchViews: fake<{ days: 7 | 28 | 90; timeZone: string }, DashboardViews>(() => never()),
    fetchOwnVideoPage: fake<PageRequest, Page>(() => ({ items: [], total: 0 })),
    createPlaylist: fake<PlaylistValues, Playlist>((values) => {
      refuseIfSet();
      const created = makePlaylist(0, {
        _id: 'p-new',
        playlistName: values.title,
        description: values.description,
        videos: 0,
        thumbnail: null,
      });
      data.playlists = [created, ...data.playlists];
      return created;
    }),
    updatePlaylist: fake<PlaylistValues & { playlistId: string }, Playlist>((input) => {
      refuseIfSet();
      const old = data.playlists.find((p) => p._id === input.playlistId)!;
      return { ...old, playlistName: input.title, description: input.description };
    }),
    performPlaylistAction: fake<ConfirmRequest, unknown>(({ id }) => {
      data.playlists = data.playlists.filter((p) => p._id !== id);
    }),
    fetchPlaylistVideoChoices: fake<BatchInput, BatchItem[]>(() => extra.choices),
    savePlaylistEntry: fake<SaveEntryInput, void>((entry) => {
      if (extra.failingEntries.has(`${entry.op}:${entry.videoId}`)) {
        throw new ApiError('Video not found', 404);
      }
    }),
  };
  return { data, extra, fakes: { ...fakes, ...dashboard } };
}

export type DashboardFakes = ReturnType<typeof dashboardFakes>['fakes'];

export function renderDashboard(path: string, fakes: DashboardFakes = dashboardFakes().fakes) {
  return renderChannel(path, fakes);
}

/**
 * The dashboard page is a lazy chunk that vitest transforms on first use, which on a busy machine
 * can outlast a findBy*: load it once before a file's tests (`beforeAll(loadDashboardChunk, 60_000)`).
 */
export const loadDashboardChunk = () => import('../../src/pages/dashboard-content-page');
