/**
 * A video's stored upload, copied into a run's work folder (ffmpeg reads local files) and probed:
 * what the transcode job and the seek-preview backfill start from.
 */
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ServerContext } from '../context.js';
import { probeVideo, type VideoProbe } from '../media/video-probe.js';

export interface SourceFile extends VideoProbe {
  path: string;
}

export async function fetchSource(
  ctx: Pick<ServerContext, 'storage' | 'config'>,
  videoKey: string,
  workDir: string,
): Promise<SourceFile> {
  const sourcePath = path.join(workDir, 'source');
  await pipeline(ctx.storage.stream(videoKey), createWriteStream(sourcePath));
  return { path: sourcePath, ...(await probeVideo(sourcePath, ctx.config.ffprobePath)) };
}
