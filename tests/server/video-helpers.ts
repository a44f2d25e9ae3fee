/** Shortcuts for server tests: catalogue rows straight into the database, and real uploads. */
import { newId } from '../../server/db/ids.js';
import { videos } from '../../server/db/schema.js';
import type { TestUser } from './auth-helpers.js';
import type { TestApp } from './helpers.js';
import { fixture, multipart, pngImage, type FixtureName } from './media-fixtures.js';

export interface VideoRowInput {
  title?: string;
  description?: string;
  tags?: string[];
  isPublished?: boolean;
  createdAt?: Date;
  views?: number;
  duration?: number;
}

/** A catalogue row (no real file behind it): for feed, search and engagement tests. */
export async function insertVideo(t: TestApp, owner: TestUser, input: VideoRowInput = {}) {
  const [id] = await insertVideos(t, owner, [input]);
  return id!;
}

/** Many rows in one statement (a catalogue large enough to change a plan), their ids in order. */
export async function insertVideos(t: TestApp, owner: TestUser, inputs: VideoRowInput[]) {
  const rows = inputs.map((input) => {
    const id = newId();
    return {
      id,
      ownerId: owner.id,
      title: input.title ?? `Video ${id}`,
      description: input.description ?? 'A test video',
      tags: input.tags ?? ['test'],
      isPublished: input.isPublished ?? true,
      createdAt: input.createdAt ?? new Date(),
      views: input.views ?? 0,
      duration: input.duration ?? 10,
      videoKey: `videos/${id}.mp4`,
      thumbnailKey: `thumbnails/${id}.webp`,
    };
  });
  await t.ctx.db.insert(videos).values(rows);
  return rows.map((row) => row.id);
}

export interface UploadInput {
  fields?: Record<string, string>;
  video?: FixtureName | Buffer | null;
  videoName?: string;
  thumbnail?: Buffer | null;
}

/** Builds the multipart body of POST /videos (defaults: a valid upload). */
export async function uploadBody(input: UploadInput = {}) {
  const fields = input.fields ?? {
    title: 'My first clip',
    description: 'Filmed at home',
    tags: JSON.stringify(['Home', 'test']),
  };
  const files: Parameters<typeof multipart>[1] = {};
  const video = input.video === undefined ? 'plain.mp4' : input.video;
  if (video !== null) {
    files.videoFile = {
      filename: input.videoName ?? (typeof video === 'string' ? video : 'clip.mp4'),
      contentType: 'video/mp4',
      data: typeof video === 'string' ? await fixture(video) : video,
    };
  }
  const thumbnail = input.thumbnail === undefined ? await pngImage() : input.thumbnail;
  if (thumbnail !== null) {
    files.thumbnail = { filename: 'thumb.png', contentType: 'image/png', data: thumbnail };
  }
  return multipart(fields, files);
}

export async function upload(t: TestApp, user: TestUser, input: UploadInput = {}) {
  const { body, headers } = await uploadBody(input);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/videos',
    headers: { ...headers, ...user.headers },
    payload: body,
  });
}
