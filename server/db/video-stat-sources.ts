/**
 * Where counted views came from (issue 34), as per-hour counters of each video in
 * video_stat_hours (migration 0023): the view counter's statement (videos/view-counter.ts) adds
 * this step, so a view and its source are written together, and no row says who watched.
 */
import { sql } from 'drizzle-orm';

/** The column of each source (contract/video-analytics.ts VIEW_SOURCES) in video_stat_hours. */
export const SOURCE_COLUMNS = {
  feed: 'from_feed',
  search: 'from_search',
  upNext: 'from_up_next',
  channel: 'from_channel',
  shared: 'from_shared',
  elsewhere: 'from_elsewhere',
} as const;
const VIEW_SOURCES = Object.keys(SOURCE_COLUMNS) as (keyof typeof SOURCE_COLUMNS)[];

/**
 * A CTE step named `sources` for the view counter's statement: it reads `input` (user_id,
 * video_id, source) and `counted` (the views the statement counted, with counted_at).
 */
export function viewSourcesUpsert() {
  const columns = VIEW_SOURCES.map((s) => SOURCE_COLUMNS[s]);
  const counts = VIEW_SOURCES.map((s) => `(count(*) filter (where i.source = '${s}'))::int`).join(
    ', ',
  );
  const updates = columns.map((c) => `${c} = h.${c} + excluded.${c}`).join(', ');
  return sql.raw(`sources as (
      insert into video_stat_hours as h (video_id, hour, ${columns.join(', ')})
      select c.video_id, date_trunc('hour', c.counted_at, 'UTC'), ${counts}
      from counted c join input i on i.user_id = c.user_id and i.video_id = c.video_id
      group by 1, 2 order by 1, 2
      on conflict (video_id, hour) do update set ${updates}
      returning 1
    )`);
}
