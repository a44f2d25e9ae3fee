/**
 * Reads what ffmpeg wrote for one rendition: its media playlist's segments and their sizes, and
 * from them the bandwidth the master playlist must declare. HLS (RFC 8216 §4.3.4.2) asks for the
 * peak segment bit rate in BANDWIDTH and the average in AVERAGE-BANDWIDTH; measuring them from the
 * real segments keeps players from picking a rendition the connection cannot carry.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';

export interface Segment {
  uri: string;
  seconds: number;
}

export interface VariantPlaylist {
  /** The initialisation segment (EXT-X-MAP) of fMP4 renditions. */
  initUri: string | null;
  segments: Segment[];
}

export function parseVariantPlaylist(text: string): VariantPlaylist {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  if (lines[0] !== '#EXTM3U') throw new Error('not an HLS playlist');
  let initUri: string | null = null;
  const segments: Segment[] = [];
  let pending: number | null = null;
  for (const line of lines) {
    const map = /^#EXT-X-MAP:URI="([^"]+)"/.exec(line);
    if (map) initUri = map[1] ?? null;
    const inf = /^#EXTINF:([\d.]+)/.exec(line);
    if (inf) pending = Number(inf[1]);
    else if (line && !line.startsWith('#') && pending !== null) {
      segments.push({ uri: line, seconds: pending });
      pending = null;
    }
  }
  return { initUri, segments };
}

export interface Bandwidth {
  /** Bits per second of the most demanding segment. */
  peak: number;
  /** Bits per second over the whole rendition. */
  average: number;
}

/** Peak and average bit rate of a rendition written into `dir`. */
export async function measureBandwidth(dir: string, playlist: VariantPlaylist): Promise<Bandwidth> {
  let peak = 0;
  let bits = 0;
  let seconds = 0;
  for (const segment of playlist.segments) {
    const { size } = await stat(path.join(dir, segment.uri));
    // A last segment of a fraction of a second would overstate the peak; count it as 1 s at least.
    peak = Math.max(peak, (size * 8) / Math.max(segment.seconds, 1));
    bits += size * 8;
    seconds += segment.seconds;
  }
  return { peak: Math.ceil(peak), average: Math.ceil(seconds > 0 ? bits / seconds : 0) };
}
