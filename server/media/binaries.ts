/**
 * Paths of the ffmpeg and ffprobe binaries: FFMPEG_PATH / FFPROBE_PATH when set, else the binaries
 * shipped inside the @ffmpeg-installer / @ffprobe-installer npm packages.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function ffmpegPath(override?: string): string {
  return (
    override ||
    process.env.FFMPEG_PATH ||
    (require('@ffmpeg-installer/ffmpeg') as { path: string }).path
  );
}

export function ffprobePath(override?: string): string {
  return (
    override ||
    process.env.FFPROBE_PATH ||
    (require('@ffprobe-installer/ffprobe') as { path: string }).path
  );
}
