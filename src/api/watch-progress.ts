/**
 * Resume where you left off (contract/watch-progress.ts): the player's position reports and the
 * positions for a page of cards. The report that ends a page goes with fetch's `keepalive` (axios
 * has no such option), so it completes after the page is gone; the session cookie goes with it.
 */
import { fromPromise } from 'xstate';
import { API_PREFIX } from '../../contract/limits';
import type { WatchProgressList } from '../../contract/watch-progress';
import type { SaveProgressInput } from '../../machines/watch-progress.machine';
import { request } from './client';

export async function putWatchProgress(input: SaveProgressInput): Promise<void> {
  const seconds = Math.round(input.seconds * 10) / 10;
  const url = `/videos/${encodeURIComponent(input.videoId)}/progress`;
  if (input.keepalive) {
    await fetch(`${API_PREFIX}${url}`, {
      method: 'PUT',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seconds }),
    });
    return;
  }
  await request({ method: 'PUT', url, data: { seconds } });
}

export async function getWatchProgress(
  videoIds: string[],
  signal?: AbortSignal,
): Promise<Record<string, number>> {
  if (videoIds.length === 0) return {};
  const { progress } = await request<WatchProgressList>({
    method: 'GET',
    url: '/videos/progress',
    params: { ids: videoIds.join(',') },
    signal,
  });
  return Object.fromEntries(progress.map((p) => [p.videoId, p.seconds]));
}

/** A failed report is not shown (the machine moves on): the next one carries a newer position. */
export const saveProgress = fromPromise<void, SaveProgressInput>(({ input }) =>
  putWatchProgress(input),
);
