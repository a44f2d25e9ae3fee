/**
 * The creator dashboard's calls (contract/dashboard.ts) and the promise actors its machines run.
 * Failures reject with the client's ApiError, whose message (the server's) the grid shows.
 */
import { fromPromise } from 'xstate';
import type { DashboardStats, DashboardViews } from '../../contract/dashboard';
import type { DashboardPeriod } from '../../machines/channel-views.machine';
import { request } from './client';

export function getChannelStats(signal?: AbortSignal) {
  return request<DashboardStats>({ method: 'GET', url: '/dashboard/stats', signal });
}

/** Counted views and new subscribers per day of the last `days` days in `timeZone`. */
export function getChannelViews(days: DashboardPeriod, timeZone: string, signal?: AbortSignal) {
  return request<DashboardViews>({
    method: 'GET',
    url: '/dashboard/views',
    params: { days, tz: timeZone },
    signal,
  });
}

export const dashboardStatsActors = {
  fetchStats: fromPromise<DashboardStats, void>(({ signal }) => getChannelStats(signal)),
  // The signal aborts a period's call when another period is chosen (the machine stops it).
  fetchViews: fromPromise<DashboardViews, { days: DashboardPeriod; timeZone: string }>(
    ({ input, signal }) => getChannelViews(input.days, input.timeZone, signal),
  ),
};
