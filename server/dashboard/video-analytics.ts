/**
 * GET /dashboard/videos/{videoId}/analytics (issue 34): one video's numbers for its owner. Three
 * reads, none of them proportional to the views: the period's hours of video_stat_hours (at most
 * 24 × 90 rows, summed into the viewer's local days as GET /dashboard/views does), the 11 rows of
 * video_retention, and the video itself. Both tables are kept by migration 0023's triggers.
 */
import { sql } from 'drizzle-orm';
import {
  VIEW_SOURCES,
  type VideoAnalytics,
  type VideoAnalyticsQuery,
} from '../../contract/video-analytics.js';
import type { Db } from '../db/client.js';
import { invalid, notFound } from '../errors.js';
import { SOURCE_COLUMNS } from '../db/video-stat-sources.js';
import { isKnownTimeZone, zonePeriod } from './zone-days.js';

/** The same words as a watch of a video one may not see (videos/video-dto.ts). */
const VIDEO_NOT_FOUND = 'Video not found';

const timestampArray = (instants: Date[]) => `{${instants.map((d) => d.toISOString()).join(',')}}`;

type DayRow = Record<string, number | string | null>;

async function ownedVideo(db: Db, videoId: string, ownerId: string) {
  const result = await db.execute(sql`
    select id, title, duration from videos where id = ${videoId} and owner_id = ${ownerId}`);
  const [row] = (result as { rows: { id: string; title: string; duration: number }[] }).rows;
  if (!row) throw notFound(VIDEO_NOT_FOUND);
  return row;
}

async function dailyRows(db: Db, videoId: string, bounds: Date[]) {
  const sources = VIEW_SOURCES.map((s) => `sum(${SOURCE_COLUMNS[s]})::int as "${s}"`).join(', ');
  const result = await db.execute(sql`
    select width_bucket(hour, ${timestampArray(bounds)}::timestamptz[]) as i,
           sum(views)::int as views, sum(watch_seconds)::float8 as watch_seconds,
           sum(likes)::int as likes, sum(comments)::int as comments, ${sql.raw(sources)}
    from video_stat_hours
    where video_id = ${videoId} and hour >= ${bounds[0]!.toISOString()}::timestamptz
      and hour < ${bounds[bounds.length - 1]!.toISOString()}::timestamptz
    group by 1`);
  return (result as { rows: DayRow[] }).rows;
}

/** Shares of the starting viewers at each tenth; empty while nobody started. */
async function retention(db: Db, videoId: string) {
  const result = await db.execute(sql`
    select tenth, viewers from video_retention where video_id = ${videoId} order by tenth`);
  const counts = Array.from({ length: 11 }, () => 0);
  for (const row of (result as { rows: { tenth: number; viewers: number }[] }).rows) {
    counts[Number(row.tenth)] = Number(row.viewers);
  }
  const started = counts[0]!;
  return {
    retention: started > 0 ? counts.map((n) => Math.min(1, n / started)) : [],
    retentionViewers: started,
  };
}

export async function videoAnalytics(
  db: Db,
  ownerId: string,
  videoId: string,
  { days, timeZone }: VideoAnalyticsQuery,
  now = new Date(),
): Promise<VideoAnalytics> {
  if (!isKnownTimeZone(timeZone)) throw invalid(`Unknown time zone: ${timeZone}`);
  const video = await ownedVideo(db, videoId, ownerId);
  const { dates, bounds } = zonePeriod(days, timeZone, now);
  const rows = await dailyRows(db, videoId, bounds);
  const daily = dates.map((date) => ({ date, views: 0, watchSeconds: 0, likes: 0, comments: 0 }));
  const bySource = new Map(VIEW_SOURCES.map((s) => [s, 0]));
  for (const row of rows) {
    const day = daily[Number(row.i) - 1];
    if (!day) continue;
    day.views = Number(row.views);
    day.watchSeconds = Number(row.watch_seconds);
    day.likes = Number(row.likes);
    day.comments = Number(row.comments);
    for (const s of VIEW_SOURCES) bySource.set(s, bySource.get(s)! + Number(row[s]));
  }
  const sum = (pick: (d: (typeof daily)[number]) => number) =>
    daily.reduce((n, d) => n + pick(d), 0);
  const views = sum((d) => d.views);
  const watchSeconds = sum((d) => d.watchSeconds);
  return {
    videoId: video.id,
    title: video.title,
    duration: Number(video.duration),
    days,
    timeZone,
    from: dates[0]!,
    to: dates[dates.length - 1]!,
    views,
    watchSeconds,
    averageViewSeconds: views > 0 ? watchSeconds / views : 0,
    likes: sum((d) => d.likes),
    comments: sum((d) => d.comments),
    daily,
    ...(await retention(db, videoId)),
    sources: VIEW_SOURCES.map((source) => ({ source, views: bySource.get(source)! })),
  };
}
