/**
 * Contract of the dashboard calls:
 *   GET /dashboard/stats                       the caller's channel totals (API.md)
 *   GET /dashboard/views?days=7|28|90&tz=Zone  counted views and new subscribers per day in the
 *                                              viewer's time zone, and the period's top videos
 * Both count only the caller's content, published or not.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, LiteralUnion } from './common.js';
import { DASHBOARD_DEFAULT_PERIOD, DASHBOARD_PERIODS } from './limits.js';

/** API.md's fields, each counted from its own source. */
export const DashboardStats = Type.Object({
  /** The caller's (channel's) id. */
  id: Id,
  /** Counted views of all the caller's videos. */
  totalViews: Type.Integer(),
  /** The caller's videos, published and unpublished. */
  totalVideos: Type.Integer(),
  subscribersCount: Type.Integer(),
  playlistsCount: Type.Integer(),
  tweetsCount: Type.Integer(),
  /** Likes on the caller's videos. */
  totalVideosLikes: Type.Integer(),
  /** Likes on the caller's tweets. */
  totalTweetsLikes: Type.Integer(),
  /** Likes on the comments the caller wrote. */
  totalCommentsLikes: Type.Integer(),
});
export type DashboardStats = Static<typeof DashboardStats>;

/** Longest IANA zone name is ~32 characters; anything longer is not one. */
export const TIME_ZONE_MAX_LENGTH = 64;

export const DashboardViewsQuery = Type.Object({
  days: LiteralUnion(DASHBOARD_PERIODS, { default: DASHBOARD_DEFAULT_PERIOD }),
  /** IANA zone the days are counted in, e.g. Asia/Tokyo; unknown names are a 400. */
  tz: Type.String({ minLength: 1, maxLength: TIME_ZONE_MAX_LENGTH, default: 'UTC' }),
});
export type DashboardViewsQuery = Static<typeof DashboardViewsQuery>;

/** One local day of the period; days without activity are present with 0. */
export const DashboardDay = Type.Object({
  /** YYYY-MM-DD in the requested zone. */
  date: Type.String({ format: 'date' }),
  views: Type.Integer(),
  /** Subscriptions begun that day that are still held. */
  subscribers: Type.Integer(),
});
export type DashboardDay = Static<typeof DashboardDay>;

export const DashboardTopVideo = Type.Object({
  _id: Id,
  title: Type.String(),
  thumbnail: Type.String(),
  isPublished: Type.Boolean(),
  /** Counted views in the period (whole UTC days nearest to it; see the README). */
  views: Type.Integer(),
});
export type DashboardTopVideo = Static<typeof DashboardTopVideo>;

export const DashboardViews = Type.Object({
  days: Type.Integer(),
  timeZone: Type.String(),
  /** First and last day of the period (today in the zone), YYYY-MM-DD. */
  from: Type.String({ format: 'date' }),
  to: Type.String({ format: 'date' }),
  totalViews: Type.Integer(),
  newSubscribers: Type.Integer(),
  daily: Type.Array(DashboardDay),
  topVideos: Type.Array(DashboardTopVideo),
});
export type DashboardViews = Static<typeof DashboardViews>;
