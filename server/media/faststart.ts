/**
 * Rewraps an upload without re-encoding (`-c copy`): MP4 gets `+faststart` (the index moves to the
 * front, so playback starts before the download ends); WebM is rewritten as WebM. Rewriting also
 * validates the whole file: `-xerror` turns a truncated or corrupt upload into a failure instead of
 * a file that stops playing halfway.
 */
import { rm } from 'node:fs/promises';
import { unsupported } from '../errors.js';
import { ffmpegPath } from './binaries.js';
import { runBinary } from './run-binary.js';
import { UNREADABLE_VIDEO, type VideoContainer } from './video-probe.js';

/** Generous: a stream copy of a 2 GB file takes seconds, not minutes. */
const REMUX_TIMEOUT_MS = 10 * 60_000;

export async function remuxForStreaming(
  inputPath: string,
  outputPath: string,
  container: VideoContainer,
  ffmpegOverride?: string,
): Promise<void> {
  const args = [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-xerror',
    '-y',
    '-i',
    inputPath,
    // First video and first audio track only: data tracks (timecodes, subtitles) of camera files
    // cannot always be carried over and are not played by browsers anyway.
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-c',
    'copy',
    ...(container === 'mp4' ? ['-movflags', '+faststart', '-f', 'mp4'] : ['-f', 'webm']),
    outputPath,
  ];
  try {
    await runBinary(ffmpegPath(ffmpegOverride), args, REMUX_TIMEOUT_MS);
  } catch {
    await rm(outputPath, { force: true });
    throw unsupported(UNREADABLE_VIDEO);
  }
}

/** Content type and file extension of a stored video. */
export function videoFormatOf(container: VideoContainer): { contentType: string; ext: string } {
  return container === 'mp4'
    ? { contentType: 'video/mp4', ext: 'mp4' }
    : { contentType: 'video/webm', ext: 'webm' };
}
