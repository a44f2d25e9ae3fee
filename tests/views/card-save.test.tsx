/**
 * Save from a video card's "⋮" menu (issue 23): the watch page's Add to playlist for that video,
 * from the feed's cards, search results, one's own videos and history entries; a visitor is asked
 * to sign in first.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { LoginAnswer } from '../../contract/second-step';
import type { HistoryPage as HistoryPageData } from '../../contract/history';
import type { User, VideoItem } from '../../contract/shapes';
import type { BatchInput, BatchItem, SaveEntryInput } from '../../machines/add-to-playlist.machine';
import type { Page, PageRequest } from '../../machines/pager.machine';
import type { Credentials } from '../../machines/sign-in.machine';
import HistoryPage from '../../src/pages/history-page';
import HomePage from '../../src/pages/home-page';
import SearchPage from '../../src/pages/search-page';
import type { ReactElement } from 'react';
import {
  DAY,
  installIntersectionObserver,
  makeUser,
  makeVideo,
  renderVideoPage,
} from './videos-helpers';

beforeEach(() => installIntersectionObserver());

const viewer = makeUser();

/** A fake server with the feed (or search) answer, each caller's playlists and the saves made. */
function setup(
  page: ReactElement,
  {
    path = '/',
    user = viewer,
    items = [makeVideo(1), makeVideo(2)],
  }: { path?: string; user?: User | null; items?: VideoItem[] } = {},
) {
  const choicesAskedFor: string[] = [];
  const saved: SaveEntryInput[] = [];
  const signIns: Credentials[] = [];
  const view = renderVideoPage(page, {
    path,
    user,
    actors: {
      fetchVideoPage: fromPromise<Page, PageRequest>(async () => ({ items, total: items.length })),
      fetchPopularTags: fromPromise<string[]>(async () => []),
      fetchHistory: fromPromise<HistoryPageData, { page: number; limit: number }>(async () => ({
        history: items.map((video, i) => ({
          _id: `h${i}`,
          watchedAt: new Date(Date.now() - DAY).toISOString(),
          video,
          progressSeconds: null,
        })),
        currentPage: 1,
        totalPages: 1,
        totalHistory: items.length,
      })),
      fetchPlaylistChoices: (ownerId: string) =>
        fromPromise<BatchItem[], BatchInput>(async () => {
          choicesAskedFor.push(ownerId);
          return [
            { _id: 'wl', label: 'Watch later' },
            { _id: 'p1', label: 'Road trip' },
          ];
        }),
      savePlaylistEntry: fromPromise<void, SaveEntryInput>(async ({ input }) => {
        saved.push(input);
      }),
      signIn: fromPromise<LoginAnswer, Credentials>(async ({ input }) => {
        signIns.push(input);
        return { user: viewer };
      }),
    },
  });
  return { choicesAskedFor, saved, signIns, ...view };
}

/** Ticks Watch later in the open Add to playlist dialog and saves. */
async function saveToWatchLater(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Add to playlist' });
  const boxes = await within(dialog).findAllByRole('checkbox');
  expect(boxes.map((b) => b.closest('label')?.textContent)).toEqual(['Watch later', 'Road trip']);
  await user.click(within(dialog).getByRole('checkbox', { name: 'Watch later' }));
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
}

