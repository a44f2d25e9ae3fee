/**
 * Add to playlist from a dashboard row: the caller's playlists as a checklist with 'Show more'
 * past four, 'Please select at least one playlist', a list that fails to load (Retry) or is empty,
 * and the batch: each ticked line loading → completed | error, one save every 500 ms, a failure
 * in the middle that does not stop the rest, then the dialog closes with one toast.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/client';
import { NO_PLAYLISTS } from '../../src/components/playlist-dialogs/add-to-playlist-dialog';
import { installIntersectionObserver } from './videos-helpers';
import { CREATOR, makeOwnVideo, openVideoList } from './dashboard-videos-helpers';

beforeEach(() => installIntersectionObserver());
afterEach(() => vi.useRealTimers());

const video = makeOwnVideo(1, { title: 'Sunset' });
const playlists = ['Beach', 'Evening', 'Favourites', 'Travel', 'Summer', 'Calm'].map((name, i) => ({
  _id: `p${i + 1}`,
  label: name,
}));

const dialog = () => within(screen.getByRole('dialog', { name: 'Add to playlist' }));
const checklist = () => within(dialog().getByRole('list', { name: 'Your playlists' }));
const statusOf = (name: string) =>
  within(dialog().getByRole('list', { name: 'Saving to playlists' }))
    .getByRole('listitem', { name })
    .querySelector('[data-status]')
    ?.getAttribute('data-status');

async function openDialog(items = playlists) {
  const fakes = await openVideoList([video]);
  fireEvent.click(
    within(screen.getByRole('listitem', { name: 'Sunset' })).getByRole('button', {
      name: 'Add to playlist',
    }),
  );
  expect(dialog().getByRole('status', { name: 'Loading playlists' })).toBeInTheDocument();
  await act(async () => fakes.fetchPlaylistChoices.resolve(items));
  return fakes;
}

/** Lets the 500 ms spacing pass (the machine's `after`, on fake timers). */
const spacing = () =>
  act(async () => {
    vi.advanceTimersByTime(500);
  });

describe('Add to playlist dialog', () => {
  it('lists the caller’s playlists, four until Show more', async () => {
    const { choicesOwners, fetchPlaylistChoices } = await openDialog();
    expect(choicesOwners).toContain(CREATOR._id);
    expect(fetchPlaylistChoices.calls).toEqual([{ mode: 'addToPlaylists', targetId: video._id }]);
    expect(checklist().getAllByRole('checkbox')).toHaveLength(4);
    fireEvent.click(dialog().getByRole('button', { name: 'Show more' }));
    expect(checklist().getAllByRole('checkbox')).toHaveLength(6);
    fireEvent.click(dialog().getByRole('button', { name: 'Show less' }));
    expect(checklist().getAllByRole('checkbox')).toHaveLength(4);
  });

  it('offers no Show more for four playlists or fewer', async () => {
    await openDialog(playlists.slice(0, 4));
    expect(checklist().getAllByRole('checkbox')).toHaveLength(4);
    expect(dialog().queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it("refuses to save with nothing ticked: 'Please select at least one playlist'", async () => {
    const { savePlaylistEntry } = await openDialog();
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please select at least one playlist')).toBeInTheDocument();
    expect(savePlaylistEntry.calls).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Add to playlist' })).toBeInTheDocument();
  });

  it('says so when the caller has no playlist, with Save disabled', async () => {
    await openDialog([]);
    expect(dialog().getByText(NO_PLAYLISTS)).toBeInTheDocument();
    expect(dialog().getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows the failure and loads again on Retry', async () => {
    const fakes = await openVideoList([video]);
    fireEvent.click(screen.getByRole('button', { name: 'Add to playlist' }));
    await act(async () => fakes.fetchPlaylistChoices.reject(new ApiError('Server busy', 503)));
    expect(dialog().getByRole('alert')).toHaveTextContent('Server busy');
    fireEvent.click(dialog().getByRole('button', { name: 'Retry' }));
    await act(async () => fakes.fetchPlaylistChoices.resolve(playlists.slice(0, 2)));
    expect(checklist().getAllByRole('checkbox')).toHaveLength(2);
  });

  it('saves the ticked playlists one by one, 500 ms apart, a failure in the middle kept', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { savePlaylistEntry } = await openDialog();
    fireEvent.click(checklist().getByRole('checkbox', { name: 'Beach' }));
    fireEvent.click(checklist().getByRole('checkbox', { name: 'Evening' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Show more' }));
    fireEvent.click(checklist().getByRole('checkbox', { name: 'Calm' }));
    vi.useFakeTimers();
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));

    // The first line saves at once, the others wait; every button is disabled.
    expect(savePlaylistEntry.calls).toEqual([{ op: 'add', videoId: video._id, playlistId: 'p1' }]);
    expect([statusOf('Beach'), statusOf('Evening'), statusOf('Calm')]).toEqual([
      'loading',
      'pending',
      'pending',
    ]);
    expect(dialog().getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(dialog().getByRole('button', { name: 'Close' })).toBeDisabled();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Add to playlist' })).toBeInTheDocument();

    await act(async () => savePlaylistEntry.resolve());
    expect(statusOf('Beach')).toBe('completed');
    // The next save waits for the spacing.
    await act(async () => {
      vi.advanceTimersByTime(499);
    });
    expect(savePlaylistEntry.calls).toHaveLength(1);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(savePlaylistEntry.calls[1]).toEqual({ op: 'add', videoId: video._id, playlistId: 'p2' });
    expect(statusOf('Evening')).toBe('loading');
    await act(async () => savePlaylistEntry.reject(new ApiError('Video already in playlist', 409)));
    expect(statusOf('Evening')).toBe('error');
    expect(dialog().getByRole('listitem', { name: 'Evening' })).toHaveTextContent(
      'Failed: Video already in playlist',
    );

    // The failure does not stop the batch.
    await spacing();
    expect(savePlaylistEntry.calls[2]).toEqual({ op: 'add', videoId: video._id, playlistId: 'p6' });
    await act(async () => savePlaylistEntry.resolve());
    expect([statusOf('Beach'), statusOf('Evening'), statusOf('Calm')]).toEqual([
      'completed',
      'error',
      'completed',
    ]);
    // The last line's state stays on screen for the spacing, then the dialog closes.
    await spacing();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    vi.useRealTimers();
    expect(await screen.findByText('Video already in playlist')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(
      'Adding the video to playlists failed:',
      'Video already in playlist',
    );
    logged.mockRestore();
  });

  it("says 'Videos added to playlist successfully' when every line completed", async () => {
    const { savePlaylistEntry } = await openDialog();
    fireEvent.click(checklist().getByRole('checkbox', { name: 'Travel' }));
    vi.useFakeTimers();
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await act(async () => savePlaylistEntry.resolve());
    expect(statusOf('Travel')).toBe('completed');
    await spacing();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    vi.useRealTimers();
    expect(await screen.findByText('Videos added to playlist successfully')).toBeInTheDocument();
  });

  it('closes on Escape before saving, with nothing saved', async () => {
    const { savePlaylistEntry } = await openDialog();
    fireEvent.click(checklist().getByRole('checkbox', { name: 'Beach' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(savePlaylistEntry.calls).toHaveLength(0);
  });
});
