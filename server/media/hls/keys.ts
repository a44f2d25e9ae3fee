/**
 * Storage keys of a video's HLS files. Everything lives flat in the `hls/` folder under one random
 * prefix per video (storage keys are one folder deep, and relative URIs in the playlists then need
 * no path).
 *
 * Each attempt at making a rendition draws a random id, and every file it writes carries it: the
 * rendition's playlist, init and media segments, and the master playlist that lists the rendition
 * with those recorded before it. A run that stalled past its job's lease can still finish a PUT
 * after its retry stored the same rendition, and then it writes only keys of its own, which no row
 * names: the bytes a row names are only ever written by the attempt the row recorded. So no key is
 * ever written twice, and a master never changes once stored.
 *
 *   hls/<prefix>-<id>.m3u8                  the master as of the rendition <id>
 *   hls/<prefix>-<id>-720p.m3u8             hls/<prefix>-<id>-720p-init.mp4
 *   hls/<prefix>-<id>-720p-00000.m4s        …
 *
 * Renditions recorded before ids existed have none, and keep their layout: one master rewritten
 * after each of them, `hls/<prefix>.m3u8`, and `hls/<prefix>-720p.m3u8`, `…-720p-init.mp4`, ….
 */
export const HLS_FOLDER = 'hls';

/** What the keys of a recorded rendition follow from. */
export interface RenditionFiles {
  /** "720p". */
  name: string;
  /** The attempt that made it; absent on renditions recorded before ids. */
  id?: string;
  segments: number;
}

/** File name stem of one rendition's files ("<prefix>-<id>-720p"), as ffmpeg is told to write them. */
export function renditionStem(prefix: string, rendition: Pick<RenditionFiles, 'name' | 'id'>) {
  return rendition.id
    ? `${prefix}-${rendition.id}-${rendition.name}`
    : `${prefix}-${rendition.name}`;
}

/** The master stored with the rendition `id` (without one: the master of the older layout). */
export function masterKey(prefix: string, id?: string): string {
  return id ? `${HLS_FOLDER}/${prefix}-${id}.m3u8` : `${HLS_FOLDER}/${prefix}.m3u8`;
}

/** The master players are given: the one stored with the last rendition recorded. */
export function currentMasterKey(
  prefix: string,
  renditions: readonly Pick<RenditionFiles, 'id'>[],
): string | null {
  const last = renditions.at(-1);
  return last ? masterKey(prefix, last.id) : null;
}

/** Every key of one rendition: the playlist first, then init and media segments. */
export function renditionKeys(prefix: string, rendition: RenditionFiles): string[] {
  const stem = renditionStem(prefix, rendition);
  const keys = [`${HLS_FOLDER}/${stem}.m3u8`, `${HLS_FOLDER}/${stem}-init.mp4`];
  for (let i = 0; i < rendition.segments; i++) keys.push(`${HLS_FOLDER}/${segmentName(stem, i)}`);
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
 * Every key of a video's HLS files: each listed rendition with the master stored with it, and
 * the older layout's one master while a rendition without an id is listed.
 */
export function hlsKeys(prefix: string, renditions: readonly RenditionFiles[]): string[] {
  const keys = renditions.some((r) => !r.id) ? [masterKey(prefix)] : [];
  for (const rendition of renditions) {
    if (rendition.id) keys.push(masterKey(prefix, rendition.id));
    keys.push(...renditionKeys(prefix, rendition));
  }
  return keys;
}
