import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route } from 'wouter';
import { describe, expect, it } from 'vitest';
import type { PlaylistDetail } from '../../contract/playlists';
import { ApiError } from '../../src/api/client';
import PlaylistPage from '../../src/pages/playlist-page';
import { deferred, makeVideo, renderVideoPage } from './videos-helpers';

function playlist(overrides: Partial<PlaylistDetail> = {}): PlaylistDetail {
  const videos = [
    makeVideo(1, { title: 'Knife skills', duration: 125 }),
    makeVideo(2, {
      title: 'Stock from scraps',
      owner: { _id: 'u-bo', userName: 'bo', fullName: 'Bo Baker', avatar: '' },
    }),
  ];
  return {
    _id: 'p1',
    playlistName: 'Weeknight dinners',
    description: 'Quick meals for busy evenings',
    createdAt: '2026-01-05T12:00:00.000Z',
    updatedAt: '2026-01-06T12:00:00.000Z',
    thumbnail: videos[0]!.thumbnail,
    owner: { _id: 'u-mira', userName: 'mira', fullName: 'Mira Kitchen', avatar: '' },
    videos,
    totalVideos: videos.length,
    page: 1,
    limit: 50,
    ...overrides,
  };
}

function open(id = 'p1') {
  const fetchPlaylist = deferred<{ playlistId: string; page: number }, PlaylistDetail>();
  renderVideoPage(
    <Route path="/Playlist/:playListId">
      <PlaylistPage />
    </Route>,
    { path: `/Playlist/${id}`, actors: { fetchPlaylist: fetchPlaylist.logic } },
  );
  return fetchPlaylist;
}

describe('Playlist page', () => {
  it("shows 'Loading ...' while the playlist loads", async () => {
    const fetchPlaylist = open();
    expect(await screen.findByText('Loading ...')).toBeInTheDocument();
    expect(fetchPlaylist.calls).toEqual([{ playlistId: 'p1', page: 1 }]);
  });

  it('shows the panel and a grid of videos linking to watch pages and channels', async () => {
    const fetchPlaylist = open();
    await screen.findByText('Loading ...');
    await act(async () => fetchPlaylist.resolve(playlist()));
    const panel = within(screen.getByRole('complementary', { name: 'Playlist details' }));
    expect(panel.getByRole('heading', { name: 'Weeknight dinners', level: 1 })).toBeInTheDocument();
    expect(panel.getByText('Quick meals for busy evenings')).toBeInTheDocument();
    expect(panel.getByText('2 Videos')).toBeInTheDocument();
    expect(panel.getByText('Created Jan 5, 2026')).toBeInTheDocument();
    const cover = screen.getByTestId('playlist-cover').querySelector('img');
    expect(cover).toHaveAttribute('src', '/media/thumbnails/v1.webp');

    const grid = within(screen.getByLabelText('Playlist videos'));
    const first = within(grid.getByRole('article', { name: 'Knife skills' }));
    expect(first.getByRole('link', { name: 'Knife skills' })).toHaveAttribute('href', '/watch/v1');
    expect(first.getByText('2:05')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Olive Owner channel' })).toHaveAttribute(
      'href',
      '/Channel/olive',
    );
    const second = within(grid.getByRole('article', { name: 'Stock from scraps' }));
    expect(second.getByRole('link', { name: 'Bo Baker' })).toHaveAttribute('href', '/Channel/bo');
    expect(document.title).toContain('Weeknight dinners');
  });

  it('an empty playlist shows a placeholder cover and says it has no videos', async () => {
    const fetchPlaylist = open();
    await screen.findByText('Loading ...');
    await act(async () =>
      fetchPlaylist.resolve(playlist({ videos: [], totalVideos: 0, thumbnail: null })),
    );
    expect(screen.getByText('This playlist has no videos yet.')).toBeInTheDocument();
    expect(screen.getByText('No videos')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'No cover image' })).toBeInTheDocument();
  });

  it('an unknown id says the playlist was not found', async () => {
    const fetchPlaylist = open('nope');
    await screen.findByText('Loading ...');
    await act(async () => fetchPlaylist.reject(new ApiError('Playlist not found', 404)));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Playlist not found');
    expect(alert).toHaveTextContent('This playlist does not exist or has been deleted.');
    expect(within(alert).getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('another failure offers Retry, which loads again', async () => {
    const fetchPlaylist = open();
    await screen.findByText('Loading ...');
    await act(async () => fetchPlaylist.reject(new ApiError('Network error', 0)));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to load this playlist. Please try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await act(async () => fetchPlaylist.resolve(playlist()));
    expect(await screen.findByRole('heading', { name: 'Weeknight dinners' })).toBeInTheDocument();
  });

  it('a long playlist shows Show more videos, which appends the next page', async () => {
    const fetchPlaylist = open();
    await screen.findByText('Loading ...');
    const first = playlist();
    await act(async () => fetchPlaylist.resolve({ ...first, totalVideos: 3, limit: 2 }));
    expect(screen.getByText('3 Videos')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show more videos' }));
    expect(fetchPlaylist.calls.at(-1)).toEqual({ playlistId: 'p1', page: 2 });
    await act(async () => fetchPlaylist.reject(new ApiError('Network error', 0)));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to load more videos. Please try again.',
    );
    expect(screen.getAllByRole('article')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Show more videos' }));
    const third = makeVideo(3, { title: 'Pasta in one pot' });
    await act(async () =>
      fetchPlaylist.resolve({ ...first, videos: [third], totalVideos: 3, page: 2, limit: 2 }),
    );
    expect(screen.getByRole('article', { name: 'Pasta in one pot' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more videos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
