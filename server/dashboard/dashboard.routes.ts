/** The creator dashboard: channel totals (API.md) and views per day with the period's top videos. */
import { Envelope } from '../../contract/common.js';
import { DashboardStats, DashboardViews, DashboardViewsQuery } from '../../contract/dashboard.js';
import { callerId } from '../auth/plugin.js';
import { ok } from '../http/envelope.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { channelStats } from './dashboard-stats.js';
import { channelViews } from './dashboard-views.js';
import { videoAnalytics } from './video-analytics.js';
import {
  VideoAnalytics,
  VideoAnalyticsParams,
  VideoAnalyticsQuery,
} from '../../contract/video-analytics.js';
import { errorResponses, mediaUrlsOf } from '../http/route-helpers.js';

const tags = ['dashboard'];
const security = [{ cookieAuth: [] }];

export default async function dashboardRoutes(app: App, { ctx }: RouteOptions) {
  app.get(
    '/stats',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary:
          "The caller's channel totals: views, videos, subscribers, playlists, tweets, likes",
        response: { 200: Envelope(DashboardStats), ...errorResponses(401) },
      },
    },
    async (request) => ok(await channelStats(ctx.db, callerId(request)), 'Channel stats fetched'),
  );

  app.get(
    '/views',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary:
          "Counted views and new subscribers per day of the caller's channel in a time zone, and the period's top 5 videos",
        querystring: DashboardViewsQuery,
        response: { 200: Envelope(DashboardViews), ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      ok(
        await channelViews(ctx.db, callerId(request), request.query, mediaUrlsOf(request, ctx)),
        'Channel views fetched',
      ),
  );

  // issue 34: one video's analytics, for its owner only (anyone else: 404).
  app.get(
    '/videos/:videoId/analytics',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary:
          "One of the caller's videos: views, watch time, average view duration, likes and comments per day in a time zone, audience retention and traffic sources",
        params: VideoAnalyticsParams,
        querystring: VideoAnalyticsQuery,
        response: { 200: Envelope(VideoAnalytics), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      ok(
        await videoAnalytics(ctx.db, callerId(request), request.params.videoId, request.query),
        'Video analytics fetched',
      ),
  );
}
