/**
 * GET /dashboard/stats: the caller's channel totals in one statement. Every figure reads its own
 * exact source: counters that move in the same transaction as their rows (videos.views with each
 * counted view, likes_count with each like, users.subscriber_count with each subscription) and
 * counts of the caller's own rows. Unpublished videos are the caller's too, so they count.
 */
import { sql } from 'drizzle-orm';
import type { DashboardStats } from '../../contract/dashboard.js';
import type { Db } from '../db/client.js';

interface StatsRow {
  total_views: number;
  total_videos: number;
  subscribers: number;
  playlists: number;
  tweets: number;
  video_likes: number;
  tweet_likes: number;
  comment_likes: number;
}

export async function channelStats(db: Db, userId: string): Promise<DashboardStats> {
  // Sums are float8: exact up to 2^53 and read back as numbers (bigint would come back as text).
  const result = await db.execute(sql`
    select
      v.total_views, v.total_videos, v.video_likes, t.tweets, t.tweet_likes, c.comment_likes,
      (select count(*)::int from playlists where owner_id = ${userId} and not watch_later) as playlists,
      (select coalesce(max(subscriber_count), 0) from users where id = ${userId}) as subscribers
    from
      (select coalesce(sum(views), 0)::float8 as total_views, count(*)::int as total_videos,
              coalesce(sum(likes_count), 0)::float8 as video_likes
         from videos where owner_id = ${userId}) v,
      (select count(*)::int as tweets, coalesce(sum(likes_count), 0)::float8 as tweet_likes
         from tweets where owner_id = ${userId}) t,
      (select coalesce(sum(likes_count), 0)::float8 as comment_likes
         from comments where owner_id = ${userId}) c`);
  // Drivers differ in their result types; both carry `rows`.
  const row = (result as { rows: StatsRow[] }).rows[0];
  if (!row) throw new Error('dashboard stats returned no row');
  return {
    id: userId,
    totalViews: Number(row.total_views),
    totalVideos: Number(row.total_videos),
    subscribersCount: Number(row.subscribers),
    playlistsCount: Number(row.playlists),
    tweetsCount: Number(row.tweets),
    totalVideosLikes: Number(row.video_likes),
    totalTweetsLikes: Number(row.tweet_likes),
    totalCommentsLikes: Number(row.comment_likes),
  };
}
