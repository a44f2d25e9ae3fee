/**
 * Grabs one frame of a video as a PNG (for uploads that come without a thumbnail): the frame at
 * 1 s, like the product's upload form does, or the middle of shorter clips.
 */
import { rm } from 'node:fs/promises';
import { ffmpegPath } from './binaries.js';
import { runBinary } from './run-binary.js';

const FRAME_TIMEOUT_MS = 60_000;

export async function extractFrame(
  videoPath: string,
  outputPng: string,
  durationSeconds: number,
  ffmpegOverride?: string,
): Promise<void> {
  const at = Math.min(1, durationSeconds / 2);
  try {
    await runBinary(
      ffmpegPath(ffmpegOverride),
      [
        '-hide_banner',
        '-nostdin',
        '-v',
        'error',
        '-y',
        '-ss',
        at.toFixed(3),
        '-i',
        videoPath,
        '-frames:v',
        '1',
        '-f',
        'image2',
        '-c:v',
        'png',
        outputPng,
      ],
      FRAME_TIMEOUT_MS,
    );
  } catch (error) {
    await rm(outputPng, { force: true });
    throw error;
  }
}
