/**
 * Watching a video: the visibility check, the history entry, the view count (once per viewer per
 * hour) and the viewer's tag interest, with the owner's subscriber figures for the watch page.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { VideoDetail } from '../../contract/videos.js';
import type { Db } from '../db/client.js';
import { subscriptions, users, videoViews, videos } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { recordWatch } from './history.js';
import { recordTagInterest } from './tag-scores.js';
import { processingOf, toProcessing } from './video-processing.js';
import {
  VIDEO_NOT_FOUND,
  toVideoItem,
  videoItemColumns,
  visibleTo,
  type MediaUrls,
} from './video-dto.js';

/** A view counts at most once per viewer and video in this window. */
const VIEW_WINDOW = '1 hour';

/** 404 unless `viewerId` may see the video (likes and comments of a video ask this first). */
export async function assertVisibleVideo(db: Db, videoId: string, viewerId: string) {
  const [row] = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.id, videoId), visibleTo(viewerId)));
  if (!row) throw notFound(VIDEO_NOT_FOUND);
}

/** One video with its owner, when `viewerId` may see it (else 404). */
async function findVisibleVideo(db: Db, videoId: string, viewerId: string | null) {
  const [row] = await db
    .select(videoItemColumns)
    .from(videos)
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(and(eq(videos.id, videoId), visibleTo(viewerId)));
  if (!row) throw notFound(VIDEO_NOT_FOUND);
  return row;
}

/**
 * Opening a video: records the watch in history and, at most once per viewer per hour, counts a
 * view and adds the video's tags to the viewer's interests (so reloading a page cannot inflate
 * either). History, the view mark and the counter change in one transaction.
 */
export async function watchVideo(
  db: Db,
  videoId: string,
  viewerId: string,
  urls: MediaUrls,
): Promise<VideoDetail> {
  const row = await findVisibleVideo(db, videoId, viewerId);
  const views = await db.transaction(async (tx) => {
    await recordWatch(tx, viewerId, videoId);
    const counted = await tx
      .insert(videoViews)
      .values({ userId: viewerId, videoId, countedAt: sql`now()` })
      .onConflictDoUpdate({
        target: [videoViews.userId, videoViews.videoId],
        set: { countedAt: sql`now()` },
        setWhere: sql`${videoViews.countedAt} <= now() - ${VIEW_WINDOW}::interval`,
      })
      .returning({ userId: videoViews.userId });
    if (counted.length === 0) return row.views;
    const [updated] = await tx
      .update(videos)
      .set({ views: sql`${videos.views} + 1` })
      .where(eq(videos.id, videoId))
      .returning({ views: videos.views });
    await recordTagInterest(tx, viewerId, row.tags);
    return updated?.views ?? row.views + 1;
  });
  const [[owner], [subscription], processing] = await Promise.all([
    db
      .select({ subscriberCount: users.subscriberCount })
      .from(users)
      .where(eq(users.id, row.ownerId)),
    db
      .select({ channelId: subscriptions.channelId })
      .from(subscriptions)
      .where(
        and(eq(subscriptions.subscriberId, viewerId), eq(subscriptions.channelId, row.ownerId)),
      ),
    processingOf(db, videoId),
  ]);
  const item = toVideoItem({ ...row, views }, urls);
  return {
    ...item,
    processing: toProcessing(processing, urls),
    owner: {
      ...item.owner,
      subscriberCount: owner?.subscriberCount ?? 0,
      isSubscribed: !!subscription,
    },
  };
}
