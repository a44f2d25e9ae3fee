/**
 * The upload pipeline of POST /videos. The route has already streamed the parts to temp files and
 * validated the text fields against its schema; this checks the tags (cheap) before the video is
 * probed and remuxed for streaming, the thumbnail re-encoded, both moved into storage, and only
 * then the row inserted. Any failure removes every file this made, so an upload either fully
 * exists or leaves nothing behind (the received temp files are the route's to remove); a kill
 * before the row commits leaves the keys in the media journal for the next start to remove.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { ServerContext } from '../context.js';
import { newId } from '../db/ids.js';
import { videos } from '../db/schema.js';
import { requiredField } from '../errors.js';
import type { ReceivedFile } from '../media/received-file.js';
import { remuxForStreaming, videoFormatOf } from '../media/faststart.js';
import { extractFrame } from '../media/frame.js';
import { probeVideo } from '../media/video-probe.js';
import { storedKeysOf } from '../media/image-keys.js';
import { storeNewImage } from '../media/sized-images.js';
import { announceNewVideo } from '../events/live-topics.js';
import { notifySubscribersOfVideo } from '../notifications/index.js';
import { createProcessing, enqueueTranscode } from '../processing/index.js';
import { parseTagsField } from './video-fields.js';
import type { Visibility } from '../../contract/video-visibility.js';
import { checkedPublishAt, schedulePublish } from './video-publication.js';

export interface VideoUploadInput {
  /** Checked by the route's body schema; title and description already trimmed. */
  fields: {
    title: string;
    description?: string | undefined;
    tags: string;
    /** Issue 34: default public; a schedule with private or unlisted (checked as the API does). */
    visibility?: Visibility | undefined;
    publishAt?: string | undefined;
  };
  files: { videoFile?: ReceivedFile | undefined; thumbnail?: ReceivedFile | undefined };
}

function tmpName(ctx: Pick<ServerContext, 'tmpDir'>, prefix: string, ext: string): string {
  return path.join(ctx.tmpDir, `${prefix}-${randomBytes(12).toString('hex')}.${ext}`);
}

/** Stores an uploaded (or extracted) picture at every thumbnail width; returns its key. */
export function storeThumbnail(ctx: ServerContext, tmpPath: string): Promise<string> {
  return storeNewImage(ctx, tmpPath, 'thumbnail', 'thumbnail');
}

/**
 * Returns the new video's id. The thumbnail is optional: without one, a frame of the video
 * becomes the thumbnail.
 */
export async function uploadVideo(
  ctx: ServerContext,
  ownerId: string,
  { fields, files }: VideoUploadInput,
): Promise<string> {
  const tags = parseTagsField(fields.tags, 1);
  const visibility = fields.visibility ?? 'public';
  const publishAt = checkedPublishAt({ visibility, publishAt: fields.publishAt });
  const { videoFile, thumbnail } = files;
  if (!videoFile) throw requiredField('videoFile');
  const stored: string[] = [];
  let notified = 0;
  const recorded: string[] = [];
  let remuxed: string | undefined;
  let frame: string | undefined;
  try {
    const probe = await probeVideo(videoFile.path, ctx.config.ffprobePath);
    const format = videoFormatOf(probe.target);
    remuxed = tmpName(ctx, 'remux', format.ext);
    await remuxForStreaming(videoFile.path, remuxed, probe.target, ctx.config.ffmpegPath);
    // The remuxed file's own duration is what players will see.
    const { duration } = await probeVideo(remuxed, ctx.config.ffprobePath);

    let thumbnailSource = thumbnail?.path;
    if (!thumbnailSource) {
      // No picture sent: use a frame of the video (what the product's upload form does too).
      frame = tmpName(ctx, 'frame', 'png');
      await extractFrame(remuxed, frame, duration, ctx.config.ffmpegPath);
      thumbnailSource = frame;
    }
    const thumbnailKey = await storeThumbnail(ctx, thumbnailSource);
    recorded.push(thumbnailKey);
    stored.push(...storedKeysOf(thumbnailKey));
    const id = newId();
    // A random name, not the public id: a media URL cannot be derived from a video's id.
    const videoKey = `videos/${newId()}.${format.ext}`;
    await ctx.journal.record([videoKey]);
    recorded.push(videoKey);
    await ctx.storage.put(videoKey, remuxed, format.contentType);
    stored.push(videoKey);

    // The row, its processing state and the transcode job commit together or not at all.
    await ctx.db.transaction(async (tx) => {
      await tx.insert(videos).values({
        id,
        ownerId,
        title: fields.title,
        description: fields.description ?? '',
        tags,
        duration,
        visibility,
        publishAt,
        videoKey,
        thumbnailKey,
      });
      await createProcessing(tx, id);
      // Announced when it first becomes public (video-publication.ts): now, or at its schedule.
      if (visibility === 'public') notified = await notifySubscribersOfVideo(tx, id, ownerId);
      if (publishAt) await schedulePublish(ctx, tx, id, publishAt);
      await enqueueTranscode(ctx, tx, id);
      await ctx.journal.clear(recorded, tx);
    });
    stored.length = 0;
    if (notified > 0) await announceNewVideo(ctx.events, id);
    return id;
  } finally {
    if (remuxed) await rm(remuxed, { force: true });
    if (frame) await rm(frame, { force: true });
    if (stored.length > 0) {
      await Promise.all(stored.map((key) => ctx.storage.delete(key)));
      await ctx.journal.clear(recorded);
    }
  }
}
