/**
 * Up next (issue 31): what plays after a video, for anyone who may watch it. One statement reads a
 * few bounded candidate sets, each from an index, and ranks their union:
 * - co-watched: the CO_VIEWERS most recent other viewers of this video (watch_history_video_time_idx)
 *   and, per viewer, up to NEAR_ENTRIES of what they watched within NEAR_WINDOW of it
 *   (watch_history_user_time_idx); a video counts only when MIN_CO_VIEWERS viewers or more share it,
 *   so the list never tells what one other person watched;
 * - tagged: the most popular published videos sharing a tag (the planner walks the popularity
 *   index or the tags' GIN index, whichever its statistics favour);
 * - the channel's newest published videos (videos_owner_published_idx);
 * - the most popular published videos, to fill a short list.
 * Score: 10 per co-viewer, 3 per shared tag, 2 for the same channel; ties go to the more popular
 * (views_tier), then the id, so the order is deterministic. Left out: the video itself,
 * unpublished videos (the caller's own too: Up next is for watching on, not managing), and for a
 * signed-in caller the videos they finished (position at FINISHED_FRACTION of the duration or
 * later, the rule that makes a video start over instead of resuming).
 */
import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import type { UpNext } from '../../contract/search.js';
import { FINISHED_FRACTION } from '../../contract/watch-progress.js';
import { statementSet, type PreparedStatements } from '../db/prepared.js';
import { users, videos } from '../db/schema.js';
import { notFound } from '../errors.js';
import type { MediaUrls } from '../media/media-urls.js';
import { VIDEO_NOT_FOUND, reachableBy, toVideoItem, videoItemColumns } from '../videos/index.js';

/** How many of the video's most recent viewers are read for co-watching. */
export const CO_VIEWERS = 100;
/** Per viewer, how many entries around their watch of this video count. */
export const NEAR_ENTRIES = 10;
/** What counts as watched near it: within a day before or after. */
const NEAR_WINDOW = '1 day';
/** A co-watched video needs this many viewers in common to count (privacy, noise). */
export const MIN_CO_VIEWERS = 2;
const CO_CANDIDATES = 60;
const TAG_CANDIDATES = 40;
const CHANNEL_CANDIDATES = 20;
/** Popular fill reads this many beyond the limit, so exclusions still leave a full list. */
const POPULAR_SPARE = 40;

export const UP_NEXT_WEIGHTS = { coViewer: 10, sharedTag: 3, sameChannel: 2 } as const;

type Param<T> = T | Placeholder;

/**
 * The ranking: the ids of up to `limit` videos with their score and popularity, best first. A
 * visitor is the viewer ''. Exported so the bench can print its plan.
 */
export function upNextRanking(videoId: Param<string>, viewer: Param<string>, limit: Param<number>) {
  const w = UP_NEXT_WEIGHTS;
  return sql`
    with cur as (
      select id, owner_id, tags from videos where id = ${videoId}
    ),
    viewers as (
      select h.user_id, h.watched_at from watch_history h
      where h.video_id = ${videoId} and h.user_id <> ${viewer}
      order by h.watched_at desc nulls last
      limit ${CO_VIEWERS}
    ),
    co as (
      select near.video_id as id, count(*)::int as n
      from viewers v
      cross join lateral (
        select h.video_id from watch_history h
        where h.user_id = v.user_id and h.visible
          and h.watched_at >= v.watched_at - ${NEAR_WINDOW}::interval
          and h.watched_at <= v.watched_at + ${NEAR_WINDOW}::interval
        order by h.watched_at desc nulls last, h.id desc nulls last
        limit ${NEAR_ENTRIES + 1}
      ) near
      where near.video_id <> ${videoId}
      group by near.video_id
      having count(*) >= ${MIN_CO_VIEWERS}
      order by n desc, near.video_id
      limit ${CO_CANDIDATES}
    ),
    tagged as (
      select v.id from videos v, cur
      where v.is_published and v.tags && cur.tags and v.id <> cur.id
      order by v.views_tier desc nulls last, v.id
      limit ${TAG_CANDIDATES}
    ),
    channel as (
      select v.id from videos v, cur
      where v.owner_id = cur.owner_id and v.is_published and v.id <> cur.id
      order by v.created_at desc nulls last, v.id desc nulls last
      limit ${CHANNEL_CANDIDATES}
    ),
    popular as (
      select v.id from videos v
      where v.is_published
      order by v.views_tier desc nulls last
      limit ${limit}::int + ${POPULAR_SPARE}
    ),
    candidates as (
      select id, max(n) as n from (
        select id, n from co
        union all select id, 0 from tagged
        union all select id, 0 from channel
        union all select id, 0 from popular
      ) c
      group by id
    ),
    scored as (
      select v.id, v.views_tier,
        c.n * ${w.coViewer}
          + ${w.sharedTag} * (select count(*) from unnest(v.tags) t where t = any(cur.tags))
          + case when v.owner_id = cur.owner_id then ${w.sameChannel} else 0 end as score
      from candidates c
      cross join cur
      -- One primary-key lookup per candidate (offset 0 keeps the planner from reading the whole
      -- catalogue to join a few hundred ids).
      cross join lateral (
        select id, owner_id, tags, views_tier, duration, is_published from videos
        where id = c.id offset 0
      ) v
      where v.is_published and v.id <> cur.id
        and not exists (
          select 1 from watch_history f
          where f.user_id = ${viewer} and f.video_id = v.id
            and f.position_seconds >= v.duration * ${FINISHED_FRACTION}
        )
      order by score desc, v.views_tier desc nulls last, v.id
      limit ${limit}
    )
    select id, score, views_tier from scored`;
}

/**
 * Prepared once per database: Up next is read beside every watch, and planning its statement cost
 * about as much as running it.
 */
const upNextStatements = statementSet((db) => {
  const ranked = sql`(${upNextRanking(
    sql.placeholder('videoId'),
    sql.placeholder('viewer'),
    sql.placeholder('limit'),
  )}) as ranked`;
  return {
    visible: db
      .select({ id: videos.id })
      .from(videos)
      .where(and(eq(videos.id, sql.placeholder('videoId')), reachableBy(sql.placeholder('viewer'))))
      .prepare('up_next_visible'),
    page: db
      .select(videoItemColumns)
      .from(videos)
      .innerJoin(ranked, sql`ranked.id = ${videos.id}`)
      .innerJoin(users, eq(users.id, videos.ownerId))
      .orderBy(sql`ranked.score desc, ranked.views_tier desc nulls last, ranked.id`)
      .prepare('up_next_page'),
  };
});

/** Up next for `videoId`; 404 when the caller may not watch it (missing, or hidden from them). */
export async function upNext(
  statements: PreparedStatements,
  videoId: string,
  viewerId: string | null,
  limit: number,
  urls: MediaUrls,
): Promise<UpNext> {
  const prepared = statements.of(upNextStatements);
  // A visitor is the viewer '': no user has that id, so only published videos are visible.
  const params = { videoId, viewer: viewerId ?? '', limit };
  const [video] = await prepared.visible.execute(params);
  if (!video) throw notFound(VIDEO_NOT_FOUND);
  const rows = await prepared.page.execute(params);
  return { videos: rows.map((row) => toVideoItem(row, urls)) };
}
