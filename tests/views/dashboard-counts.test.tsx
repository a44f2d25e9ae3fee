/**
 * The analytics grid agrees with the lists without a reload (issue 29): creating or deleting a
 * playlist on the Playlists tab reads the totals again, and the grid's Playlists figure is what
 * the tab lists.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DashboardStats } from '../../contract/dashboard';
import { aStats } from '../machines/dashboard-fixtures';
import { fake } from './app-helpers';
import { dashboardFakes, loadDashboardChunk, renderDashboard } from './dashboard-helpers';
import { installIntersectionObserver } from './videos-helpers';

beforeAll(loadDashboardChunk, 60_000);
beforeEach(() => installIntersectionObserver());

/** The grid's figure under `label`. */
const figure = (label: string) => {
  const grid = screen.getByLabelText('Channel stats');
  const term = within(grid).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

describe('dashboard counts', () => {
  it('follow a created and a deleted playlist without a reload', async () => {
    const setup = dashboardFakes();
    const fetchStats = fake<void, DashboardStats>(() => ({
      ...aStats,
      playlistsCount: setup.data.playlists.length,
    }));
    const { user } = renderDashboard('/Dashboard/Content/Playlists', {
      ...setup.fakes,
      fetchStats,
    });
    const listed = setup.data.playlists.length;
    await screen.findByRole('listitem', { name: 'Playlist 1' });
    await waitFor(() => expect(figure('Playlists')).toBe(String(listed)));

    await user.click(screen.getByRole('button', { name: 'New playlist' }));
    const create = screen.getByRole('dialog', { name: 'Create Playlist' });
    await user.type(within(create).getByLabelText('Title *'), 'Road trips');
    await user.type(within(create).getByLabelText('Description *'), 'Summer');
    await user.click(within(create).getByRole('button', { name: 'Create' }));
    await screen.findByRole('listitem', { name: 'Road trips' });
    await waitFor(() => expect(figure('Playlists')).toBe(String(listed + 1)));

    const row = screen.getByRole('listitem', { name: 'Playlist 1' });
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete playlist?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Playlist 1' })).toBeNull());
    await waitFor(() => expect(figure('Playlists')).toBe(String(listed)));
    expect(fetchStats.calls).toHaveLength(3);
  });
});