describe('Save from a video card', () => {
  it('reaches Save on a feed card by keyboard alone and saves that video to Watch later', async () => {
    const user = userEvent.setup();
    const { saved, choicesAskedFor } = setup(<HomePage />);
    const card = await screen.findByRole('article', { name: 'Video number 2' });
    // The menu button is the Tab stop after the card's last link.
    within(card).getByRole('link', { name: 'Olive Owner' }).focus();
    await user.tab();
    const more = within(card).getByRole('button', { name: 'Actions for Video number 2' });
    expect(more).toHaveFocus();
    expect(more).toHaveAttribute('aria-haspopup', 'menu');

    await user.keyboard('{Enter}');
    const menu = within(card).getByRole('menu', { name: 'Actions for Video number 2' });
    expect(within(menu).getByRole('menuitem', { name: 'Save' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    const dialog = await screen.findByRole('dialog', { name: 'Add to playlist' });
    expect(dialog).toHaveTextContent('Video number 2');
    await saveToWatchLater(user);
    await waitFor(() => expect(saved).toEqual([{ op: 'add', videoId: 'v2', playlistId: 'wl' }]));
    expect(choicesAskedFor).toEqual([viewer._id]);
    // The dialog closes once saved, and focus is back on the card's menu button.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(more).toHaveFocus();
  });

  it('offers Save on a search result, also for a video of one’s own', async () => {
    const user = userEvent.setup();
    const own = makeVideo(7, {
      title: 'My own clip',
      owner: { _id: viewer._id, userName: viewer.userName, fullName: viewer.fullName, avatar: '' },
    });
    const { saved } = setup(<SearchPage />, { path: '/search?query=clip', items: [own] });
    const card = await screen.findByRole('article', { name: 'My own clip' });
    await user.click(within(card).getByRole('button', { name: 'Actions for My own clip' }));
    await user.click(within(card).getByRole('menuitem', { name: 'Save' }));
    await saveToWatchLater(user);
    await waitFor(() => expect(saved).toEqual([{ op: 'add', videoId: 'v7', playlistId: 'wl' }]));
  });

  it('offers Save in a history entry’s menu beside Remove from history', async () => {
    const user = userEvent.setup();
    const { saved } = setup(<HistoryPage />, { path: '/History' });
    const entry = await screen.findByRole('article', { name: 'Video number 1' });
    await user.click(within(entry).getByRole('button', { name: 'Actions for Video number 1' }));
    const items = within(entry).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Save', 'Remove from history']);
    await user.click(items[0]!);
    await saveToWatchLater(user);
    await waitFor(() => expect(saved).toEqual([{ op: 'add', videoId: 'v1', playlistId: 'wl' }]));
  });

  it('asks a visitor to sign in first, then lists the new session’s playlists', async () => {
    const user = userEvent.setup();
    const { saved, signIns, choicesAskedFor } = setup(<HomePage />, { user: null });
    const card = await screen.findByRole('article', { name: 'Video number 1' });
    await user.click(within(card).getByRole('button', { name: 'Actions for Video number 1' }));
    await user.click(within(card).getByRole('menuitem', { name: 'Save' }));

    const signIn = await screen.findByRole('dialog', { name: 'Sign in to continue' });
    await user.type(within(signIn).getByLabelText('Username'), 'vera');
    await user.type(within(signIn).getByLabelText('Email'), 'vera@example.com');
    await user.type(within(signIn).getByLabelText('Password'), 'secret123');
    await user.click(within(signIn).getByRole('button', { name: 'Sign in' }));

    await saveToWatchLater(user);
    await waitFor(() => expect(saved).toEqual([{ op: 'add', videoId: 'v1', playlistId: 'wl' }]));
    expect(signIns).toHaveLength(1);
    expect(choicesAskedFor).toEqual([viewer._id]);
  });

  it('lets a visitor close the sign-in question and stay on the page', async () => {
    const user = userEvent.setup();
    const { location, choicesAskedFor } = setup(<SearchPage />, {
      path: '/search?query=video',
      user: null,
    });
    const card = await screen.findByRole('article', { name: 'Video number 1' });
    await user.click(within(card).getByRole('button', { name: 'Actions for Video number 1' }));
    await user.click(within(card).getByRole('menuitem', { name: 'Save' }));
    const signIn = await screen.findByRole('dialog', { name: 'Sign in to continue' });
    await user.click(within(signIn).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await act(async () => undefined);
    expect(location.history.at(-1)).toBe('/search?query=video');
    expect(choicesAskedFor).toEqual([]);
  });
});
