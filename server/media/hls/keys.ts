/**
 * Storage keys of a video's HLS files. Everything lives flat in the `hls/` folder under one random
 * prefix per video (storage keys are one folder deep, and relative URIs in the playlists then need
 * no path), so the master, each rendition's playlist, init segment and media segments are:
 *
 *   hls/<prefix>.m3u8  hls/<prefix>-720p.m3u8  hls/<prefix>-720p-init.mp4  hls/<prefix>-720p-00000.m4s
 */
export const HLS_FOLDER = 'hls';

/** File name stem of one rendition's files ("<prefix>-720p"), as ffmpeg is told to write them. */
export function renditionStem(prefix: string, rendition: string): string {
  return `${prefix}-${rendition}`;
}

export function masterKey(prefix: string): string {
  return `${HLS_FOLDER}/${prefix}.m3u8`;
}

/** Every key of one rendition with `segments` media segments, the playlist first. */
export function renditionKeys(prefix: string, rendition: string, segments: number): string[] {
  const stem = renditionStem(prefix, rendition);
  const keys = [`${HLS_FOLDER}/${stem}.m3u8`, `${HLS_FOLDER}/${stem}-init.mp4`];
  for (let i = 0; i < segments; i++) keys.push(`${HLS_FOLDER}/${segmentName(stem, i)}`);
  return keys;
}

/** ffmpeg's `-hls_segment_filename` pattern for a stem, and the name it gives segment `i`. */
export function segmentPattern(stem: string): string {
  return `${stem}-%05d.m4s`;
}
function segmentName(stem: string, index: number): string {
  return `${stem}-${String(index).padStart(5, '0')}.m4s`;
}

/**
 * Every key of a video's HLS files: each listed rendition, and the master once there is one (it
 * is written after the first rendition is recorded: a video still without one has no files).
 */
export function hlsKeys(
  prefix: string,
  renditions: readonly { name: string; segments: number }[],
): string[] {
  if (renditions.length === 0) return [];
  return [
    masterKey(prefix),
    ...renditions.flatMap((r) => renditionKeys(prefix, r.name, r.segments)),
  ];
}
