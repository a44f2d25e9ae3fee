/**
 * The dashboard rows' conversion status (issue 12): "Processing… n%" polled every 3 s, a toast
 * when it becomes ready, the reason and Retry when it failed, nothing for a ready video.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VideoProcessing } from '../../contract/processing';
import { PROCESSING_POLL_MS } from '../../machines/processing-status.machine';
import { ApiError } from '../../src/api/client';
import { installIntersectionObserver } from './videos-helpers';
import { makeOwnVideo, openVideoList, READY } from './dashboard-videos-helpers';

const HLS = 'http://media.test/hls/p/master.m3u8';
const converting = (progress: number): VideoProcessing => ({
  state: 'processing',
  progress,
  error: null,
  renditions: progress > 0.5 ? ['480p'] : [],
  hlsUrl: progress > 0.5 ? HLS : null,
});
const failed: VideoProcessing = {
  state: 'failed',
  progress: 0.5,
  error: 'The video could not be converted',
  renditions: ['480p'],
  hlsUrl: HLS,
};
const done: VideoProcessing = { ...READY, renditions: ['480p', '720p'], hlsUrl: HLS };

const row = (title: string) => screen.getByRole('listitem', { name: title });
const poll = () => act(async () => vi.advanceTimersByTime(PROCESSING_POLL_MS));

beforeEach(() => installIntersectionObserver());
afterEach(() => vi.useRealTimers());

describe('conversion status on the dashboard rows', () => {
  it('shows progress while processing, polls every 3 s, then toasts and clears once ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fakes = await openVideoList([
      makeOwnVideo(1, { title: 'Harbour at dusk', processing: converting(0.12) }),
      makeOwnVideo(2, { title: 'Old favourite' }),
    ]);
    expect(within(row('Harbour at dusk')).getByRole('status')).toHaveTextContent('Processing… 12%');
    // A ready video shows nothing extra and is never polled.
    expect(within(row('Old favourite')).queryByRole('status')).toBeNull();
    expect(within(row('Old favourite')).queryByRole('button', { name: 'Retry' })).toBeNull();

    await poll();
    expect(fakes.fetchProcessing.calls).toEqual([{ videoId: 'v1' }]);
    await act(async () => fakes.fetchProcessing.resolve(converting(0.64)));
    expect(within(row('Harbour at dusk')).getByRole('status')).toHaveTextContent('Processing… 64%');

    await poll();
    await act(async () => fakes.fetchProcessing.resolve(done));
    expect(within(row('Harbour at dusk')).queryByRole('status')).toBeNull();
    expect(await screen.findByText('Your video “Harbour at dusk” is ready in 720p')).toBeVisible();
    await poll();
    expect(fakes.fetchProcessing.calls).toHaveLength(2);
  });

  it('shows why a conversion failed and restarts it with Retry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fakes = await openVideoList([
      makeOwnVideo(1, { title: 'Harbour at dusk', processing: failed }),
    ]);
    const harbour = within(row('Harbour at dusk'));
    expect(harbour.getByText('The video could not be converted')).toBeVisible();
    await poll();
    expect(fakes.fetchProcessing.calls).toHaveLength(0);

    // A refused Retry keeps the row failed and says why.
    fireEvent.click(harbour.getByRole('button', { name: 'Retry' }));
    expect(fakes.retryProcessing.calls).toEqual([{ videoId: 'v1' }]);
    expect(harbour.getByRole('button', { name: /Retry/ })).toBeDisabled();
    await act(async () =>
      fakes.retryProcessing.reject(new ApiError('Only a failed conversion can be retried', 409)),
    );
    expect(harbour.getByRole('alert')).toHaveTextContent('Only a failed conversion can be retried');

    fireEvent.click(harbour.getByRole('button', { name: 'Retry' }));
    await act(async () =>
      fakes.retryProcessing.resolve({ ...failed, state: 'processing', error: null }),
    );
    expect(harbour.getByRole('status')).toHaveTextContent('Processing… 50%');
    expect(harbour.queryByRole('button', { name: 'Retry' })).toBeNull();
    await poll();
    expect(fakes.fetchProcessing.calls).toEqual([{ videoId: 'v1' }]);
  });
});
