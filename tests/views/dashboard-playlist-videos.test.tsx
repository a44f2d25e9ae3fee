/**
 * The add-videos and remove-videos dialogs of a playlist row: the caller's videos 2 per page,
 * those already in the playlist marked and locked, the spec's texts when nothing is ticked, and
 * on save each chosen line moving through its own states, 500 ms apart, until the dialog closes.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BatchInput, BatchItem, SaveEntryInput } from '../../machines/add-to-playlist.machine';
import { ApiError } from '../../src/api/client';
import { fake } from './app-helpers';
import { dashboardFakes, renderDashboard, loadDashboardChunk } from './dashboard-helpers';
import { deferred, installIntersectionObserver } from './videos-helpers';

beforeAll(loadDashboardChunk, 60_000);
beforeEach(() => installIntersectionObserver());

const row = (name: string) => screen.getByRole('listitem', { name });

async function openTab(
  setup: ReturnType<typeof dashboardFakes>,
  fetchPlaylistVideoChoices = setup.fakes.fetchPlaylistVideoChoices,
) {
  const view = renderDashboard('/Dashboard/Content/Playlists', {
    ...setup.fakes,
    fetchPlaylistVideoChoices,
  });
  await screen.findByRole('listitem', { name: 'Playlist 2' });
  return view;
}

async function openDialog(action: 'Add videos' | 'Remove videos', setup = dashboardFakes()) {
  const view = await openTab(setup);
  await view.user.click(within(row('Playlist 2')).getByRole('button', { name: action }));
  const dialog = screen.getByRole('dialog');
  await within(dialog).findByRole('list', { name: 'Choices' });
  return { ...view, ...setup, dialog };
}

describe('the add-videos dialog', () => {
  it("pages the caller's videos 2 at a time and locks those already in the playlist", async () => {
    const { user, dialog, fakes } = await openDialog('Add videos');
    expect(dialog).toHaveAccessibleName('Add videos to Playlist 2');
    expect(fakes.fetchPlaylistVideoChoices.calls).toEqual([{ mode: 'addVideos', targetId: 'p2' }]);
    const first = within(dialog).getByRole('checkbox', { name: /First video/ });
    expect(first).toBeDisabled();
    expect(within(dialog).getByText('Already in playlist')).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Second video' })).toBeEnabled();
    expect(within(dialog).queryByRole('checkbox', { name: 'Third video' })).toBeNull();
    expect(within(dialog).getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Third video' })).toBeEnabled();
    expect(within(dialog).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it("says 'Please select at least one video' when nothing is ticked and sends nothing", async () => {
    const { user, dialog, fakes } = await openDialog('Add videos');
    await user.click(within(dialog).getByRole('button', { name: 'Add videos' }));
    expect(await screen.findByText('Please select at least one video')).toBeInTheDocument();
    expect(fakes.savePlaylistEntry.calls).toEqual([]);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('saves the ticked videos of both pages one by one, each line showing its state, then closes', async () => {
    const setup = dashboardFakes();
    const save = deferred<SaveEntryInput, void>();
    const { user, dialog, fakes } = await openDialog('Add videos', {
      ...setup,
      fakes: {
        ...setup.fakes,
        savePlaylistEntry: { ...setup.fakes.savePlaylistEntry, logic: save.logic },
      },
    });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Second video' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Third video' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add videos' }));
    const saving = within(dialog).getByRole('list', { name: 'Saving' });
    const line = (name: string) => within(saving).getByRole('listitem', { name });
    expect(line('Second video')).toHaveTextContent('Saving…');
    expect(line('Third video')).toHaveTextContent('Waiting');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await act(async () => save.resolve());
    expect(line('Second video')).toHaveTextContent('Completed');
    // The next save waits the 500 ms spacing.
    expect(save.calls).toHaveLength(1);
    await waitFor(() => expect(line('Third video')).toHaveTextContent('Saving…'));
    await act(async () => save.resolve());
    expect(line('Third video')).toHaveTextContent('Completed');
    expect(save.calls).toEqual([
      { op: 'add', videoId: 'v2', playlistId: 'p2' },
      { op: 'add', videoId: 'v3', playlistId: 'p2' },
    ]);
    expect(await screen.findByText('Videos added to playlist successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The counts changed on the server: the list is loaded again.
    expect(fakes.fetchPlaylistPage.calls).toHaveLength(2);
    expect(row('Playlist 2')).toBeInTheDocument();
  });
});

describe('a batch dialog whose list cannot be loaded', () => {
  it("shows the server's reason with Retry, which loads the list again", async () => {
    const setup = dashboardFakes();
    let failures = 1;
    const fetch = setup.fakes.fetchPlaylistVideoChoices;
    const { user, fakes } = await openTab(setup, {
      ...fetch,
      logic: fake<BatchInput, BatchItem[]>(() => {
        if (failures-- > 0) throw new ApiError('Playlist not found', 404);
        return setup.extra.choices;
      }).logic,
    });
    await user.click(within(row('Playlist 2')).getByRole('button', { name: 'Add videos' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Playlist not found');
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByRole('checkbox', { name: 'Second video' })).toBeEnabled();
    expect(fakes.savePlaylistEntry.calls).toEqual([]);
  });
});

describe('the remove-videos dialog', () => {
  it("says 'Please select at least one video to remove' when nothing is ticked", async () => {
    const setup = dashboardFakes();
    setup.extra.choices = [
      { _id: 'v1', label: 'First video' },
      { _id: 'v2', label: 'Second video' },
    ];
    const { user, dialog, fakes } = await openDialog('Remove videos', setup);
    expect(dialog).toHaveAccessibleName('Remove videos from Playlist 2');
    expect(fakes.fetchPlaylistVideoChoices.calls).toEqual([
      { mode: 'removeVideos', targetId: 'p2' },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove videos' }));
    expect(
      await screen.findByText('Please select at least one video to remove'),
    ).toBeInTheDocument();
    expect(fakes.savePlaylistEntry.calls).toEqual([]);
  });

  it("marks a failed line, still saves the others, and toasts the server's reason", async () => {
    const setup = dashboardFakes();
    setup.extra.choices = [
      { _id: 'v1', label: 'First video' },
      { _id: 'v2', label: 'Second video' },
    ];
    setup.extra.failingEntries.add('remove:v1');
    const { user, dialog, fakes } = await openDialog('Remove videos', setup);
    await user.click(within(dialog).getByRole('checkbox', { name: 'First video' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Second video' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove videos' }));
    const saving = within(dialog).getByRole('list', { name: 'Saving' });
    await waitFor(() =>
      expect(within(saving).getByRole('listitem', { name: 'First video' })).toHaveTextContent(
        'Failed: Video not found',
      ),
    );
    await waitFor(() =>
      expect(within(saving).getByRole('listitem', { name: 'Second video' })).toHaveTextContent(
        'Completed',
      ),
    );
    expect(await screen.findByText('Video not found')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fakes.savePlaylistEntry.calls).toEqual([
      { op: 'remove', videoId: 'v1', playlistId: 'p2' },
      { op: 'remove', videoId: 'v2', playlistId: 'p2' },
    ]);
  });
});
