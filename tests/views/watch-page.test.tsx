import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'wouter';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Playlist } from '../../contract/playlists';
import type { PlaylistValues } from '../../machines/playlist-form.machine';
import type { Comment } from '../../contract/shapes';
import type { LikeStatus, ToggleLikeResult } from '../../machines/like-toggle.machine';
import type { Page, PageRequest } from '../../machines/pager.machine';
import type { SubscriptionState } from '../../machines/subscribe-toggle.machine';
import type { VideoDetail } from '../../contract/videos';
import { ApiError } from '../../src/api/client';
import WatchPage from '../../src/pages/watch-page';
import {
  deferred,
  FakeIntersectionObserver,
  installIntersectionObserver,
  makeComment,
  makeUser,
  makeVideo,
  makeVideoDetail,
  renderVideoPage,
} from './videos-helpers';

beforeEach(() => installIntersectionObserver());

const detail = makeVideoDetail;

function setup({
  video = detail(),
  user = makeUser(),
  comments = [makeComment(1), makeComment(2)],
}: { video?: VideoDetail; user?: ReturnType<typeof makeUser>; comments?: Comment[] } = {}) {
  const fetchVideo = deferred<{ videoId: string }, VideoDetail>();
  const likeStatus = { likeCount: 4, likedByUser: false };
  const fetchLikeStatus = vi.fn(async (): Promise<LikeStatus> => ({ ...likeStatus }));
  const toggleLike = vi.fn(async (): Promise<ToggleLikeResult> => {
    likeStatus.likedByUser = !likeStatus.likedByUser;
    likeStatus.likeCount += likeStatus.likedByUser ? 1 : -1;
    return { liked: likeStatus.likedByUser, likeCount: likeStatus.likeCount };
  });
  const toggleSubscription = vi.fn(async (): Promise<SubscriptionState> => ({
    subscribed: true,
    subscriberCount: 4,
  }));
  const fetchVideoPage = vi.fn(async (_: PageRequest): Promise<Page> => ({
    items: [makeVideo(1), makeVideo(2, { title: 'Sunrise' })],
    total: 2,
  }));
  const fetchCommentPage = vi.fn(async (_: PageRequest): Promise<Page> => ({
    items: comments,
    total: comments.length,
  }));
  const addComment = vi.fn(async ({ content }: { videoId: string; content: string }) =>
    makeComment(99, { content, owner: { ...makeComment(99).owner, userName: user.userName } }),
  );
  const savedEntries: unknown[] = [];
  const made: Playlist[] = [];
  const view = renderVideoPage(
    <Route path="/watch/:videoId">
      <WatchPage />
    </Route>,
    {
      path: `/watch/${video._id}`,
      user,
      actors: {
        fetchVideo: fetchVideo.logic,
        fetchUpNext: fromPromise(async () => [makeVideo(7, { title: 'Rye at home' })]),
        fetchLikeStatus: fromPromise(fetchLikeStatus),
        toggleLike: fromPromise(toggleLike),
        toggleSubscription: fromPromise(toggleSubscription),
        fetchVideoPage: fromPromise(({ input }) => fetchVideoPage(input)),
        fetchCommentPage: fromPromise(({ input }) => fetchCommentPage(input)),
        addComment: fromPromise(({ input }) => addComment(input)),
        fetchPlaylistChoices: () =>
          fromPromise(async () => [
            { _id: 'wl', label: 'Watch later', builtIn: true },
            ...made.map((p) => ({ _id: p._id, label: p.playlistName })),
            // Road trip already holds the video: it comes ticked (issue 29).
            { _id: 'p1', label: 'Road trip', held: true },
          ]),
        createPlaylist: fromPromise(async ({ input }: { input: PlaylistValues }) => {
          const playlist: Playlist = {
            _id: 'p2',
            playlistName: input.title,
            description: '',
            videos: 0,
            thumbnail: null,
            createdAt: '2026-01-01T00:00:00.000Z',
            updatedAt: '2026-01-01T00:00:00.000Z',
          };
          made.push(playlist);
          return playlist;
        }),
        savePlaylistEntry: fromPromise(async ({ input }) => void savedEntries.push(input)),
      },
    },
  );
  const load = async () => {
    await act(async () => fetchVideo.resolve(video));
    await screen.findByRole('heading', { name: video.title, level: 1 });
  };
  return {
    fetchVideo,
    fetchLikeStatus,
    toggleLike,
    toggleSubscription,
    fetchVideoPage,
    fetchCommentPage,
    addComment,
    savedEntries,
    load,
    ...view,
  };
}

