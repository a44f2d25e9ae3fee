/**
 * Watching a video: the visibility check, the history entry, the view count (once per viewer per
 * hour, queued for the view counter) with the owner's subscriber figures for the watch page.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { VideoDetail } from '../../contract/videos.js';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { statementSet, type PreparedStatements } from '../db/prepared.js';
import {
  subscriptions,
  users,
  videoProcessing,
  videoViews,
  videos,
  watchHistory,
} from '../db/schema.js';
import { isDomainError, notFound, unauthorized } from '../errors.js';
import { isSessionActive, sessionIsLive } from '../auth/sessions.js';
import { recordWatchStep } from './watch-entry.js';
import { processingColumns, seekPreviewsUrl, toProcessing } from '../processing/index.js'; // issue 34: seek
import type { ViewSource } from '../../contract/video-analytics.js'; // issue 34: sources
import { VIDEO_NOT_FOUND, reachableBy, toVideoItem, videoItemColumns } from './video-dto.js';
import type { MediaUrls } from '../media/media-urls.js';
import type { ViewCounter } from './view-counter.js';
import type { VideosContext } from './videos-context.js';

/** A view counts at most once per viewer and video in this window. */
const VIEW_WINDOW = '1 hour';

/** 404 unless `viewerId` may see the video (likes and comments of a video ask this first). */
export async function assertVisibleVideo(db: Db, videoId: string, viewerId: string) {
  const [row] = await db
    .select({ id: videos.id, ownerId: videos.ownerId })
    .from(videos)
    .where(and(eq(videos.id, videoId), reachableBy(viewerId)));
  if (!row) throw notFound(VIDEO_NOT_FOUND);
  return row;
}

/**
 * The video with everything the watch page needs, in one query: its owner's subscriber count,
 * its adaptive-streaming state,
 * whether the viewer subscribes, whether the viewer's view already counted this hour, and the
 * database's clock (the time a view is recorded at, so the hour window uses one clock).
 * Prepared once per database: the watch page is the busiest signed-in route. It also checks the
 * viewer's session (the route is `sessionCheckedInQuery`), so a watch is one round trip instead
 * of two: with the separate lookup a watch took 30 % more of the server's time (PostgreSQL,
 * 50 viewers). A revoked or expired session finds no row and records nothing.
 */
const watchStatements = statementSet((db) => {
  const viewerId = sql.placeholder('viewerId');
  const watched = and(
    eq(videos.id, sql.placeholder('videoId')),
    reachableBy(viewerId),
    sessionIsLive(sql.placeholder('sessionId'), viewerId),
  );
  const recorded = recordWatchStep(
    db,
    { id: sql.placeholder('historyId'), userId: viewerId },
    watched,
  );
  return {
    video: db
      .with(recorded)
      .select({
        ...videoItemColumns,
        subscriberCount: users.subscriberCount,
        isSubscribed: sql<boolean>`exists (select 1 from ${subscriptions}
          where ${subscriptions.subscriberId} = ${viewerId}
            and ${subscriptions.channelId} = ${videos.ownerId})`,
        countedThisHour: sql<boolean>`exists (select 1 from ${videoViews}
          where ${videoViews.userId} = ${viewerId} and ${videoViews.videoId} = ${videos.id}
            and ${videoViews.countedAt} > now() - ${sql.raw(`'${VIEW_WINDOW}'`)}::interval)`,
        now: sql<Date>`now()`.mapWith(videos.createdAt),
        // The row as it was before this watch's upsert (a statement's CTE writes are not seen
        // by its own select): where the viewer stopped last time.
        progressSeconds: sql<number | null>`(select ${watchHistory.positionSeconds}
          from ${watchHistory} where ${watchHistory.userId} = ${viewerId}
            and ${watchHistory.videoId} = ${videos.id})`.mapWith(Number),
        processing: processingColumns,
      })
      .from(videos)
      .innerJoin(users, eq(users.id, videos.ownerId))
      .leftJoin(videoProcessing, eq(videoProcessing.videoId, videos.id))
      .where(watched)
      .prepare('watch_video'),
  };
});

/** The signed-in viewer of a watch, whose session the watch's statement checks. */
export interface Viewer {
  userId: string;
  sessionId: string;
}

/**
 * The watched video, recording the watch in history in the same statement. No row: 401 when the
 * session is not live (asked only then), else 404.
 */
async function findWatchedVideo(statements: PreparedStatements, videoId: string, viewer: Viewer) {
  const [row] = await statements.of(watchStatements).video.execute({
    videoId,
    viewerId: viewer.userId,
    sessionId: viewer.sessionId,
    historyId: newId(),
  });
  if (row) return row;
  if (!(await isSessionActive(statements, viewer.sessionId, viewer.userId))) {
    throw unauthorized('Unauthorized request');
  }
  throw notFound(VIDEO_NOT_FOUND);
}

/**
 * Opening a video: records the watch in history at once (the history page shows it on the next
 * load) and, at most once per viewer per hour, queues a counted view, which also adds the video's
 * tags to the viewer's interests when the counter writes it. Reloading a page cannot inflate
 * either. The answer's `views` includes the views still queued, the caller's own among them.
 */
export async function watchVideo(
  statements: PreparedStatements,
  counter: ViewCounter,
  videoId: string,
  viewer: Viewer,
  urls: MediaUrls,
  source: ViewSource = 'elsewhere', // issue 34: sources
): Promise<VideoDetail> {
  const viewerId = viewer.userId;
  const row = await findWatchedVideo(statements, videoId, viewer);
  if (!row.countedThisHour && !counter.has(viewerId, videoId)) {
    counter.add({ userId: viewerId, videoId, at: row.now, source }); // issue 34: sources
  }
  const item = toVideoItem({ ...row, views: row.views + counter.pendingViews(videoId) }, urls);
  return {
    ...item,
    processing: toProcessing(row.processing, urls),
    progressSeconds: row.progressSeconds,
    seekPreviews: seekPreviewsUrl(row.processing, urls), // issue 34: seek
    owner: {
      ...item.owner,
      subscriberCount: row.subscriberCount,
      isSubscribed: row.isSubscribed,
    },
  };
}

/**
 * The watch a signed-in viewer's page is rendered from (issue 35, server/pages/server-render.ts):
 * the same watch as `GET /videos/:videoId`, counted and recorded once (the page then asks no
 * more), or null when the video is not there for the viewer or the session has ended: the page
 * then goes out unrendered and the SPA asks, and says what the API says.
 */
export async function watchForPage(
  ctx: Pick<VideosContext, 'statements' | 'viewCounter'>,
  videoId: string,
  viewer: Viewer,
  urls: MediaUrls,
  source: ViewSource,
): Promise<VideoDetail | null> {
  try {
    return await watchVideo(ctx.statements, ctx.viewCounter, videoId, viewer, urls, source);
  } catch (error) {
    if (isDomainError(error, 'not-found') || isDomainError(error, 'unauthorized')) return null;
    throw error;
  }
}
