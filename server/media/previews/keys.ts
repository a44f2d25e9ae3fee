/**
 * Storage keys and the WebVTT map of a video's seek previews (issue 34). They sit beside its HLS
 * files under the same random prefix, so deleting the video and retiring its URLs when it is
 * unpublished (processing/video-hls-files.ts) take them along:
 *
 *   hls/<prefix>-<id>-previews.jpg   the sprite sheet: tiles of TILE_WIDTH px, COLUMNS a row
 *   hls/<prefix>-<id>-previews.vtt   one cue per tile: `<prefix>-<id>-previews.jpg#xywh=x,y,w,h`
 *
 * The map names the sprite relatively (no path), so clients resolve it against the map's URL.
 */
import { HLS_FOLDER } from '../hls/keys.js';

export const TILE_WIDTH = 160;
export const COLUMNS = 10;
/** At most this many tiles: one sprite of 10 × 10 at 160 × 90 is about 0.4 MB of JPEG. */
export const MAX_TILES = 100;

export interface PreviewFiles {
  id: string;
}

export const previewStem = (prefix: string, { id }: PreviewFiles) => `${prefix}-${id}-previews`;
export const spriteKey = (prefix: string, p: PreviewFiles) =>
  `${HLS_FOLDER}/${previewStem(prefix, p)}.jpg`;
export const mapKey = (prefix: string, p: PreviewFiles) =>
  `${HLS_FOLDER}/${previewStem(prefix, p)}.vtt`;

export function previewKeys(prefix: string, previews: PreviewFiles | null | undefined): string[] {
  return previews ? [mapKey(prefix, previews), spriteKey(prefix, previews)] : [];
}

/** Seconds between tiles: whole seconds, so that a video has at most MAX_TILES tiles. */
export function tileInterval(duration: number): number {
  return Math.max(1, Math.ceil(duration / MAX_TILES));
}

/** Tiles of a video: one per interval begun (the first at 0 s). */
export function tileCount(duration: number, interval: number): number {
  return Math.min(MAX_TILES, Math.max(1, Math.ceil(duration / interval)));
}

/** A tile's height for the source's shape, even (the JPEG encoder's chroma needs it). */
export function tileHeight(width: number, height: number): number {
  if (width <= 0 || height <= 0) return 90;
  return Math.max(2, Math.round((TILE_WIDTH * height) / width / 2) * 2);
}

const stamp = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
};

/** The WebVTT map: tile i covers [i·interval, (i+1)·interval), the last one up to the end. */
export function previewMap(
  sprite: string,
  {
    duration,
    interval,
    tiles,
    height,
  }: { duration: number; interval: number; tiles: number; height: number },
): string {
  const lines = ['WEBVTT', ''];
  for (let i = 0; i < tiles; i++) {
    const start = i * interval;
    const end = i === tiles - 1 ? Math.max(duration, start + interval) : start + interval;
    const x = (i % COLUMNS) * TILE_WIDTH;
    const y = Math.floor(i / COLUMNS) * height;
    lines.push(`${stamp(start)} --> ${stamp(end)}`);
    lines.push(`${sprite}#xywh=${x},${y},${TILE_WIDTH},${height}`, '');
  }
  return lines.join('\n');
}
