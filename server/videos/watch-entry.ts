import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { videos, watchHistory } from '../db/schema.js';

/**
 * The history entry of opening a video, as a step of the statement that reads the video (the
 * watch page's, videos/video-watch.ts): one round trip and one commit per watch instead of two.
 * It inserts a row only when `watchedVideo` (a condition on `videos`) finds the video, so a hidden
 * or missing video leaves no trace, and a second watch only moves `watched_at`.
 */
export function recordWatchStep(
  db: Db,
  entry: { id: SQL | Placeholder<string>; userId: SQL | Placeholder<string> },
  watchedVideo: SQL | undefined,
) {
  return db.$with('recorded_watch').as(
    db
      .insert(watchHistory)
      .select(
        db
          .select({
            id: sql<string>`${entry.id}::text`.as('id'),
            userId: sql<string>`${entry.userId}::text`.as('user_id'),
            videoId: videos.id,
            watchedAt: sql<Date>`now()`.as('watched_at'),
            // Set by the row's insert trigger from the video (drizzle/0004), whoever inserts.
            visible: sql<boolean>`true`.as('visible'),
            positionSeconds: sql<number | null>`null::double precision`.as('position_seconds'),
          })
          .from(videos)
          .where(watchedVideo),
      )
      .onConflictDoUpdate({
        target: [watchHistory.userId, watchHistory.videoId],
        set: { watchedAt: sql`now()` },
      })
      .returning({ id: watchHistory.id }),
  );
}
