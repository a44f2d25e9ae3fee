/**
 * The watch history calls (API.md, Users and Videos) over the one HTTP client, and the promise
 * actors the history machine runs.
 */
import { fromPromise } from 'xstate';
import type { HistoryPage } from '../../contract/history';
import { request } from './client';

export function getHistory(page: number, limit: number, signal?: AbortSignal) {
  return request<HistoryPage>({
    method: 'GET',
    url: '/users/history',
    params: { page, limit },
    signal,
  });
}

export function removeFromHistory(videoId: string) {
  return request<unknown>({
    method: 'DELETE',
    url: `/videos/watch-history/${encodeURIComponent(videoId)}`,
  });
}

export function clearHistory() {
  return request<{ deletedCount: number }>({ method: 'DELETE', url: '/videos/watch-history' });
}

export const historyActors = {
  fetchHistory: fromPromise<HistoryPage, { page: number; limit: number }>(({ input, signal }) =>
    getHistory(input.page, input.limit, signal),
  ),
  removeFromHistory: fromPromise<unknown, { videoId: string }>(({ input }) =>
    removeFromHistory(input.videoId),
  ),
  clearHistory: fromPromise<unknown, void>(() => clearHistory()),
};
