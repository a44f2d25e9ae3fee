/**
 * A small real MP4 for the upload journey, made with the ffmpeg the server uses
 * (server/media/binaries.ts): 6 s (by default) of a moving test pattern with a tone, H.264 + AAC,
 * faststart, 320×180 unless a size is asked for (the HLS journey needs 720p for two renditions).
 * Cached in the OS temp folder so reruns skip the encode.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ffmpegPath } from '../../server/media/binaries.js';

const run = promisify(execFile);

export async function makeTestMp4(seconds = 6, size = '320x180'): Promise<string> {
  const file = path.join(os.tmpdir(), `vidtube-e2e-clip-${seconds}s-${size}.mp4`);
  if (existsSync(file)) return file;
  const partial = `${file}.partial.mp4`;
  await run(ffmpegPath(), [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${size}:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
    partial,
  ]);
  const { rename } = await import('node:fs/promises');
  await rename(partial, file);
  return file;
}
