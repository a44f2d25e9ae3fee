/**
 * The master playlist the server writes: one EXT-X-STREAM-INF per rendition that is ready, lowest
 * first, with measured bandwidth, resolution and codecs. A new one is stored with each rendition
 * that finishes (media/hls/keys.ts), so a page loaded afterwards offers the new quality.
 */

export interface ReadyRendition {
  /** "720p". */
  name: string;
  width: number;
  height: number;
  /** Measured, in bits per second. */
  bandwidth: number;
  averageBandwidth: number;
  /** RFC 6381 codecs string. */
  codecs: string;
  /** URI of the rendition's media playlist, relative to the master playlist. */
  uri: string;
}

export function masterPlaylist(renditions: readonly ReadyRendition[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of [...renditions].sort((a, b) => a.height - b.height)) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},AVERAGE-BANDWIDTH=${r.averageBandwidth},` +
        `RESOLUTION=${r.width}x${r.height},CODECS="${r.codecs}"`,
      r.uri,
    );
  }
  return `${lines.join('\n')}\n`;
}
