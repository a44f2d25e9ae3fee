/**
 * The subscriptions feed: the newest published videos of the channels the caller subscribes to,
 * newest first. Read per channel, then merged: each followed channel gives at most the rows the
 * page needs from its own index (videos_owner_published_idx), so the cost follows the number of
 * channels and the depth of the page, never the size of the catalogue. With 1 000 channels over a
 * million videos, reading "all videos, keep the followed ones" would scan until enough matched,
 * and "all videos of the followed channels, sorted" would sort every one of them.
 *
 * The orders say NULLS LAST as the index does (DESC alone means NULLS FIRST in PostgreSQL, and
 * the planner would then sort each channel's rows instead of reading them in index order).
 *
 * The feed goes FEED_DEPTH videos deep: further pages are empty. Its total is the real number of
 * videos it holds, counted on every page (past the end too) up to one row past FEED_DEPTH through
 * the same indexes; when the followed channels have more, the total is FEED_DEPTH and
 * `totalIsLowerBound` says so, as a search past its cap does.
 */
import { sql } from 'drizzle-orm';
import type { VideoList } from '../../contract/videos.js';
import type { Db } from '../db/client.js';
import { toVideoItem, type VideoItemRow } from '../videos/index.js';
import type { MediaUrls } from '../media/media-urls.js';

/** How far back the feed goes, in videos. */
export const FEED_DEPTH = 1000;

export async function subscriptionFeed(
  db: Db,
  subscriberId: string,
  { page, limit }: { page: number; limit: number },
  urls: MediaUrls,
): Promise<VideoList> {
  const offset = (page - 1) * limit;
  const want = Math.max(0, Math.min(limit + 1, FEED_DEPTH - offset));
  const [rows, held] = await Promise.all([
    want === 0 ? [] : feedRows(db, subscriberId, offset, want),
    feedSize(db, subscriberId),
  ]);
  const shown = rows.slice(0, limit);
  return {
    videos: shown.map((row) => toVideoItem({ ...row, createdAt: new Date(row.createdAt) }, urls)),
    totalVideos: Math.min(held, FEED_DEPTH),
    totalIsLowerBound: held > FEED_DEPTH,
    page,
    limit,
  };
}

/**
 * How many videos the feed holds, counted up to one past FEED_DEPTH: per followed channel from
 * the same partial index as the page (LATERAL, so no plan reads all published videos), stopping
 * as soon as the count passes the depth.
 */
async function feedSize(db: Db, subscriberId: string): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from (
      select 1 from subscriptions s
      cross join lateral (
        select 1 from videos
        where owner_id = s.channel_id and is_published
        limit ${FEED_DEPTH + 1}
      ) c
      where s.subscriber_id = ${subscriberId}
      limit ${FEED_DEPTH + 1}
    ) held`);
  return Number((result as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

async function feedRows(db: Db, subscriberId: string, offset: number, want: number) {
  const result = await db.execute(sql`
    select v.id, v.title, v.description, v.tags, v.duration, v.views,
           v.is_published as "isPublished", v.video_key as "videoKey",
           v.thumbnail_key as "thumbnailKey", v.created_at as "createdAt",
           u.id as "ownerId", u.user_name as "ownerUserName", u.full_name as "ownerFullName",
           u.avatar_key as "ownerAvatarKey"
    from (
      select c.id, c.created_at
      from subscriptions s
      cross join lateral (
        select id, created_at from videos
        where owner_id = s.channel_id and is_published
        order by created_at desc nulls last, id desc nulls last
        limit ${offset + want}
      ) c
      where s.subscriber_id = ${subscriberId}
      order by c.created_at desc nulls last, c.id desc nulls last
      limit ${want} offset ${offset}
    ) top
    join videos v on v.id = top.id
    join users u on u.id = v.owner_id
    order by top.created_at desc nulls last, top.id desc nulls last`);
  // Drivers differ in their result types; both carry `rows`.
  return (result as { rows: VideoItemRow[] }).rows;
}
