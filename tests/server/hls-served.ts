/**
 * Reads a video's HLS files as a player does: the master playlist at its media URL, each
 * rendition's playlist, init segment and media segments at URIs resolved against the URL of the
 * playlist that names them, following the server's redirects to the bucket.
 */
import HLS from 'hls-parser';
import { expect } from 'vitest';
import { MEDIA_PREFIX } from '../../server/storage/storage.js';
import type { TestApp } from './helpers.js';
import { mediaPath } from './transcode-helpers.js';

/** One media URL's body, through the app (and the bucket when the app redirects there). */
async function served(t: TestApp, url: string): Promise<Buffer> {
  const res = await t.app.inject({ url: mediaPath(url) });
  if (res.statusCode === 302) {
    const bucket = await fetch(String(res.headers.location));
    expect(bucket.status, url).toBe(200);
    return Buffer.from(await bucket.arrayBuffer());
  }
  expect(res.statusCode, url).toBe(200);
  return res.rawPayload;
}

/**
 * Every file a player reaches from `masterUrl`, by storage key. `check` sees each body before it
 * is parsed.
 */
export async function servedHls(
  t: TestApp,
  masterUrl: string,
  check: (key: string, body: Buffer) => void = () => {},
): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const read = async (url: string) => {
    const body = await served(t, url);
    const key = new URL(url).pathname.slice(MEDIA_PREFIX.length);
    check(key, body);
    files.set(key, body);
    return body.toString();
  };
  const master = HLS.parse(await read(masterUrl)) as HLS.types.MasterPlaylist;
  expect(master.variants.length).toBeGreaterThan(0);
  for (const variant of master.variants) {
    const playlistUrl = new URL(variant.uri, masterUrl).toString();
    const playlist = HLS.parse(await read(playlistUrl)) as HLS.types.MediaPlaylist;
    const uris = new Set(playlist.segments.flatMap((s) => [s.map?.uri ?? [], s.uri].flat()));
    for (const uri of uris) await read(new URL(uri, playlistUrl).toString());
  }
  return files;
}
