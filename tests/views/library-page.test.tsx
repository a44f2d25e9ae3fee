/**
 * The Library page (/collections): the phone's way to History, the viewer's playlists and own
 * videos (issue 22). Each shelf shows one page of its list and links to the whole of it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Page, PageRequest } from '../../machines/pager.machine';
import { ApiError } from '../../src/api/client';
import { alice, fake } from './app-helpers';
import { channelFakes, renderChannel } from './channel-helpers';
import { makeVideo } from './videos-helpers';

function libraryFakes({ historyFails = false } = {}) {
  const { data, fakes } = channelFakes();
  const watched = [makeVideo(7, { title: 'Watched yesterday' })];
  let failures = historyFails ? 1 : 0;
  const fetchHistoryVideoPage = fake<PageRequest, Page>(() => {
    if (failures-- > 0) throw new ApiError('Server error', 500);
    return { items: watched, total: watched.length };
  });
  return { data, fakes: { ...fakes, fetchHistoryVideoPage } };
}

const shelf = (name: string) => within(screen.getByRole('region', { name }));

describe('Library page', () => {
  it('shows History, your playlists and your videos, each with View all', async () => {
    const { fakes } = libraryFakes();
    renderChannel('/collections', fakes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Library' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Library - VidTube'));

    expect(
      await shelf('History').findByRole('article', { name: 'Watched yesterday' }),
    ).toBeVisible();
    expect(shelf('History').getByRole('link', { name: 'View all' })).toHaveAttribute(
      'href',
      '/History',
    );
    expect(await shelf('Your playlists').findAllByTestId('playlist-card')).toHaveLength(2);
    expect(shelf('Your playlists').getByRole('link', { name: 'View all' })).toHaveAttribute(
      'href',
      '/Channel/alice/PlayList',
    );
    await waitFor(() => expect(shelf('Your videos').getAllByRole('article')).toHaveLength(2));
    expect(shelf('Your videos').getByRole('link', { name: 'View all' })).toHaveAttribute(
      'href',
      '/Dashboard/Content',
    );

    // The viewer's own lists, one page each.
    expect(fakes.fetchPlaylistPage.calls).toEqual([
      { page: 1, limit: 8, params: { userId: alice._id } },
    ]);
    expect(fakes.fetchVideoPage.calls).toEqual([
      { page: 1, limit: 8, params: { userId: alice._id } },
    ]);
    expect(fakes.fetchHistoryVideoPage.calls).toHaveLength(1);
  });

  it('says when a shelf is empty', async () => {
    const { data, fakes } = libraryFakes();
    data.playlists = [];
    renderChannel('/collections', fakes);
    await screen.findByRole('region', { name: 'Your playlists' });
    expect(
      await shelf('Your playlists').findByText(
        'You have no playlists yet. Create one from your dashboard.',
      ),
    ).toBeVisible();
  });

  it('lets a failed shelf be retried without touching the others', async () => {
    const { fakes } = libraryFakes({ historyFails: true });
    const { user } = renderChannel('/collections', fakes);
    const history = await screen.findByRole('region', { name: 'History' });
    const alert = await within(history).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load your watch history. Please try again.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await shelf('History').findByRole('article', { name: 'Watched yesterday' }),
    ).toBeVisible();
    expect(fakes.fetchPlaylistPage.calls).toHaveLength(1);
  });
});
