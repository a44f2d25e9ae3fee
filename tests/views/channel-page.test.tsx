import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/client';
import {
  aliceChannel,
  channelFakes,
  makePlaylist,
  makeSubscriber,
  renderChannel,
} from './channel-helpers';
import { FakeIntersectionObserver, installIntersectionObserver, videos } from './videos-helpers';
import { alice } from './app-helpers';

/** The thresholds list markers were observed with (the Videos tab asks for full visibility). */
let thresholds: unknown[] = [];
beforeEach(() => {
  installIntersectionObserver();
  thresholds = [];
  const Base = globalThis.IntersectionObserver;
  globalThis.IntersectionObserver =
    class extends (Base as unknown as typeof FakeIntersectionObserver) {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        super(callback);
        thresholds.push(options?.threshold);
      }
    } as never;
});

describe('channel header', () => {
  it('shows cover, names, count and Subscribe on another channel; a toggle reloads the channel', async () => {
    const { user, fakes } = renderChannel('/Channel/olive');
    expect(await screen.findByRole('heading', { name: 'Olive Owner' })).toBeInTheDocument();
    expect(screen.getByText('@olive')).toBeInTheDocument();
    expect(document.title).toBe('Olive Owner - VidTube');
    expect(screen.getByTestId('subscriber-count')).toHaveTextContent('3 subscribers');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('button', { name: 'Subscribed' })).toBeInTheDocument();
    expect(screen.getByTestId('subscriber-count')).toHaveTextContent('4 subscribers');
    await waitFor(() => expect(fakes.fetchChannel.calls).toHaveLength(2));
    expect(fakes.toggleSubscription.calls).toEqual([{ channelId: 'u_olive' }]);
  });

  it("shows 'View Channel' (to the dashboard) instead of Subscribe on one's own channel", async () => {
    renderChannel('/channel/alice', channelFakes(aliceChannel).fakes);
    expect(await screen.findByRole('link', { name: 'View Channel' })).toHaveAttribute(
      'href',
      '/Dashboard',
    );
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
  });

  it("says 'Unable to get this user' when the channel cannot be loaded", async () => {
    const { data, fakes } = channelFakes();
    data.channel = new ApiError('User not found', 404);
    renderChannel('/Channel/nobody', fakes);
    // Its own alert, not the toast's (also role=alert), which may already be there.
    expect(await screen.findByText('Unable to get this user')).toHaveAttribute('role', 'alert');
    // The store's toast too (spec §8), once.
    expect(await screen.findByText('Failed to get channel')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to get channel')).toHaveLength(1);
  });
});

