import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
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

function setup(path: string) {
  const fetchPage = deferred<PageRequest, Page>();
  const view = renderVideoPage(<SearchPage />, {
    path,
    actors: { fetchVideoPage: fetchPage.logic },
  });
  return { fetchPage, ...view };
}

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
});
