import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Page, PageRequest } from '../../machines/pager.machine';
import HomePage from '../../src/pages/home-page';
import {
  deferred,
  FakeIntersectionObserver,
  installIntersectionObserver,
  makeUser,
  makeVideo,
  renderVideoPage,
  videos,
} from './videos-helpers';

beforeEach(() => installIntersectionObserver());
afterEach(() => vi.useRealTimers());

function setup(
  user = makeUser({ tags: [{ name: 'music' }, { name: 'travel' }] }),
  path = '/',
  popular: string[] = ['gaming', 'cooking'],
) {
  const fetchPage = deferred<PageRequest, Page>();
  const popularCalls: unknown[] = [];
  const fetchPopularTags = fromPromise<string[]>(async () => {
    popularCalls.push(true);
    return popular;
  });
  const view = renderVideoPage(<HomePage />, {
    user,
    path,
    actors: { fetchVideoPage: fetchPage.logic, fetchPopularTags },
  });
  return { fetchPage, popularCalls, ...view };
}

const cards = () => screen.queryAllByRole('article');

describe('Home feed', () => {
  it('shows a skeleton while the first page of 12 loads', async () => {
    const { fetchPage } = setup();
    expect(await screen.findByRole('status', { name: 'Loading videos' })).toBeInTheDocument();
    expect(screen.getAllByTestId('video-skeleton').length).toBeGreaterThan(0);
    expect(fetchPage.calls).toEqual([{ page: 1, limit: 12, params: {} }]);
    expect(cards()).toHaveLength(0);
  });

  it('shows each video as a card with its details and links', async () => {
    const { fetchPage } = setup();
    await act(async () =>
      fetchPage.resolve({
        items: [makeVideo(1, { views: 1549, duration: 65 }), makeVideo(2, { views: 2_460_000 })],
        total: 2,
      }),
    );
    expect(cards()).toHaveLength(2);
    const card = within(screen.getByRole('article', { name: 'Video number 1' }));
    expect(card.getByRole('link', { name: 'Video number 1' })).toHaveAttribute('href', '/watch/v1');
    expect(screen.getByRole('article', { name: 'Video number 1' })).toHaveTextContent(
      '1.5K views • 3 days ago',
    );
    expect(card.getByText('1:05')).toBeInTheDocument();
    expect(card.getByText('About video 1')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Olive Owner' })).toHaveAttribute(
      'href',
      '/Channel/olive',
    );
    expect(screen.getByText(/^2\.5M views/)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading videos' })).not.toBeInTheDocument();
  });

  it('says so when there are no videos at all', async () => {
    const { fetchPage } = setup();
    await act(async () => fetchPage.resolve({ items: [], total: 0 }));
    expect(screen.getByText('No videos here yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('load-more')).not.toBeInTheDocument();
  });

  it('shows the failure text with Retry, which reloads page 1 with 9 videos', async () => {
    const { fetchPage } = setup();
    await act(async () => fetchPage.reject(new Error('boom')));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to load videos. Please try again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(fetchPage.calls.at(-1)).toEqual({ page: 1, limit: 9, params: {} });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => fetchPage.resolve({ items: videos(1, 9), total: 9 }));
    expect(cards()).toHaveLength(9);
  });

  it("shows 'All', the user's tags, then popular ones; a chip filters and restarts at page 1", async () => {
    const { fetchPage } = setup();
    const chips = within(screen.getByRole('toolbar', { name: 'Filter by tag' }));
    // The chips follow the session's user, which arrives after the first render; the catalogue's
    // popular tags follow the user's own (issue 31).
    await chips.findByRole('button', { name: 'cooking' });
    expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'All',
      'music',
      'travel',
      'gaming',
      'cooking',
    ]);
    expect(chips.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await act(async () => fetchPage.resolve({ items: videos(1, 12), total: 30 }));
    expect(cards()).toHaveLength(12);

    await userEvent.click(chips.getByRole('button', { name: 'travel' }));
    expect(chips.getByRole('button', { name: 'travel' })).toHaveAttribute('aria-pressed', 'true');
    expect(chips.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    expect(cards()).toHaveLength(0);
    expect(fetchPage.calls.at(-1)).toEqual({ page: 1, limit: 12, params: { tag: 'travel' } });
    await act(async () =>
      fetchPage.resolve({ items: [makeVideo(50, { title: 'Lisbon walk' })], total: 1 }),
    );
    expect(cards()).toHaveLength(1);
    expect(screen.getByText('Lisbon walk')).toBeInTheDocument();
  });

  it('keeps the chosen chip in the URL, so it can be linked and reloaded', async () => {
    const { fetchPage, location, popularCalls } = setup(undefined, '/?tag=Live');
    const chips = within(screen.getByRole('toolbar', { name: 'Filter by tag' }));
    // A shared link's tag gets its own chip, pressed, and the feed is that tag's.
    await chips.findByRole('button', { name: 'cooking' });
    expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'All',
      'live',
      'music',
      'travel',
      'gaming',
      'cooking',
    ]);
    expect(chips.getByRole('button', { name: 'live' })).toHaveAttribute('aria-pressed', 'true');
    expect(fetchPage.calls).toEqual([{ page: 1, limit: 12, params: { tag: 'live' } }]);

    await userEvent.click(chips.getByRole('button', { name: 'music' }));
    expect(location.history.at(-1)).toBe('/?tag=music');
    expect(fetchPage.calls.at(-1)).toEqual({ page: 1, limit: 12, params: { tag: 'music' } });
    await userEvent.click(chips.getByRole('button', { name: 'All' }));
    expect(location.history.at(-1)).toBe('/');
    expect(fetchPage.calls.at(-1)).toEqual({ page: 1, limit: 12, params: {} });
    // The popular tags were asked for once, however often the chip changed.
    expect(popularCalls).toHaveLength(1);
  });

  it('shows a signed-out visitor the most popular tags instead of a lone All', async () => {
    const { popularCalls } = setup(null as never);
    const chips = within(screen.getByRole('toolbar', { name: 'Filter by tag' }));
    await chips.findByRole('button', { name: 'gaming' });
    expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'All',
      'gaming',
      'cooking',
    ]);
    expect(popularCalls).toHaveLength(1);
  });

  it('loads the next page when the bottom marker shows, only while more exist', async () => {
    const { fetchPage } = setup();
    await act(async () => fetchPage.resolve({ items: videos(1, 12), total: 15 }));
    expect(screen.getByTestId('load-more')).toBeInTheDocument();

    act(() => FakeIntersectionObserver.showMarkers());
    expect(fetchPage.calls.at(-1)).toEqual({ page: 2, limit: 12, params: {} });
    expect(screen.getByRole('status', { name: 'Loading more videos' })).toBeInTheDocument();
    // A second sighting while loading starts nothing more.
    act(() => FakeIntersectionObserver.showMarkers());
    expect(fetchPage.calls).toHaveLength(2);

    await act(async () => fetchPage.resolve({ items: videos(13, 3), total: 15 }));
    expect(cards()).toHaveLength(15);
    expect(screen.queryByTestId('load-more')).not.toBeInTheDocument();
    act(() => FakeIntersectionObserver.showMarkers());
    expect(fetchPage.calls).toHaveLength(2);
  });

  it('after a failed further page, the next try waits 3 s', async () => {
    const { fetchPage } = setup();
    await act(async () => fetchPage.resolve({ items: videos(1, 12), total: 30 }));
    vi.useFakeTimers();
    act(() => FakeIntersectionObserver.showMarkers());
    await act(async () => fetchPage.reject(new Error('flaky network')));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load videos. Please try again.');
    expect(cards()).toHaveLength(12);
    // The marker is still on screen: the pager remembers it but waits before trying again.
    act(() => FakeIntersectionObserver.showMarkers());
    await act(async () => vi.advanceTimersByTime(2999));
    expect(fetchPage.calls).toHaveLength(2);
    await act(async () => vi.advanceTimersByTime(1));
    expect(fetchPage.calls).toHaveLength(3);
    expect(fetchPage.calls.at(-1)).toEqual({ page: 2, limit: 12, params: {} });
    await act(async () => fetchPage.resolve({ items: videos(13, 12), total: 30 }));
    expect(cards()).toHaveLength(24);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
