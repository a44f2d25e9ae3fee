import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry, HistoryPage as HistoryPageData } from '../../contract/history';
import HistoryPage from '../../src/pages/history-page';
import { deferred, DAY, makeVideo, renderVideoPage } from './videos-helpers';
import { fromPromise } from 'xstate';
import { ApiError } from '../../src/api/client';

function entry(n: number): HistoryEntry {
  return {
    _id: `h${n}`,
    watchedAt: new Date(Date.now() - 2 * DAY).toISOString(),
    video: makeVideo(n, { views: 2500 }),
    // The first entry was watched to 26 of its 65 seconds; the others never reported.
    progressSeconds: n === 1 ? 26 : null,
  };
}

/** A fake server holding `total` history entries, 10 per page, newest first. */
function server(total: number) {
  let held = Array.from({ length: total }, (_, i) => entry(i + 1));
  const fetchCalls: Array<{ page: number; limit: number }> = [];
  const fetchHistory = fromPromise<HistoryPageData, { page: number; limit: number }>(
    async ({ input }) => {
      fetchCalls.push(input);
      const from = (input.page - 1) * input.limit;
      return {
        history: held.slice(from, from + input.limit),
        currentPage: input.page,
        totalPages: Math.max(1, Math.ceil(held.length / input.limit)),
        totalHistory: held.length,
      };
    },
  );
  const removed: string[] = [];
  const removeFromHistory = fromPromise<unknown, { videoId: string }>(async ({ input }) => {
    removed.push(input.videoId);
    held = held.filter((e) => e.video._id !== input.videoId);
    return {};
  });
  const clearHistory = vi.fn(async (): Promise<unknown> => {
    held = [];
    return { deletedCount: total };
  });
  return {
    fetchCalls,
    removed,
    forget: (videoId: string) => (held = held.filter((e) => e.video._id !== videoId)),
    clearHistory,
    actors: {
      fetchHistory,
      removeFromHistory,
      clearHistory: fromPromise<unknown, void>(clearHistory),
    },
  };
}

const titles = () =>
  screen.queryAllByRole('listitem').map((li) => within(li).getByRole('article').ariaLabel);

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));

describe('History page', () => {
  it('shows a spinner while the first page loads', async () => {
    const fetchHistory = deferred<{ page: number; limit: number }, HistoryPageData>();
    renderVideoPage(<HistoryPage />, { actors: { fetchHistory: fetchHistory.logic } });
    expect(await screen.findByRole('heading', { name: 'Your Watch History' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(fetchHistory.calls).toEqual([{ page: 1, limit: 10 }]);
  });

  it('says when the history could not be loaded, and Retry loads it again', async () => {
    const fetchHistory = deferred<{ page: number; limit: number }, HistoryPageData>();
    renderVideoPage(<HistoryPage />, { actors: { fetchHistory: fetchHistory.logic } });
    await screen.findByRole('status', { name: 'Loading' });
    await act(async () => fetchHistory.reject(new Error('Network down')));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to load your watch history. Please try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(fetchHistory.calls).toHaveLength(2);
  });

  it('an empty history offers Explore Videos and no Clear or pager', async () => {
    renderVideoPage(<HistoryPage />, { actors: server(0).actors });
    expect(await screen.findByText('No watch history found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore Videos' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Clear all history' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Page \d of/)).not.toBeInTheDocument();
  });

  it('one page of entries: each with its details, no pager', async () => {
    renderVideoPage(<HistoryPage />, { actors: server(3).actors });
    const item = await screen.findByRole('article', { name: 'Video number 1' });
    const row = within(item);
    expect(row.getByRole('link', { name: 'Video number 1' })).toHaveAttribute('href', '/watch/v1');
    expect(row.getByText('About video 1')).toBeInTheDocument();
    expect(item).toHaveTextContent('2.5K views • Watched 2 days ago');
    expect(row.getByRole('link', { name: '@olive' })).toHaveAttribute('href', '/Channel/olive');
    expect(row.getByRole('link', { name: 'Olive Owner channel' })).toBeInTheDocument();
    expect(titles()).toHaveLength(3);
    // What was watched shows as a bar on the thumbnail (40 %), only where a position exists.
    expect(row.getByTestId('watched-bar')).toHaveAttribute('data-watched', '40');
    expect(
      within(screen.getByRole('article', { name: 'Video number 2' })).queryByTestId('watched-bar'),
    ).toBeNull();
    expect(screen.getByRole('button', { name: 'Clear all history' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('pages through 24 entries with Previous, Next and Page X of Y', async () => {
    const fake = server(24);
    renderVideoPage(<HistoryPage />, { actors: fake.actors });
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(titles()).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(titles()).toEqual([
      'Video number 21',
      'Video number 22',
      'Video number 23',
      'Video number 24',
    ]);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(fake.fetchCalls.map((c) => c.page)).toEqual([1, 2, 3, 2]);
  });

  it('removes an entry from its menu: the menu closes, the page refills, a toast says so', async () => {
    const fake = server(12);
    renderVideoPage(<HistoryPage />, { actors: fake.actors });
    await screen.findByText('Page 1 of 2');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Video number 2' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Remove from history' }));
    expect(await screen.findByText('Video removed from watch history')).toBeInTheDocument();
    expect(fake.removed).toEqual(['v2']);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Video number 2' })).not.toBeInTheDocument();
    // Refilled from the next page: still 10, the 11th now last.
    expect(await screen.findByRole('article', { name: 'Video number 11' })).toBeInTheDocument();
    expect(titles()).toHaveLength(10);
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('Escape closes an open menu', async () => {
    renderVideoPage(<HistoryPage />, { actors: server(2).actors });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Video number 1' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('a failed removal keeps the entry and says so', async () => {
    const fake = server(2);
    const removeFromHistory = fromPromise<unknown, { videoId: string }>(async () => {
      throw new Error('Video not in watch history');
    });
    renderVideoPage(<HistoryPage />, { actors: { ...fake.actors, removeFromHistory } });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Video number 1' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Remove from history' }));
    expect(
      await screen.findByText('Failed to remove the video from watch history'),
    ).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Video number 1' })).toBeInTheDocument();
  });

  it('an entry whose video was deleted meanwhile leaves after the failed removal', async () => {
    const fake = server(3);
    const removeFromHistory = fromPromise<unknown, { videoId: string }>(async ({ input }) => {
      // The video was deleted, and its history rows with it: the server no longer knows it.
      fake.forget(input.videoId);
      throw new ApiError('Video not in watch history', 404);
    });
    renderVideoPage(<HistoryPage />, { actors: { ...fake.actors, removeFromHistory } });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Video number 1' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Remove from history' }));
    expect(
      await screen.findByText('Failed to remove the video from watch history'),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(titles()).toEqual(['Video number 2', 'Video number 3']));
  });

  it('asks before clearing; Cancel keeps everything, confirming empties the page', async () => {
    const fake = server(24);
    renderVideoPage(<HistoryPage />, { actors: fake.actors });
    fireEvent.click(await screen.findByRole('button', { name: 'Clear all history' }));
    let dialog = await screen.findByRole('dialog', { name: 'Clear watch history?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fake.clearHistory).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Clear all history' }));
    dialog = await screen.findByRole('dialog', { name: 'Clear watch history?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear history' }));
    expect(await screen.findByText('Watch history cleared')).toBeInTheDocument();
    expect(fake.clearHistory).toHaveBeenCalledTimes(1);
    expect(screen.getByText('No watch history found')).toBeInTheDocument();
    expect(screen.queryByText(/Page \d of/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear all history' })).not.toBeInTheDocument();
  });
});