describe('channel tabs', () => {
  it('opens Videos by default and every tab from its URL; clicking a tab changes the URL', async () => {
    const { user, path } = renderChannel('/Channel/olive');
    const tabs = await screen.findByRole('navigation', { name: 'Channel sections' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Videos', 'PlayList', 'Tweets', 'Subscribers']);
    expect(within(tabs).getByRole('link', { name: 'Videos' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByText('Video number 1')).toBeInTheDocument();
    await user.click(within(tabs).getByRole('link', { name: 'Subscribers' }));
    expect(path()).toBe('/Channel/olive/Subscribed');
    expect(await screen.findByText('User 2')).toBeInTheDocument();
  });

  it('Videos: 6 per page, more only when the marker is fully visible, with the footer text', async () => {
    const { data, fakes } = channelFakes();
    data.videos = videos(1, 8);
    renderChannel('/Channel/olive/Videos', fakes);
    expect(await screen.findByText('Video number 6')).toBeInTheDocument();
    expect(fakes.fetchVideoPage.calls[0]).toEqual({
      page: 1,
      limit: 6,
      params: { userId: 'u_olive' },
    });
    // The spec's exception for this tab: the marker counts only when fully visible.
    expect(thresholds).toContain(1);
    expect(
      await screen.findByText('Loading more videos...', {}, { timeout: 50 }).catch(() => null),
    ).toBeNull();
    FakeIntersectionObserver.showMarkers();
    expect(await screen.findByText('Video number 8')).toBeInTheDocument();
    expect(fakes.fetchVideoPage.calls[1]).toMatchObject({ page: 2, limit: 6 });
  });

  it('Videos: the empty state', async () => {
    const { data, fakes } = channelFakes();
    data.videos = [];
    renderChannel('/Channel/olive', fakes);
    expect(await screen.findByText('This channel has no videos yet.')).toBeInTheDocument();
  });

  it("PlayList: cards link to the playlist with 'n Videos' / 'No videos' and 'No description'", async () => {
    const { data, fakes } = channelFakes();
    data.playlists = [
      makePlaylist(3),
      makePlaylist(4, { videos: 0, thumbnail: null, description: '' }),
      makePlaylist(5, { videos: 1 }),
    ];
    renderChannel('/Channel/olive/PlayList', fakes);
    const cards = await screen.findAllByTestId('playlist-card');
    expect(cards[0]).toHaveAttribute('href', '/Playlist/p3');
    expect(cards[0]).toHaveTextContent('3 Videos');
    // One reads in the singular (issue 22), not '1 Videos'.
    expect(cards[2]).toHaveTextContent('1 Video');
    expect(cards[2]).not.toHaveTextContent('1 Videos');
    expect(cards[0]).toHaveTextContent('About playlist 3');
    expect(cards[0]).toHaveTextContent('3 days ago');
    expect(cards[1]).toHaveTextContent('No videos');
    expect(cards[1]).toHaveTextContent('No description');
    expect(cards[1]).toHaveTextContent('Playlist 4');
  });

  it('PlayList: the empty state', async () => {
    const { data, fakes } = channelFakes();
    data.playlists = [];
    renderChannel('/Channel/olive/playlist', fakes);
    expect(await screen.findByText('This channel has no playlists yet.')).toBeInTheDocument();
  });

  it("Subscribers: rows with count and toggle; one's own row says 'View Channel'", async () => {
    const { data, fakes } = channelFakes();
    data.subscribers = [
      makeSubscriber(5),
      makeSubscriber(1, { _id: alice._id, userName: 'alice', fullName: 'Alice Example' }),
    ];
    const { user } = renderChannel('/Channel/olive/Subscribed', fakes);
    const rows = await screen.findAllByTestId('subscriber-row');
    expect(rows[0]).toHaveTextContent('User 5');
    expect(rows[0]).toHaveTextContent('5 subscribers');
    expect(within(rows[1]!).getByRole('link', { name: 'View Channel' })).toHaveAttribute(
      'href',
      '/Channel/alice',
    );
    await user.click(within(rows[0]!).getByRole('button', { name: 'Subscribe' }));
    expect(await within(rows[0]!).findByRole('button', { name: 'Subscribed' })).toBeInTheDocument();
    expect(fakes.toggleSubscription.calls).toEqual([{ channelId: 'u5' }]);
  });

  it('Subscribers: the empty state', async () => {
    const { data, fakes } = channelFakes();
    data.subscribers = [];
    renderChannel('/Channel/olive/Subscribed', fakes);
    expect(await screen.findByText('This channel has no subscribers yet.')).toBeInTheDocument();
  });

  it('each list that fails to load says so and offers Retry', async () => {
    const { data, fakes } = channelFakes();
    data.failing = new Set(['fetchVideoPage', 'fetchPlaylistPage', 'fetchSubscriberPage']);
    const { user } = renderChannel('/Channel/olive/Subscribed', fakes);
    expect(
      await screen.findByText('Failed to load subscribers. Please try again.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'PlayList' }));
    expect(
      await screen.findByText('Failed to load playlists. Please try again.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Videos' }));
    expect(await screen.findByText('Failed to load videos. Please try again.')).toBeInTheDocument();
    // Retry loads again, and shows the list once the server answers.
    data.failing.clear();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Video number 1')).toBeInTheDocument();
  });
});
