import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChannelResult } from '../../contract/search';
import type { User } from '../../contract/shapes';
import type { Page, PageRequest } from '../../machines/pager.machine';
import SearchPage from '../../src/pages/search-page';
import {
  deferred,
  FakeIntersectionObserver,
  installIntersectionObserver,
  makeVideo,
  renderVideoPage,
  videos,
} from './videos-helpers';

beforeEach(() => installIntersectionObserver());

function setup(path: string, options: { user?: User | null } = {}) {
  const fetchPage = deferred<PageRequest, Page>();
  const fetchChannels = deferred<{ query: string }, ChannelResult[]>();
  const view = renderVideoPage(<SearchPage />, {
    path,
    ...options,
    actors: { fetchVideoPage: fetchPage.logic, fetchChannels: fetchChannels.logic },
  });
  return { fetchPage, fetchChannels, ...view };
}

const bakersChannel: ChannelResult = {
  _id: 'u_bakers_channel',
  userName: 'bakers',
  fullName: 'The Bakers',
  avatar: '/media/avatars/bakers.webp',
  subscriberCount: 1200,
  videoCount: 14,
  isSubscribed: false,
};

describe('Search', () => {
  it('sends nothing for blank text', async () => {
    const { fetchPage } = setup('/search?query=%20%20');
    expect(
      await screen.findByText('Type something in the search box to find videos.'),
    ).toBeInTheDocument();
    expect(fetchPage.calls).toHaveLength(0);
    expect(document.title).toBe('Search - VidTube');
  });

  it('asks for 9 results of the trimmed text, with a skeleton meanwhile', async () => {
    const { fetchPage } = setup('/search?query=%20cats%20');
    expect(await screen.findByRole('status', { name: 'Loading videos' })).toBeInTheDocument();
    expect(fetchPage.calls).toEqual([{ page: 1, limit: 9, params: { query: 'cats' } }]);
    expect(screen.getByRole('heading', { name: 'Results for “cats”' })).toBeInTheDocument();
    expect(document.title).toBe('"cats" - Search - VidTube');
  });

  it('lists results as horizontal cards and loads more at the bottom', async () => {
    const { fetchPage } = setup('/search?query=cats');
    await act(async () =>
      fetchPage.resolve({
        items: [makeVideo(1, { title: 'Cats at play' }), ...videos(2, 8)],
        total: 10,
      }),
    );
    expect(screen.getAllByRole('article')).toHaveLength(9);
    const first = within(screen.getByRole('article', { name: 'Cats at play' }));
    expect(first.getByRole('link', { name: 'Cats at play' })).toHaveAttribute('href', '/watch/v1');
    expect(first.getByText('About video 1')).toBeInTheDocument();
    expect(first.getByText('1:05')).toBeInTheDocument();

    act(() => FakeIntersectionObserver.showMarkers());
    expect(fetchPage.calls.at(-1)).toEqual({ page: 2, limit: 9, params: { query: 'cats' } });
    await act(async () => fetchPage.resolve({ items: [makeVideo(10)], total: 10 }));
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(screen.queryByTestId('load-more')).not.toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    const { fetchPage } = setup('/search?query=zebra');
    await act(async () => fetchPage.resolve({ items: [], total: 0 }));
    expect(screen.getByText('No videos found for “zebra”')).toBeInTheDocument();
  });

  it('shows the failure with Retry, which searches again', async () => {
    const { fetchPage } = setup('/search?query=cats');
    await act(async () => fetchPage.reject(new Error('down')));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to load videos. Please try again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(fetchPage.calls).toHaveLength(2);
    expect(fetchPage.calls.at(-1)).toMatchObject({ page: 1, params: { query: 'cats' } });
  });

  it('starts over when the query in the URL changes', async () => {
    const { fetchPage, location } = setup('/search?query=cats');
    await act(async () => fetchPage.resolve({ items: videos(1, 3), total: 3 }));
    act(() => location.navigate('/search?query=dogs'));
    expect(screen.getByRole('heading', { name: 'Results for “dogs”' })).toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(fetchPage.calls.at(-1)).toEqual({ page: 1, limit: 9, params: { query: 'dogs' } });
  });

  it('narrows and sorts through links in the URL, shows them as chips and removes them', async () => {
    const { fetchPage, location } = setup('/search?query=bread');
    await act(async () => fetchPage.resolve({ items: videos(1, 3), total: 3 }));
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = within(screen.getByRole('region', { name: 'Search filters' }));
    expect(panel.getByRole('link', { name: 'Relevance' })).toHaveAttribute('aria-current', 'true');
    await userEvent.click(panel.getByRole('link', { name: 'This week' }));
    expect(location.history.at(-1)).toBe('/search?query=bread&uploaded=week');
    expect(fetchPage.calls.at(-1)).toEqual({
      page: 1,
      limit: 9,
      params: { query: 'bread', uploaded: 'week' },
    });
    await act(async () => fetchPage.resolve({ items: videos(1, 2), total: 2 }));
    expect(screen.queryByRole('region', { name: 'Search filters' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.click(screen.getByRole('link', { name: 'View count' }));
    expect(location.history.at(-1)).toBe('/search?query=bread&uploaded=week&sort=views');
    expect(fetchPage.calls.at(-1)?.params).toEqual({
      query: 'bread',
      uploaded: 'week',
      sortBy: 'views',
    });
    // Chips for both; removing one keeps the other.
    await act(async () => fetchPage.resolve({ items: videos(1, 2), total: 2 }));
    expect(screen.getByRole('link', { name: 'Remove filter: This week' })).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('link', { name: 'Remove filter: Sorted by View count' }),
    );
    expect(location.history.at(-1)).toBe('/search?query=bread&uploaded=week');
    expect(
      screen.queryByRole('link', { name: 'Remove filter: Sorted by View count' }),
    ).not.toBeInTheDocument();
  });

  it('says "Showing results for" a correction, with a link to search exactly what was typed', async () => {
    const { fetchPage, location } = setup('/search?query=bred');
    await act(async () =>
      fetchPage.resolve({
        items: videos(1, 2),
        total: 2,
        meta: { spelling: { corrected: 'bread', applied: true } },
      }),
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Showing results for breadSearch instead for bred',
    );
    await userEvent.click(screen.getByRole('link', { name: 'bred' }));
    expect(location.history.at(-1)).toBe('/search?query=bred&exact=1');
    expect(fetchPage.calls.at(-1)?.params).toEqual({ query: 'bred', exact: true });
  });

  it('asks "Did you mean" when the typed words found a little', async () => {
    const { fetchPage } = setup('/search?query=bred%20loaf&duration=short');
    await act(async () =>
      fetchPage.resolve({
        items: videos(1, 1),
        total: 1,
        meta: { spelling: { corrected: 'bread loaf', applied: false } },
      }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Did you mean bread loaf?');
    expect(screen.getByRole('link', { name: 'bread loaf' })).toHaveAttribute(
      'href',
      '/search?query=bread+loaf&duration=short',
    );
  });

  it('shows the channel a query names above the videos, with Subscribe', async () => {
    const { fetchPage, fetchChannels } = setup('/search?query=bakers');
    expect(fetchChannels.calls).toEqual([{ query: 'bakers' }]);
    await act(async () => fetchChannels.resolve([bakersChannel]));
    await act(async () => fetchPage.resolve({ items: videos(1, 2), total: 2 }));
    const card = within(screen.getByRole('region', { name: 'Channel The Bakers' }));
    expect(
      card.getByRole('link', { name: 'The Bakers @bakers · 1.2K subscribers · 14 videos' }),
    ).toHaveAttribute('href', '/Channel/bakers');
    expect(card.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });

  it("asks a visitor to sign in when they press the channel's Subscribe", async () => {
    const { fetchChannels } = setup('/search?query=bakers', { user: null });
    await act(async () => fetchChannels.resolve([bakersChannel]));
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('looks up no channel while a filter narrows the videos', async () => {
    const { fetchChannels } = setup('/search?query=bakers&uploaded=today');
    expect(screen.getByRole('link', { name: 'Remove filter: Today' })).toBeInTheDocument();
    expect(fetchChannels.calls).toEqual([]);
  });
});
