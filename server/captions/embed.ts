/**
 * The embed's read (contract/embed.ts): what the player alone needs, for anyone, of a video a
 * visitor may watch (reachableBy(null): public or unlisted, never private). It writes
 * nothing: no view, no history (decisions.md, "Studio (issue 34): captions and the embed").
 */
import { and, eq } from 'drizzle-orm';
import type { EmbedVideo } from '../../contract/embed.js';
import type { Db } from '../db/client.js';
import { users, videoProcessing, videos } from '../db/schema.js';
import { notFound } from '../errors.js';
import { mediaUrl, type MediaUrls } from '../media/media-urls.js';
import { processingColumns, toProcessing } from '../processing/index.js';
import { VIDEO_NOT_FOUND, reachableBy } from '../videos/index.js';
import { listCaptions } from './captions.js';

export async function embedVideo(db: Db, videoId: string, urls: MediaUrls): Promise<EmbedVideo> {
  const [row] = await db
    .select({
      id: videos.id,
      title: videos.title,
      thumbnailKey: videos.thumbnailKey,
      videoKey: videos.videoKey,
      duration: videos.duration,
      channelName: users.fullName,
      processing: processingColumns,
    })
    .from(videos)
    .innerJoin(users, eq(users.id, videos.ownerId))
    .leftJoin(videoProcessing, eq(videoProcessing.videoId, videos.id))
    .where(and(eq(videos.id, videoId), reachableBy(null)));
  if (!row) throw notFound(VIDEO_NOT_FOUND);
  const processing = row.processing?.state ? row.processing : null;
  return {
    _id: row.id,
    title: row.title,
    thumbnail: mediaUrl(urls, row.thumbnailKey),
    videoFile: mediaUrl(urls, row.videoKey),
    hlsUrl: toProcessing(processing, urls).hlsUrl,
    duration: row.duration,
    channelName: row.channelName,
    captions: await listCaptions(db, videoId, null, urls),
  };
}
