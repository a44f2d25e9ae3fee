/**
 * The dashboard's statistics: the analytics grid (loading, both failure texts, loaded) and views
 * over time (period switch reloads, top 5). jsdom has no canvas, so the chart module is replaced
 * by a stand-in that records the data it is given.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardStats, DashboardViews } from '../../contract/dashboard';
import type { DashboardPeriod } from '../../machines/channel-views.machine';
import type { Page, PageRequest } from '../../machines/pager.machine';
import { ApiError } from '../../src/api/client';
import type { ViewsChartProps } from '../../src/features/dashboard/views-chart';
import DashboardContentPage from '../../src/pages/dashboard-content-page';
import { aStats, aViews } from '../machines/dashboard-fixtures';
import { deferred, makeUser, renderVideoPage } from './videos-helpers';

const charted = vi.hoisted(() => [] as ViewsChartProps[]);
vi.mock('../../src/features/dashboard/views-chart', () => ({
  default: (props: ViewsChartProps) => {
    charted.push(props);
    return <div data-testid="views-chart" />;
  },
}));

beforeEach(() => {
  charted.length = 0;
});

function open() {
  const fetchStats = deferred<void, DashboardStats>();
  const fetchViews = deferred<{ days: DashboardPeriod; timeZone: string }, DashboardViews>();
  renderVideoPage(<DashboardContentPage />, {
    path: '/Dashboard/Content',
    user: makeUser({ fullName: 'Cora Creator' }),
    actors: {
      fetchStats: fetchStats.logic,
      fetchViews: fetchViews.logic,
      // The video list below never answers here, so its own alerts stay out of these tests.
      fetchOwnVideoPage: deferred<PageRequest, Page>().logic,
    },
  });
  return { fetchStats, fetchViews };
}

const grid = () => screen.getByLabelText('Channel stats');

describe('Dashboard analytics grid', () => {
  it('shows placeholders while the stats load, then the seven figures', async () => {
    const { fetchStats } = open();
    await screen.findByRole('heading', { name: 'Welcome back, Cora Creator' });
    expect(grid()).toHaveAttribute('aria-busy', 'true');
    expect(fetchStats.calls).toHaveLength(1);
    await act(async () => fetchStats.resolve(aStats));
    const cells = within(grid());
    expect(grid()).toHaveAttribute('aria-busy', 'false');
    const read = (label: string) => cells.getByText(label).nextElementSibling?.textContent;
    expect(read('Total views')).toBe('12,480');
    expect(read('Videos')).toBe('14');
    expect(read('Subscribers')).toBe('321');
    expect(read('Likes on videos')).toBe('870');
    expect(read('Likes on tweets, comments and replies')).toBe('53');
    expect(read('Playlists')).toBe('3');
    expect(read('Tweets')).toBe('9');
  });

  it("shows the server's message on failure, and Retry loads again", async () => {
    const { fetchStats } = open();
    await screen.findByRole('heading', { name: 'Welcome back, Cora Creator' });
    await act(async () => fetchStats.reject(new ApiError('Unauthorized request', 401)));
    expect(screen.getByRole('alert')).toHaveTextContent('Unauthorized request');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(fetchStats.calls).toHaveLength(2);
    await act(async () => fetchStats.resolve(aStats));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says 'Failed to fetch channel stats' when the server gives no message", async () => {
    const { fetchStats } = open();
    await screen.findByRole('heading', { name: 'Welcome back, Cora Creator' });
    await act(async () => fetchStats.reject(new ApiError('', 500)));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch channel stats');
  });
});

describe('Dashboard views over time', () => {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  it("charts the default 28 days in the viewer's zone and lists the top 5", async () => {
    const { fetchViews } = open();
    await screen.findByRole('heading', { name: 'Views over time' });
    expect(fetchViews.calls).toEqual([{ days: 28, timeZone }]);
    expect(screen.getByRole('button', { name: 'Last 28 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await act(async () => fetchViews.resolve(aViews(28, timeZone)));
    await screen.findByTestId('views-chart');
    expect(charted.at(-1)?.daily).toEqual(aViews(28).daily);

    const top = within(screen.getByRole('list', { name: 'Top videos' }));
    const rows = top.getAllByRole('listitem');
    expect(rows).toHaveLength(5);
    expect(top.getByRole('link', { name: 'Top 1 of 28 days' })).toHaveAttribute(
      'href',
      '/watch/v1',
    );
    expect(rows[0]!.querySelector('img')).toHaveAttribute('src', '/media/thumbnails/v1.webp');
    expect(rows[0]).toHaveTextContent('140 views in this period');
  });

  it('choosing another period reloads, and the chart then shows that period', async () => {
    const { fetchViews } = open();
    await screen.findByRole('heading', { name: 'Views over time' });
    await act(async () => fetchViews.resolve(aViews(28, timeZone)));
    await screen.findByTestId('views-chart');

    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(fetchViews.calls.at(-1)).toEqual({ days: 7, timeZone });
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.queryByTestId('views-chart')).not.toBeInTheDocument();
    await act(async () => fetchViews.resolve(aViews(7, timeZone)));
    await screen.findByTestId('views-chart');
    expect(charted.at(-1)?.daily).toHaveLength(7);
    expect(screen.getByRole('link', { name: 'Top 1 of 7 days' })).toBeInTheDocument();
  });

  it('a failed load says so, with Retry', async () => {
    const { fetchStats, fetchViews } = open();
    await screen.findByRole('heading', { name: 'Views over time' });
    await act(async () => fetchStats.resolve(aStats));
    await act(async () => fetchViews.reject(new ApiError('', 0)));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch channel views');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(fetchViews.calls).toHaveLength(2);
  });
});
