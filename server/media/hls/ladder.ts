/**
 * The HLS rendition ladder: which heights a source is transcoded to and at what bitrate.
 *
 * 480p, 720p and 1080p, never taller than the source (upscaling only costs bytes). A source
 * shorter than 480 lines gets one rendition at its own height, so every video has at least one
 * stream to adapt from. Bitrates are caps (`-maxrate`) over a constant-quality encode; the master
 * playlist declares the peak each rendition really reached, not these caps.
 */

export interface Rendition {
  /** Output height in lines; the width follows the source's aspect ratio (even). */
  height: number;
  /** `-maxrate` of the video stream, in kbit/s. */
  maxrateKbps: number;
  /** H.264 level, as ffmpeg's `-level` and as the hex pair of the RFC 6381 codec string. */
  level: { ffmpeg: string; hex: string };
}

const LADDER: readonly Rendition[] = [
  { height: 480, maxrateKbps: 1_400, level: { ffmpeg: '3.0', hex: '1e' } },
  { height: 720, maxrateKbps: 2_800, level: { ffmpeg: '3.1', hex: '1f' } },
  { height: 1080, maxrateKbps: 5_000, level: { ffmpeg: '4.0', hex: '28' } },
];

/** Audio is the same in every rendition: stereo AAC-LC. */
export const AUDIO_KBPS = 128;

/** The renditions for a source of `sourceHeight` lines, lowest first (the order they are made). */
export function renditionsFor(sourceHeight: number): Rendition[] {
  const fitting = LADDER.filter((r) => r.height <= sourceHeight);
  if (fitting.length > 0) return fitting;
  // Below 480 lines (or an unknown height, 0): one rendition at the source's own (even) height.
  const [lowest] = LADDER as [Rendition];
  const height = sourceHeight >= 2 ? sourceHeight - (sourceHeight % 2) : lowest.height;
  return [{ ...lowest, height: Math.min(height, lowest.height) }];
}

/** The rendition's name, used in storage keys, the API and the quality menu ("720p"). */
export function renditionName(height: number): string {
  return `${height}p`;
}

/** RFC 6381 codecs of a rendition: H.264 Main profile at its level, and AAC-LC when it has sound. */
export function codecsOf(rendition: Rendition, hasAudio: boolean): string {
  const video = `avc1.4d40${rendition.level.hex}`;
  return hasAudio ? `${video},mp4a.40.2` : video;
}
