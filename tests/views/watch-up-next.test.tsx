/**
 * Up next and autoplay on the watch page (issue 31): the list with its "Autoplay" switch, the
 * countdown over the ended video, Cancel, a replay cancelling, the switch remembered per browser.
 * jsdom plays nothing: the element's `ended`, `play` and `seeking` are dispatched by hand, and
 * the countdown's seconds are fake timers (advanced, never waited for).
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { VideoItem } from '../../contract/shapes';
import type { Page } from '../../machines/pager.machine';
import { AUTOPLAY_COUNTDOWN_SECONDS } from '../../contract/search';
import { PREFERENCES_KEY } from '../../src/features/player/player-preferences';
import WatchPage from '../../src/pages/watch-page';
import {
  installIntersectionObserver,
  makeVideo,
  makeVideoDetail,
  renderVideoPage,
} from './videos-helpers';

beforeEach(() => {
  installIntersectionObserver();
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

const rye = makeVideo(7, { title: 'Rye at home' });
const scones = makeVideo(8, { title: 'Scones' });

function setup({ upNext = async (): Promise<VideoItem[]> => [rye, scones] } = {}) {
  const asked: string[] = [];
  const view = renderVideoPage(
    <Route path="/watch/:videoId">
      <WatchPage />
    </Route>,
    {
      path: '/watch/v1',
      actors: {
        fetchVideo: fromPromise(async () => makeVideoDetail()),
        fetchUpNext: fromPromise(async ({ input }: { input: { videoId: string } }) => {
          asked.push(input.videoId);
          return upNext();
        }),
        fetchVideoPage: fromPromise(async (): Promise<Page> => ({ items: [], total: 0 })),
        fetchCommentPage: fromPromise(async (): Promise<Page> => ({ items: [], total: 0 })),
        fetchLikeStatus: fromPromise(async () => ({ likeCount: 0, likedByUser: false as boolean })),
      },
    },
  );
  return { asked, ...view };
}

const upNextRegion = () => screen.findByRole('region', { name: 'Up next' });
const player = () => screen.findByLabelText<HTMLVideoElement>('Video: Sunset timelapse');
const fire = (element: HTMLElement, type: string) =>
  act(async () => void element.dispatchEvent(new Event(type)));
const seconds = (n: number) => act(async () => vi.advanceTimersByTimeAsync(n * 1000));

describe('Up next on the watch page', () => {
  it("lists this video's recommendations under 'Up next' with the Autoplay switch on", async () => {
    const { asked } = setup();
    const region = within(await upNextRegion());
    expect(await region.findByText('Rye at home')).toBeInTheDocument();
    expect(region.getByText('Scones')).toBeInTheDocument();
    expect(region.getByRole('switch', { name: 'Autoplay' })).toBeChecked();
    expect(asked).toEqual(['v1']);
    // The spec's list is still there, as it was.
    expect(screen.getByRole('complementary', { name: 'More From This Channel' })).toBeVisible();
  });

  it('says so with Retry when the list fails, and Retry loads it', async () => {
    let fail = true;
    setup({
      upNext: async () => {
        if (fail) throw new Error('Network down');
        return [rye];
      },
    });
    const region = within(await upNextRegion());
    const retry = await region.findByRole('button', { name: 'Retry' });
    expect(region.getByText('Failed to load videos.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(retry);
    expect(await region.findByText('Rye at home')).toBeInTheDocument();
  });

  it('counts down over the ended video and then opens the first of Up next', async () => {
    const { location } = setup();
    const region = within(await upNextRegion());
    await region.findByText('Rye at home');
    const video = await player();
    vi.useFakeTimers();
    await fire(video, 'ended');
    const overlay = within(screen.getByTestId('autoplay-countdown'));
    expect(overlay.getByText(`Up next in ${AUTOPLAY_COUNTDOWN_SECONDS}`)).toBeInTheDocument();
    expect(overlay.getByText('Rye at home')).toBeInTheDocument();
    expect(overlay.getByRole('status')).toHaveTextContent('Up next: Rye at home');
    await seconds(1);
    expect(overlay.getByText(`Up next in ${AUTOPLAY_COUNTDOWN_SECONDS - 1}`)).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/watch/v1');
    await seconds(AUTOPLAY_COUNTDOWN_SECONDS - 1);
    expect(location.history.at(-1)).toBe('/watch/v7');
  });

  it('stays on the video after Cancel, or when the viewer plays it again', async () => {
    const { location } = setup();
    await within(await upNextRegion()).findByText('Rye at home');
    const video = await player();
    vi.useFakeTimers();
    await fire(video, 'ended');
    await act(async () => screen.getByRole('button', { name: 'Cancel' }).click());
    expect(screen.queryByTestId('autoplay-countdown')).toBeNull();
    await seconds(AUTOPLAY_COUNTDOWN_SECONDS * 2);
    expect(location.history.at(-1)).toBe('/watch/v1');

    await fire(video, 'ended');
    expect(screen.getByTestId('autoplay-countdown')).toBeInTheDocument();
    await fire(video, 'seeking');
    expect(screen.queryByTestId('autoplay-countdown')).toBeNull();
    await seconds(AUTOPLAY_COUNTDOWN_SECONDS * 2);
    expect(location.history.at(-1)).toBe('/watch/v1');
  });

  it('with the switch off an ended video stays, and the switch stays off in this browser', async () => {
    const first = setup();
    const region = within(await upNextRegion());
    await region.findByText('Rye at home');
    await userEvent.click(region.getByRole('switch', { name: 'Autoplay' }));
    expect(region.getByRole('switch', { name: 'Autoplay' })).not.toBeChecked();
    expect(JSON.parse(localStorage.getItem(PREFERENCES_KEY)!)).toMatchObject({ autoplay: false });
    const video = await player();
    vi.useFakeTimers();
    await fire(video, 'ended');
    expect(screen.queryByTestId('autoplay-countdown')).toBeNull();
    await seconds(AUTOPLAY_COUNTDOWN_SECONDS * 2);
    expect(first.location.history.at(-1)).toBe('/watch/v1');
    vi.useRealTimers();
    first.unmount();

    // Another page in the same browser: the switch comes back off.
    setup();
    const again = within(await upNextRegion());
    await again.findByText('Rye at home');
    expect(again.getByRole('switch', { name: 'Autoplay' })).not.toBeChecked();
  });

  it('says when there is nothing to play next, and an ended video then stays', async () => {
    const { location } = setup({ upNext: async () => [] });
    const region = within(await upNextRegion());
    expect(await region.findByText('Nothing to play next yet.')).toBeInTheDocument();
    await fire(await player(), 'ended');
    expect(screen.queryByTestId('autoplay-countdown')).toBeNull();
    expect(location.history.at(-1)).toBe('/watch/v1');
  });

  it("sits under the comments' opening where the page is one column (phones)", async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width: 1023.98px'),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    try {
      setup();
      const region = await upNextRegion();
      const comments = screen.getByRole('region', { name: /Comments/ });
      expect(comments).toContainElement(region);
      // After the heading and the add box, before the comments themselves.
      const box = within(comments).getByLabelText('Add a comment');
      expect(box.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(
        screen.getByRole('complementary', { name: 'More From This Channel' }),
      ).not.toContainElement(region);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
