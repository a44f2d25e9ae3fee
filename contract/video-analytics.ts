/**
 * Contract of issue 34's per-video analytics and of where a watch came from:
 *   GET /videos/{videoId}?source=feed|search|upNext|channel|shared|elsewhere
 *       the watch call says where the click came from (the SPA decides; absent or anything
 *       else: elsewhere); only counted views count, as per-hour counters without the viewer
 *   GET /dashboard/videos/{videoId}/analytics?days=7|28|90&timeZone=Zone
 *       the owner's numbers for one video (another user's video, or none: 404)
 * Days are local days in the viewer's zone, summed from UTC hours (server/dashboard/zone-days.ts,
 * the rules of GET /dashboard/views).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, LiteralUnion } from './common.js';
import { TIME_ZONE_MAX_LENGTH } from './dashboard.js';
import { DASHBOARD_DEFAULT_PERIOD, DASHBOARD_PERIODS } from './limits.js';

/** Where a watch came from, as the SPA tells the watch call. */
export const VIEW_SOURCES = ['feed', 'search', 'upNext', 'channel', 'shared', 'elsewhere'] as const;
export type ViewSource = (typeof VIEW_SOURCES)[number];

export const WatchQuery = Type.Object({
  source: Type.Optional(LiteralUnion(VIEW_SOURCES)),
});
export type WatchQuery = Static<typeof WatchQuery>;

export const VideoAnalyticsParams = Type.Object({ videoId: Id });

export const VideoAnalyticsQuery = Type.Object({
  days: LiteralUnion(DASHBOARD_PERIODS, { default: DASHBOARD_DEFAULT_PERIOD }),
  /** IANA zone the days are counted in, e.g. Asia/Tokyo; unknown names are a 400. */
  timeZone: Type.String({ minLength: 1, maxLength: TIME_ZONE_MAX_LENGTH, default: 'UTC' }),
});
export type VideoAnalyticsQuery = Static<typeof VideoAnalyticsQuery>;

export const VideoAnalyticsDay = Type.Object({
  /** YYYY-MM-DD in the requested zone. */
  date: Type.String({ format: 'date' }),
  views: Type.Integer(),
  /** Seconds watched that day (from the player's progress reports). */
  watchSeconds: Type.Number(),
  /** Likes and comments made that day that are still there. */
  likes: Type.Integer(),
  comments: Type.Integer(),
});
export type VideoAnalyticsDay = Static<typeof VideoAnalyticsDay>;

export const VideoAnalytics = Type.Object({
  videoId: Id,
  title: Type.String(),
  /** Seconds. */
  duration: Type.Number(),
  days: Type.Integer(),
  timeZone: Type.String(),
  from: Type.String({ format: 'date' }),
  to: Type.String({ format: 'date' }),
  /** The period's totals. */
  views: Type.Integer(),
  watchSeconds: Type.Number(),
  /** watchSeconds / views (0 without views). */
  averageViewSeconds: Type.Number(),
  likes: Type.Integer(),
  comments: Type.Integer(),
  daily: Type.Array(VideoAnalyticsDay),
  /**
   * Audience retention since upload: 11 shares (0…1), at 0 %, 10 % … 100 % of the video, of the
   * viewers who started it (by the furthest point each reached); empty while nobody did.
   */
  retention: Type.Array(Type.Number()),
  /** Viewers the retention curve counts. */
  retentionViewers: Type.Integer(),
  /** Counted views of the period by where they came from, every source present. */
  sources: Type.Array(
    Type.Object({
      source: LiteralUnion(VIEW_SOURCES),
      views: Type.Integer(),
    }),
  ),
});
export type VideoAnalytics = Static<typeof VideoAnalytics>;
