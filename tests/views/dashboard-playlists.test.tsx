/**
 * The dashboard's Playlists tab and its dialogs: the list, create and edit with their validation
 * texts and the server's refusal in red, delete after confirmation, and the batch dialogs (add
 * videos: 2 per page, 'Already in playlist' locked; remove videos) with each line's own state.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Playlist } from '../../contract/playlists';
import type { PlaylistValues } from '../../machines/playlist-form.machine';
import { ApiError } from '../../src/api/client';
import { dashboardFakes, renderDashboard, loadDashboardChunk } from './dashboard-helpers';
import { deferred, installIntersectionObserver } from './videos-helpers';

beforeAll(loadDashboardChunk, 60_000);
beforeEach(() => installIntersectionObserver());

const PATH = '/Dashboard/Content/Playlists';
const row = (name: string) => screen.getByRole('listitem', { name });
const dialog = (name: string) => screen.getByRole('dialog', { name });

async function openTab(setup = dashboardFakes()) {
  const view = renderDashboard(PATH, setup.fakes);
  await screen.findByRole('listitem', { name: 'Playlist 1' });
  return { ...view, ...setup };
}

describe('the Playlists tab', () => {
  it("lists the caller's playlists with their counts", async () => {
    const { fakes } = await openTab();
    expect(fakes.fetchPlaylistPage.calls[0]).toMatchObject({ params: { userId: 'u_alice' } });
    expect(row('Playlist 2')).toHaveTextContent('2 Videos');
    expect(within(row('Playlist 1')).getByRole('link', { name: 'Playlist 1' })).toHaveAttribute(
      'href',
      '/Playlist/p1',
    );
  });

  it('says so when there are none', async () => {
    const setup = dashboardFakes();
    setup.data.playlists = [];
    renderDashboard(PATH, setup.fakes);
    expect(await screen.findByText(/You have no playlists yet/)).toBeInTheDocument();
  });
});

describe('the Create Playlist dialog', () => {
  it("refuses blanks with 'All fields marked with * are required!', then creates and lists it on top", async () => {
    const { user, fakes } = await openTab();
    await user.click(screen.getByRole('button', { name: 'New playlist' }));
    const create = dialog('Create Playlist');
    expect(within(create).getByLabelText('Title *')).toHaveFocus();
    await user.click(within(create).getByRole('button', { name: 'Create' }));
    expect(within(create).getByRole('alert')).toHaveTextContent(
      'All fields marked with * are required!',
    );
    await user.type(within(create).getByLabelText('Title *'), '  Road trips ');
    // The description is still missing: the text stays until it is given.
    expect(within(create).getByRole('alert')).toHaveTextContent(
      'All fields marked with * are required!',
    );
    await user.click(within(create).getByRole('button', { name: 'Create' }));
    expect(within(create).getByRole('alert')).toHaveTextContent(
      'All fields marked with * are required!',
    );
    expect(fakes.createPlaylist.calls).toEqual([]);
    await user.type(within(create).getByLabelText('Description *'), 'Summer ');
    // Fixed: the text goes as soon as both fields hold something, before Create.
    expect(within(create).queryByRole('alert')).toBeNull();
    await user.click(within(create).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fakes.createPlaylist.calls).toEqual([{ title: 'Road trips', description: 'Summer' }]);
    expect(screen.getAllByRole('listitem')[0]).toHaveAccessibleName('Road trips');
    expect(row('Road trips')).toHaveTextContent('No videos');
  });

  it("shows the server's refusal in red, keeps what was typed, and is busy while saving", async () => {
    const setup = dashboardFakes();
    const save = deferred<PlaylistValues, Playlist>();
    const { user } = await openTab({
      ...setup,
      fakes: {
        ...setup.fakes,
        createPlaylist: { ...setup.fakes.createPlaylist, logic: save.logic },
      },
    });
    await user.click(screen.getByRole('button', { name: 'New playlist' }));
    const create = dialog('Create Playlist');
    await user.type(within(create).getByLabelText('Title *'), 'Taken');
    await user.type(within(create).getByLabelText('Description *'), 'Mine');
    await user.click(within(create).getByRole('button', { name: 'Create' }));
    expect(save.calls).toEqual([{ title: 'Taken', description: 'Mine' }]);
    expect(within(create).getByRole('button', { name: /Create/ })).toBeDisabled();
    expect(within(create).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(create).getByLabelText('Title *')).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(dialog('Create Playlist')).toBeInTheDocument();
    save.reject(new ApiError('title: Title can be at most 100 characters', 400));
    // The server's sentence, without the field name it puts first for programs.
    expect(await within(create).findByRole('alert')).toHaveTextContent(
      /^Title can be at most 100 characters$/,
    );
    expect(within(create).getByLabelText('Title *')).toHaveValue('Taken');
    expect(within(create).getByLabelText('Description *')).toHaveValue('Mine');
    expect(within(create).getByRole('button', { name: 'Create' })).toBeEnabled();
    expect(screen.queryByRole('listitem', { name: 'Taken' })).toBeNull();
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const { user } = await openTab();
    const opener = screen.getByRole('button', { name: 'New playlist' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });
});

describe('the Edit Playlist dialog', () => {
  it("starts with the playlist's values, refuses a blank title with 'Title is required!', saves in place", async () => {
    const { user, fakes } = await openTab();
    await user.click(within(row('Playlist 2')).getByRole('button', { name: 'Edit' }));
    const edit = dialog('Edit Playlist');
    const title = within(edit).getByLabelText('Title *');
    expect(title).toHaveValue('Playlist 2');
    expect(within(edit).getByLabelText('Description')).toHaveValue('About playlist 2');
    await user.clear(title);
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(within(edit).getByRole('alert')).toHaveTextContent('Title is required!');
    await user.type(title, 'Renamed');
    await user.clear(within(edit).getByLabelText('Description'));
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fakes.updatePlaylist.calls).toEqual([
      { playlistId: 'p2', title: 'Renamed', description: '' },
    ]);
    expect(screen.getAllByRole('listitem')[1]).toHaveAccessibleName('Renamed');
    expect(row('Renamed')).toHaveTextContent('No description');
  });
});

describe('deleting a playlist', () => {
  it('asks first (Delete playlist?); Cancel keeps it, Delete removes the row', async () => {
    const { user, fakes } = await openTab();
    await user.click(within(row('Playlist 1')).getByRole('button', { name: 'Delete' }));
    expect(dialog('Delete playlist?')).toHaveTextContent('Delete this playlist?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(fakes.performPlaylistAction.calls).toEqual([]);
    await user.click(within(row('Playlist 1')).getByRole('button', { name: 'Delete' }));
    await user.click(within(dialog('Delete playlist?')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Playlist 1' })).toBeNull());
    expect(fakes.performPlaylistAction.calls).toEqual([{ action: 'deletePlaylist', id: 'p1' }]);
    expect(row('Playlist 2')).toBeInTheDocument();
  });
});
