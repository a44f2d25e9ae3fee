/**
 * The upload pipeline of POST /videos. Parts stream to temp files (http/multipart.ts); then the
 * fields are validated, the video probed and remuxed for streaming, the thumbnail re-encoded, both
 * moved into storage, and only then the row inserted. Any failure removes every temp and stored
 * file, so an upload either fully exists or leaves nothing behind.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { LIMITS } from '../../contract/limits.js';
import { tmpDirOf } from '../app.js';
import { newId } from '../db/ids.js';
import { videos } from '../db/schema.js';
import { badRequest } from '../http/errors.js';
import { formatBytes, receiveForm, type FileRule } from '../http/multipart.js';
import type { AppContext } from '../http/types.js';
import { remuxForStreaming, videoFormatOf } from '../media/faststart.js';
import { extractFrame } from '../media/frame.js';
import { IMAGE_CONTENT_TYPE, IMAGE_EXTENSION, processImage } from '../media/images.js';
import { probeVideo } from '../media/video-probe.js';
import { parseNewVideoFields, parseVideoChanges, type VideoFields } from './video-fields.js';

export const THUMBNAIL_RULE: FileRule = {
  maxBytes: LIMITS.imageBytes,
  limitText: formatBytes(LIMITS.imageBytes),
};

function tmpName(ctx: AppContext, prefix: string, ext: string): string {
  return path.join(tmpDirOf(ctx), `${prefix}-${randomBytes(12).toString('hex')}.${ext}`);
}

export const thumbnailKeyOf = (name: string) => `thumbnails/${name}.${IMAGE_EXTENSION}`;

/**
 * Re-encodes an uploaded thumbnail and stores it under a fresh random key (a new name on every
 * change, so the immutable cache of the old URL never shows a stale picture).
 */
export async function storeThumbnail(ctx: AppContext, tmpPath: string): Promise<string> {
  const processed = tmpName(ctx, 'thumb', IMAGE_EXTENSION);
  try {
    await processImage(tmpPath, processed, 'thumbnail', 'thumbnail');
    const key = thumbnailKeyOf(newId());
    await ctx.storage.put(key, processed, IMAGE_CONTENT_TYPE);
    return key;
  } finally {
    await rm(processed, { force: true });
  }
}

/**
 * Handles POST /videos; returns the new video's id. The thumbnail is optional: without one, a
 * frame of the video becomes the thumbnail.
 */
export async function uploadVideo(
  ctx: AppContext,
  request: FastifyRequest,
  ownerId: string,
): Promise<string> {
  const form = await receiveForm(request, tmpDirOf(ctx), {
    videoFile: {
      maxBytes: ctx.config.maxVideoBytes,
      limitText: formatBytes(ctx.config.maxVideoBytes),
    },
    thumbnail: THUMBNAIL_RULE,
  });
  const stored: string[] = [];
  let remuxed: string | undefined;
  let frame: string | undefined;
  try {
    const fields: VideoFields = parseNewVideoFields(form.fields);
    const videoFile = form.files.videoFile;
    const thumbnail = form.files.thumbnail;
    if (!videoFile) throw badRequest('videoFile: is required');

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
    stored.push(thumbnailKey);
    const id = newId();
    const videoKey = `videos/${id}.${format.ext}`;
    await ctx.storage.put(videoKey, remuxed, format.contentType);
    stored.push(videoKey);

    await ctx.db.insert(videos).values({
      id,
      ownerId,
      title: fields.title,
      description: fields.description,
      tags: fields.tags,
      duration,
      isPublished: true,
      videoKey,
      thumbnailKey,
    });
    stored.length = 0;
    return id;
  } finally {
    await form.cleanup();
    if (remuxed) await rm(remuxed, { force: true });
    if (frame) await rm(frame, { force: true });
    await Promise.all(stored.map((key) => ctx.storage.delete(key)));
  }
}

/**
 * Reads an edit form: multipart (text fields and an optional thumbnail) or, without a file, a JSON
 * or urlencoded body. Returns the validated changes and, when sent, the stored new thumbnail key;
 * `discard()` removes that thumbnail again if the update does not go through.
 */
export async function readVideoEdit(ctx: AppContext, request: FastifyRequest) {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body))
      throw badRequest('body: must be an object');
    return { changes: parseVideoChanges(body), thumbnailKey: undefined };
  }
  const form = await receiveForm(request, tmpDirOf(ctx), { thumbnail: THUMBNAIL_RULE });
  try {
    const changes = parseVideoChanges(form.fields);
    const thumbnail = form.files.thumbnail;
    const thumbnailKey = thumbnail ? await storeThumbnail(ctx, thumbnail.path) : undefined;
    return { changes, thumbnailKey };
  } finally {
    await form.cleanup();
  }
}
