/**
 * The creator's review queue: held comments and replies on the caller's videos, oldest first
 * (the queue is worked from its front), each with its video.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { HeldCommentList } from '../../contract/conversation.js';
import type { Db } from '../db/client.js';
import { comments, videos } from '../db/schema.js';
import { mediaSizes, mediaUrl, type MediaUrls } from '../media/media-urls.js';
import { selectComments, toComment } from './comment-rows.js';

export async function listHeld(
  db: Db,
  channelId: string,
  { page, limit }: { page: number; limit: number },
  urls: MediaUrls,
): Promise<HeldCommentList> {
  const held = and(eq(videos.ownerId, channelId), eq(comments.status, 'held'));
  const [rows, [total]] = await Promise.all([
    selectComments(db, channelId)
      .innerJoin(videos, eq(videos.id, comments.videoId))
      .where(held)
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ n: count() })
      .from(comments)
      .innerJoin(videos, eq(videos.id, comments.videoId))
      .where(held),
  ]);
  const videoIds = [...new Set(rows.map((row) => row.videoId))];
  const videoRows =
    videoIds.length === 0
      ? []
      : await db
          .select({ id: videos.id, title: videos.title, thumbnailKey: videos.thumbnailKey })
          .from(videos)
          .where(inArray(videos.id, videoIds));
  const byId = new Map(videoRows.map((v) => [v.id, v]));
  return {
    held: rows.flatMap((row) => {
      const video = byId.get(row.videoId);
      if (!video) return [];
      return [
        {
          comment: toComment(row, urls),
          video: {
            _id: video.id,
            title: video.title,
            thumbnail: mediaUrl(urls, video.thumbnailKey),
            thumbnailSizes: mediaSizes(urls, video.thumbnailKey),
          },
        },
      ];
    }),
    totalHeld: total?.n ?? 0,
    page,
    limit,
  };
}
