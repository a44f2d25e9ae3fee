/**
 * The OwnVideoItem (contract/videos.ts) of the owner's dashboard: the VideoItem with its like
 * count and adaptive-streaming state. The own list (feed/video-feed.ts) and the visibility
 * answer (video-visibility.routes.ts) read it the same way.
 */
import { eq } from 'drizzle-orm';
import type { OwnVideoItem } from '../../contract/videos.js';
import type { Db } from '../db/client.js';
import { users, videoProcessing, videos } from '../db/schema.js';
import { notFound } from '../errors.js';
import type { MediaUrls } from '../media/media-urls.js';
import { toProcessing } from '../processing/index.js';
import { VIDEO_NOT_FOUND, toVideoItem, videoItemColumns, type VideoItemRow } from './video-dto.js';

export const ownVideoColumns = {
  ...videoItemColumns,
  likeCount: videos.likesCount,
  processing: videoProcessing,
};

type OwnVideoRow = VideoItemRow & {
  likeCount: number;
  processing: Parameters<typeof toProcessing>[0];
};

export function toOwnVideoItem(row: OwnVideoRow, urls: MediaUrls): OwnVideoItem {
  return {
    ...toVideoItem(row, urls),
    likeCount: row.likeCount,
    processing: toProcessing(row.processing, urls),
  };
}

/** One of the owner's videos as the dashboard lists it (no visibility rule: for its owner). */
export async function ownVideoItem(db: Db, videoId: string, urls: MediaUrls) {
  const [row] = await db
    .select(ownVideoColumns)
    .from(videos)
    .innerJoin(users, eq(users.id, videos.ownerId))
    // Videos from before adaptive streaming (the demo's) have no row: ready, MP4 only.
    .leftJoin(videoProcessing, eq(videoProcessing.videoId, videos.id))
    .where(eq(videos.id, videoId));
  if (!row) throw notFound(VIDEO_NOT_FOUND);
  return toOwnVideoItem(row, urls);
}