describe('Watch page', () => {
  it('shows a spinner while the video loads', async () => {
    const { fetchVideo } = setup();
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(fetchVideo.calls).toEqual([{ videoId: 'v1' }]);
  });

  it('says so when the video does not exist', async () => {
    const { fetchVideo } = setup();
    await act(async () => fetchVideo.reject(new ApiError('Video not found', 404)));
    expect(screen.getByRole('alert')).toHaveTextContent('This video is not available.');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('asks to try again when loading fails for another reason', async () => {
    const { fetchVideo } = setup();
    await act(async () => fetchVideo.reject(new ApiError('Network error', 0)));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to load this video. Please try again.',
    );
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('plays the video and shows its details, channel, likes and comments', async () => {
    const { load, fetchCommentPage, fetchVideoPage } = setup();
    await load();
    const player = screen.getByLabelText<HTMLVideoElement>('Video: Sunset timelapse');
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('src', '/media/videos/v1.mp4');
    expect(player).toHaveAttribute('poster', '/media/thumbnails/v1.webp');
    expect(player.autoplay).toBe(true);
    // Our own control bar, not the browser's as well.
    expect(player.controls).toBe(false);
    expect(screen.getByRole('slider', { name: 'Seek' })).toHaveAttribute(
      'aria-valuetext',
      '0:00 of 0:00',
    );
    expect(player).toHaveAttribute('playsinline');
    expect(document.title).toBe('Sunset timelapse - VidTube');

    expect(screen.getByText(/^12.3K views •/)).toHaveTextContent('12.3K views • 3 days ago');
    expect(screen.getAllByRole('link', { name: 'Olive Owner' })[0]).toHaveAttribute(
      'href',
      '/Channel/olive',
    );
    expect(screen.getByTestId('subscriber-count')).toHaveTextContent('3 subscribers');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(await screen.findByRole('button', { name: 'Like, 4 likes' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();

    expect(await screen.findByText('Comment 1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2 Comments' })).toBeInTheDocument();
    expect(fetchCommentPage).toHaveBeenCalledWith({
      page: 1,
      limit: 9,
      params: { videoId: 'v1', sort: 'top' },
    });

    const more = within(screen.getByRole('complementary', { name: 'More From This Channel' }));
    expect(await more.findByRole('link', { name: 'Sunrise' })).toBeInTheDocument();
    expect(more.queryByRole('link', { name: 'Video number 1' })).not.toBeInTheDocument();
    expect(fetchVideoPage).toHaveBeenCalledWith(
      expect.objectContaining({ page: 1, params: { userId: 'u-owner' } }),
    );
  });

  it('toggles the like, then reloads the count', async () => {
    const { load, toggleLike, fetchLikeStatus } = setup();
    await load();
    await userEvent.click(await screen.findByRole('button', { name: 'Like, 4 likes' }));
    const liked = await screen.findByRole('button', { name: 'Like, 5 likes' });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    expect(toggleLike).toHaveBeenCalledTimes(1);
    expect(fetchLikeStatus).toHaveBeenCalledTimes(2);
  });

  it('subscribes and shows the new count', async () => {
    const { load, toggleSubscription } = setup();
    await load();
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('button', { name: 'Subscribed' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByTestId('subscriber-count')).toHaveTextContent('4 subscribers');
    expect(toggleSubscription).toHaveBeenCalledTimes(1);
  });

  it('shows View Channel instead of Subscribe to the owner', async () => {
    const { load } = setup({ user: makeUser({ _id: 'u-owner', userName: 'olive' }) });
    await load();
    expect(screen.getByRole('link', { name: 'View Channel' })).toHaveAttribute(
      'href',
      '/Channel/olive',
    );
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
  });

  it('collapses a long description at 200 characters', async () => {
    const text = `${'a'.repeat(200)}THE END`;
    const { load } = setup({ video: detail({ description: text }) });
    await load();
    const box = within(screen.getByRole('region', { name: 'Description' }));
    expect(box.queryByText(/THE END/)).not.toBeInTheDocument();
    expect(box.getByText(`${'a'.repeat(200)}…`, { exact: false })).toBeInTheDocument();
    await userEvent.click(box.getByRole('button', { name: 'see more' }));
    expect(box.getByText(/THE END/)).toBeInTheDocument();
    await userEvent.click(box.getByRole('button', { name: 'see less' }));
    expect(box.queryByText(/THE END/)).not.toBeInTheDocument();
  });

  it('shows a short description whole, without a toggle', async () => {
    const { load } = setup({ video: detail({ description: 'Short one' }) });
    await load();
    const box = within(screen.getByRole('region', { name: 'Description' }));
    expect(box.getByText('Short one')).toBeInTheDocument();
    expect(box.queryByRole('button')).not.toBeInTheDocument();
  });

  it('adds a comment only for non-blank text and puts it on top', async () => {
    const { load, addComment } = setup();
    await load();
    await screen.findByText('Comment 1');
    const box = screen.getByLabelText('Add a comment');
    const send = screen.getByRole('button', { name: 'Comment' });
    expect(send).toBeDisabled();
    await userEvent.type(box, '   ');
    expect(send).toBeDisabled();
    await userEvent.clear(box);
    await userEvent.type(box, '  Lovely colours  ');
    expect(send).toBeEnabled();
    await userEvent.click(send);
    expect(addComment).toHaveBeenCalledWith({ videoId: 'v1', content: 'Lovely colours' });
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Lovely colours');
    expect(box).toHaveValue('');
    expect(screen.getByRole('heading', { name: '3 Comments' })).toBeInTheDocument();
  });

  it('says when there are no comments yet', async () => {
    const { load } = setup({ comments: [] });
    await load();
    expect(await screen.findByText('No comments yet.')).toBeInTheDocument();
  });

  it('Share copies the page link and says so', async () => {
    const writeText = vi.fn(async () => {});
    const { load } = setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await load();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share' });
    const link = `${window.location.origin}/watch/v1`;
    expect(within(dialog).getByRole('textbox', { name: 'Link to this video' })).toHaveValue(link);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(link);
  });

  it('Save adds this video to Watch later, listed first', async () => {
    const { load, savedEntries } = setup();
    await load();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to playlist' });
    const boxes = await within(dialog).findAllByRole('checkbox');
    expect(boxes.map((b) => b.closest('label')?.textContent)).toEqual(['Watch later', 'Road trip']);
    fireEvent.click(boxes[0]!);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(savedEntries).toEqual([{ op: 'add', videoId: 'v1', playlistId: 'wl' }]),
    );
  });

  it('Save ticks the lists that hold the video; unticking one removes it', async () => {
    const { load, savedEntries } = setup();
    await load();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to playlist' });
    const trip = await within(dialog).findByRole('checkbox', { name: 'Road trip' });
    expect(trip).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Watch later' })).not.toBeChecked();
    fireEvent.click(trip);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(savedEntries).toEqual([{ op: 'remove', videoId: 'v1', playlistId: 'p1' }]),
    );
    expect(await screen.findByText('Videos removed from playlist successfully')).toBeVisible();
  });

  it('Create Playlist refuses "Watch later" in any case or spacing, inside the dialog', async () => {
    const { load } = setup();
    await load();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to playlist' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'New playlist' }));
    const create = await screen.findByRole('dialog', { name: 'Create Playlist' });
    const user = userEvent.setup();
    await user.type(within(create).getByLabelText(/^Title/), '  watch   LATER ');
    await user.type(within(create).getByLabelText(/^Description/), 'Mine');
    await user.click(within(create).getByRole('button', { name: /^Create/ }));
    expect(
      await within(create).findByText('"Watch later" is reserved for your built-in list'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create Playlist' })).toBeInTheDocument();
  });

  it('Save’s New playlist makes one and comes back with it ticked, the other ticks kept', async () => {
    const { load, savedEntries } = setup();
    await load();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to playlist' });
    // Ticked before "New playlist": kept when the list comes back.
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Watch later' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'New playlist' }));
    const create = await screen.findByRole('dialog', { name: 'Create Playlist' });
    const user = userEvent.setup();
    await user.type(within(create).getByLabelText(/^Title/), 'Later tonight');
    await user.type(within(create).getByLabelText(/^Description/), 'For the evening');
    await user.click(within(create).getByRole('button', { name: /^Create/ }));
    const back = await screen.findByRole('dialog', { name: 'Add to playlist' });
    expect(await within(back).findByRole('checkbox', { name: 'Later tonight' })).toBeChecked();
    expect(within(back).getByRole('checkbox', { name: 'Watch later' })).toBeChecked();
    expect(within(back).getByRole('checkbox', { name: 'Road trip' })).toBeChecked();
    const boxes = within(back).getAllByRole('checkbox');
    expect(boxes.map((b) => b.closest('label')?.textContent)).toEqual([
      'Watch later',
      'Later tonight',
      'Road trip',
    ]);
    fireEvent.click(within(back).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(savedEntries).toEqual([
        { op: 'add', videoId: 'v1', playlistId: 'wl' },
        { op: 'add', videoId: 'v1', playlistId: 'p2' },
      ]),
    );
  });

  it('Share can start the link at the current time (?t=93)', async () => {
    const writeText = vi.fn(async () => {});
    const { load } = setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await load();
    screen.getByLabelText<HTMLVideoElement>('Video: Sunset timelapse').currentTime = 93.6;
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Start at 1:33' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/watch/v1?t=93`),
    );
  });

  it('loads further comments 9 at a time as the list end comes into view', async () => {
    const nine = Array.from({ length: 9 }, (_, i) => makeComment(i + 1));
    const { load, fetchCommentPage } = setup({ comments: nine });
    fetchCommentPage.mockImplementation(async ({ page }: PageRequest) =>
      page === 1
        ? { items: nine, total: 11 }
        : { items: [makeComment(10), makeComment(11)], total: 11 },
    );
    await load();
    await screen.findByText('Comment 9');
    expect(screen.getByRole('heading', { name: '11 Comments' })).toBeInTheDocument();
    act(() => FakeIntersectionObserver.showMarkers());
    expect(await screen.findByText('Comment 11')).toBeInTheDocument();
    expect(fetchCommentPage).toHaveBeenLastCalledWith({
      page: 2,
      limit: 9,
      params: { videoId: 'v1', sort: 'top' },
    });
  });
});
