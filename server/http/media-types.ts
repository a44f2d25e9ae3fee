/**
 * What a media file is sent as, by its name: its Content-Type and Cache-Control. Shared by the
 * server's own answers (media-files.ts, media-redirect.ts) and by the balancer of `npm run
 * cluster`, which sends local media itself and writes the same types into its configuration
 * (scripts/cluster/nginx.ts), so both answer a file alike.
 */
import path from 'node:path';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  // HLS (processing/video-transcode.ts): playlists and fragmented-MP4 segments.
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  // Captions (issue 34, server/captions).
  '.vtt': 'text/vtt; charset=utf-8',
};

/** Any other name's type: bytes to download, never something a browser renders. */
export const DEFAULT_MEDIA_TYPE = 'application/octet-stream';

/** An HLS master playlist gains a line as each rendition is ready, so playlists are revalidated;
 * everything else under a media name never changes. */
export const cacheControlOf = (key: string) => (key.endsWith('.m3u8') ? 'no-cache' : IMMUTABLE);

export const contentTypeOf = (key: string) => MEDIA_TYPES[path.extname(key)] ?? DEFAULT_MEDIA_TYPE;
