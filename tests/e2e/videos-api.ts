/**
 * Videos, comments and likes made through the API, for journeys whose subject is something
 * else: each test makes the video it needs instead of reusing one an earlier test uploaded.
 */
import { readFile } from 'node:fs/promises';
import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';

export interface ApiVideo {
  clip: string;
  title: string;
  description?: string;
  tags?: string[];
}

/** POST /videos as the context's user (published at once); returns the new video's id. */
export async function uploadVideoByApi(
  context: BrowserContext,
  serverUrl: string,
  video: ApiVideo,
): Promise<string> {
  const upload = await context.request.post(`${serverUrl}/api/v1/videos`, {
    multipart: {
      title: video.title,
      description: video.description ?? 'Six seconds of colour bars and a 440 Hz tone.',
      tags: JSON.stringify(video.tags ?? ['e2e']),
      videoFile: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: await readFile(video.clip) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  return ((await upload.json()) as { data: { _id: string } }).data._id;
}

/** POST /comments/{videoId} as the context's user. */
export async function commentByApi(
  context: BrowserContext,
  serverUrl: string,
  videoId: string,
  content: string,
): Promise<void> {
  const posted = await context.request.post(`${serverUrl}/api/v1/comments/${videoId}`, {
    data: { content },
  });
  expect(posted.status(), await posted.text()).toBe(201);
}

/** A word that no other video's title, description or tags hold, for search to find one. */
export function uniqueWord(stem: string): string {
  const letters = Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6);
  return `${stem}${letters}`;
}
