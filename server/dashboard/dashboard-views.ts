/**
 * GET /dashboard/views: counted views and new subscribers per day of the caller's channel in the
 * viewer's time zone, and the period's most viewed videos.
 *
 * Neither reads video_views: it keeps only each viewer's latest counted view, and scanning a
 * million rows could not answer in 20 ms anyway. The triggers of migration 0003 keep
 *  - channel_stat_hours, one row per channel and UTC hour: a 90-day chart sums at most 2 160 rows
 *    into the viewer's days, exact in every zone whose offset is whole hours (a view in a
 *    half-hour zone's boundary hour lands on the day its UTC hour starts in);
 *  - video_view_blocks, running daily totals per video over 128-day blocks: a video's views since
 *    any UTC day is one subscript per block, so ranking 1 000 videos reads about 2 000 rows.
 * The ranking counts whole UTC days from the midnight nearest to the period's start (within 12 h
 * of it); per-hour rows per video would be 24 times as many to read.
 */
import { sql } from 'drizzle-orm';
import type {
  DashboardTopVideo,
  DashboardViews,
  DashboardViewsQuery,
} from '../../contract/dashboard.js';
import { DASHBOARD_TOP_VIDEOS } from '../../contract/limits.js';
import { arrayLiteral } from '../db/array-literal.js';
import type { Db } from '../db/client.js';
import { invalid } from '../errors.js';
import { mediaUrl, type MediaUrls } from '../media/media-urls.js';
import { isKnownTimeZone, zonePeriod } from './zone-days.js';

const DAY_MS = 86_400_000;
/** Days per video_view_blocks row; must match migration 0003. */
const BLOCK_DAYS = 128;

interface DayRow {
  i: number;
  views: number;
  subscribers: number;
}

interface TopRow {
  id: string;
  title: string;
  thumbnail_key: string;
  is_published: boolean;
  views: number;
}

/** A PostgreSQL array literal of instants, sent as one text parameter. */
const timestampArray = (instants: Date[]) => arrayLiteral(instants.map((d) => d.toISOString()));

async function dailyTotals(db: Db, channelId: string, bounds: Date[]) {
  const from = bounds[0]!;
  const to = bounds[bounds.length - 1]!;
  // width_bucket gives the 1-based local day an hour starts in.
  const result = await db.execute(sql`
    select width_bucket(hour, ${timestampArray(bounds)}::timestamptz[]) as i,
           sum(views)::int as views, sum(subscribers)::int as subscribers
    from channel_stat_hours
    where channel_id = ${channelId} and hour >= ${from.toISOString()}::timestamptz
      and hour < ${to.toISOString()}::timestamptz
    group by 1`);
  return (result as { rows: DayRow[] }).rows;
}

async function topVideos(
  db: Db,
  channelId: string,
  periodStart: Date,
  urls: MediaUrls,
): Promise<DashboardTopVideo[]> {
  const startDay = Math.round(periodStart.getTime() / DAY_MS);
  const block = Math.floor(startDay / BLOCK_DAYS);
  // Views before the start day within its block; cum[0] is null for the block's first day.
  const before = startDay - block * BLOCK_DAYS;
  const result = await db.execute(sql`
    select v.id, v.title, v.thumbnail_key, v.is_published, t.views
    from (
      select video_id, sum(cum[${BLOCK_DAYS}] - case when block = ${block}::int
                                 then coalesce(cum[${before}::int], 0) else 0 end)::int as views
      from video_view_blocks
      where channel_id = ${channelId} and block >= ${block}::int
      group by video_id
      order by views desc, video_id
      limit ${DASHBOARD_TOP_VIDEOS}
    ) t
    join videos v on v.id = t.video_id
    where t.views > 0
    order by t.views desc, v.id`);
  return (result as { rows: TopRow[] }).rows.map((row) => ({
    _id: row.id,
    title: row.title,
    thumbnail: mediaUrl(urls, row.thumbnail_key),
    isPublished: row.is_published,
    views: Number(row.views),
  }));
}

export async function channelViews(
  db: Db,
  channelId: string,
  { days, tz }: DashboardViewsQuery,
  urls: MediaUrls,
  now = new Date(),
): Promise<DashboardViews> {
  if (!isKnownTimeZone(tz)) throw invalid(`Unknown time zone: ${tz}`);
  const { dates, bounds } = zonePeriod(days, tz, now);
  const rows = await dailyTotals(db, channelId, bounds);
  const top = await topVideos(db, channelId, bounds[0]!, urls);
  const daily = dates.map((date) => ({ date, views: 0, subscribers: 0 }));
  for (const row of rows) {
    const day = daily[Number(row.i) - 1];
    if (!day) continue;
    day.views = Number(row.views);
    day.subscribers = Number(row.subscribers);
  }
  return {
    days,
    timeZone: tz,
    from: dates[0]!,
    to: dates[dates.length - 1]!,
    totalViews: daily.reduce((n, d) => n + d.views, 0),
    newSubscribers: daily.reduce((n, d) => n + d.subscribers, 0),
    daily,
    topVideos: top,
  };
}
