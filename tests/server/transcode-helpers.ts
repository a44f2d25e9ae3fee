/** Shared steps of the transcode tests: upload a 720p clip, run the worker until it settles. */
import { expect } from 'vitest';
import type { VideoDetail } from '../../contract/videos.js';
import { transcodeJob } from '../../server/job-table.js';
import { startJobWorkers } from '../../server/jobs/job-workers.js';
import type { TestUser } from './auth-helpers.js';
import type { TestApp } from './helpers.js';
import { upload } from './video-helpers.js';

export const silentLog = { info() {}, error() {}, warn() {} } as never;

/** A 480p rendition as a transcode records it (for tests that make its row without ffmpeg). */
export const RENDITION_480P = {
  name: '480p',
  width: 854,
  height: 480,
  bandwidth: 900_000,
  averageBandwidth: 800_000,
  codecs: 'avc1.4d401e,mp4a.40.2',
  segments: 2,
};

export async function watch(t: TestApp, user: TestUser, id: string): Promise<VideoDetail> {
  const res = await t.app.inject({ url: `/api/v1/videos/${id}`, headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: VideoDetail }>().data;
}

/**
 * Polls `read` every 100 ms until `done` holds, and returns that value; throws once `withinMs`
 * have passed without it. A wait for a condition, never a proof that something did not happen.
 */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  withinMs = 90_000,
): Promise<T> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (performance.now() > deadline) {
      throw new Error(`condition not reached in ${withinMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function uploadHd(t: TestApp, user: TestUser): Promise<string> {
  const res = await upload(t, user, { video: 'hd.mp4' });
  expect(res.statusCode).toBe(201);
  return res.json<{ data: { _id: string } }>().data._id;
}

/** Runs an in-process worker until the video is no longer processing; returns its watch item. */
export async function transcodeNow(t: TestApp, user: TestUser, id: string): Promise<VideoDetail> {
  const workers = await startJobWorkers(t.ctx, silentLog, [transcodeJob]);
  try {
    return await until(
      () => watch(t, user, id),
      (v) => v.processing.state !== 'processing',
    );
  } finally {
    await workers.stop();
  }
}

/** The path of a media URL (app.inject takes paths), optionally of a URI relative to it. */
export function mediaPath(url: string, relative = ''): string {
  return new URL(relative, url).pathname;
}
