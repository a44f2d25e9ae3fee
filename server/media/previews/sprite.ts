/**
 * Makes a video's seek-preview sprite with ffmpeg in one pass: `fps` keeps one frame per
 * interval, `scale` shrinks it to a tile, `tile` lays the tiles out in rows of COLUMNS, and the
 * one output picture is a JPEG. Then the WebVTT map that says which tile covers which moment.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ffmpegPath } from '../binaries.js';
import { runBinary } from '../run-binary.js';
import { COLUMNS, TILE_WIDTH, previewMap, tileCount, tileHeight, tileInterval } from './keys.js';

export interface SpriteSource {
  path: string;
  duration: number;
  width: number;
  height: number;
}

export interface MadePreviews {
  interval: number;
  tiles: number;
  /** File names in the work folder: the map first, then the sprite. */
  files: [string, string];
}

/** A minute of 1080p decodes in seconds; a stuck run must still end. */
const timeLimitMs = (duration: number) => 10 * 60_000 + duration * 2_000;

export function spriteArgs(source: SpriteSource, out: string) {
  const interval = tileInterval(source.duration);
  const tiles = tileCount(source.duration, interval);
  const columns = Math.min(COLUMNS, tiles);
  const rows = Math.ceil(tiles / columns);
  const height = tileHeight(source.width, source.height);
  const args = [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-i',
    source.path,
    '-map',
    '0:v:0',
    '-vf',
    `fps=1/${interval},scale=${TILE_WIDTH}:${height},setsar=1,tile=${columns}x${rows}`,
    '-frames:v',
    '1',
    '-q:v',
    '5',
    out,
  ];
  return { args, interval, tiles, height };
}

export async function makePreviews(
  source: SpriteSource,
  dir: string,
  stem: string,
  options: { ffmpeg?: string; signal?: AbortSignal; niceness?: number } = {},
): Promise<MadePreviews> {
  if (options.signal?.aborted) throw new Error('previews aborted');
  const sprite = `${stem}.jpg`;
  const map = `${stem}.vtt`;
  const { args, interval, tiles, height } = spriteArgs(source, path.join(dir, sprite));
  await runBinary(ffmpegPath(options.ffmpeg), args, timeLimitMs(source.duration), options.niceness);
  await writeFile(
    path.join(dir, map),
    previewMap(sprite, { duration: source.duration, interval, tiles, height }),
  );
  return { interval, tiles, files: [map, sprite] };
}
