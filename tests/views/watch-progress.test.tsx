/**
 * The watch page's progress reports as the browser drives them: the element's events, the page
 * hidden (pagehide) and, issue 23's back/forward cache, the page shown again (pageshow with
 * `persisted`), after which reporting must go on.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { SaveProgressInput } from '../../machines/watch-progress.machine';
import { REPORT_INTERVAL_MS } from '../../machines/watch-progress.machine';
import { WatchedPlayer } from '../../src/features/player/watched-player';
import { makeVideoDetail, renderVideoPage } from './videos-helpers';

afterEach(() => vi.useRealTimers());

/** The player, started at 0:00 and playing, with the reports it sends recorded. */
async function playing() {
  const reports: SaveProgressInput[] = [];
  renderVideoPage(
    <WatchedPlayer
      video={makeVideoDetail({ duration: 245 })}
      start={{ seconds: 0, resumed: false }}
      onTheaterChange={() => undefined}
    />,
    {
      actors: {
        saveProgress: fromPromise<void, SaveProgressInput>(async ({ input }) => {
          reports.push(input);
        }),
      },
    },
  );
  const video = await screen.findByLabelText<HTMLVideoElement>('Video: Sunset timelapse');
  vi.useFakeTimers();
  // jsdom plays nothing: the element's state is set by hand, its events dispatched.
  let paused = true;
  Object.defineProperty(video, 'paused', { configurable: true, get: () => paused });
  const at = (seconds: number) =>
    act(async () => {
      video.currentTime = seconds;
      video.dispatchEvent(new Event('timeupdate'));
    });
  const play = () =>
    act(async () => {
      paused = false;
      video.dispatchEvent(new Event('playing'));
    });
  const pause = () =>
    act(async () => {
      paused = true;
      video.dispatchEvent(new Event('pause'));
    });
  const pageEvent = (type: 'pagehide' | 'pageshow', persisted: boolean) =>
    act(async () => {
      window.dispatchEvent(new PageTransitionEvent(type, { persisted }));
    });
  const wait = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));
  await act(async () => void video.dispatchEvent(new Event('loadedmetadata')));
  await play();
  return { reports, at, play, pause, pageEvent, wait };
}

describe('progress reports and the back/forward cache', () => {
  it('reports while playing, and once more with keepalive when the page is hidden', async () => {
    const { reports, at, pageEvent, wait } = await playing();
    await at(4);
    await wait(REPORT_INTERVAL_MS);
    await at(9);
    await pageEvent('pagehide', true);
    await wait(0);
    expect(reports).toEqual([
      { videoId: 'v1', seconds: 4, keepalive: false },
      { videoId: 'v1', seconds: 9, keepalive: true },
    ]);
  });

  it('goes on reporting when the page comes back from the back/forward cache still playing', async () => {
    const { reports, at, pageEvent, wait } = await playing();
    await at(9);
    await pageEvent('pagehide', true);
    await wait(0);
    await pageEvent('pageshow', true);
    await at(12);
    await wait(REPORT_INTERVAL_MS);
    expect(reports).toEqual([
      { videoId: 'v1', seconds: 9, keepalive: true },
      { videoId: 'v1', seconds: 12, keepalive: false },
    ]);
  });

  it('comes back paused when the browser paused it, and reports once played again', async () => {
    const { reports, at, play, pause, pageEvent, wait } = await playing();
    await at(9);
    await pageEvent('pagehide', true);
    await wait(0);
    await pause(); // the browser pauses media kept in the cache
    await pageEvent('pageshow', true);
    await wait(REPORT_INTERVAL_MS);
    expect(reports).toHaveLength(1); // paused: nothing new to say
    await play();
    await at(15);
    await wait(REPORT_INTERVAL_MS);
    await pause();
    await wait(0);
    expect(reports).toEqual([
      { videoId: 'v1', seconds: 9, keepalive: true },
      { videoId: 'v1', seconds: 15, keepalive: false },
      { videoId: 'v1', seconds: 15, keepalive: false },
    ]);
  });
});
