/**
 * HLS from a bucket (S3_*), on a real S3-compatible server (s3rver). A player starts at the
 * master playlist's media URL and resolves each URI against the URL its playlist was read from,
 * as hls.js does (after redirects). Every rendition playlist, init segment and media segment must
 * then be reached through a signed URL: an unsigned one is refused by a private bucket (403; s3rver
 * serves it anyway, so the test checks for the signature). That holds because the server answers
 * playlists itself: redirected to the bucket, their relative URIs would name unsigned objects.
 * And a cross-origin GET of a segment passes with the bucket CORS rule docs/operations.md gives.
 */
import HLS from 'hls-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { startS3Server, type S3TestServer } from './s3-server.js';
import { mediaPath, transcodeNow, uploadHd } from './transcode-helpers.js';

const SITE = 'https://videos.example.com';

/** One file as the player received it: from where (after redirects), and what. */
interface Loaded {
  url: string;
  status: number;
  header: (name: string) => string | null;
  body: Buffer;
}

let s3: S3TestServer;
let t: TestApp;
let owner: TestUser;
let masterUrl: string;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ s3: s3.config });
  owner = await createUser(t, 's3_hls_owner');
  const ready = await transcodeNow(t, owner, await uploadHd(t, owner));
  expect(ready.processing.renditions).toEqual(['480p', '720p']);
  masterUrl = ready.processing.hlsUrl!;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

/** GET as a browser would: our media URLs through the app, a 302 followed to the bucket. */
async function load(url: string, origin?: string): Promise<Loaded> {
  const headers: Record<string, string> = origin ? { origin } : {};
  if (new URL(url).origin === new URL(masterUrl).origin) {
    const res = await t.app.inject({ url: mediaPath(url), headers });
    if (res.statusCode !== 302) {
      const header = (name: string) => (name in res.headers ? String(res.headers[name]) : null);
      return { url, status: res.statusCode, header, body: res.rawPayload };
    }
    url = String(res.headers.location);
  }
  const res = await fetch(url, { headers });
  return {
    url,
    status: res.status,
    header: (name) => res.headers.get(name),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

/** The media URL of the lowest rendition's first segment, found as a player finds it. */
async function firstSegmentUrl(): Promise<string> {
  const master = await load(masterUrl);
  const variant = (HLS.parse(master.body.toString()) as HLS.types.MasterPlaylist).variants[0]!;
  const playlist = await load(new URL(variant.uri, master.url).toString());
  const first = (HLS.parse(playlist.body.toString()) as HLS.types.MediaPlaylist).segments[0]!;
  return new URL(first.uri, playlist.url).toString();
}

const isSigned = (url: string) => new URL(url).searchParams.has('X-Amz-Signature');

describe('HLS with media in S3', () => {
  it('reaches every playlist and segment, each object through a signed URL', async () => {
    const master = await load(masterUrl);
    expect(master.status).toBe(200);
    const parsed = HLS.parse(master.body.toString()) as HLS.types.MasterPlaylist;
    expect(parsed.variants.map((v) => v.resolution?.height)).toEqual([480, 720]);

    const objects: Loaded[] = [];
    for (const variant of parsed.variants) {
      const playlist = await load(new URL(variant.uri, master.url).toString());
      expect(playlist.status, variant.uri).toBe(200);
      const media = HLS.parse(playlist.body.toString()) as HLS.types.MediaPlaylist;
      const uris = [media.segments[0]!.map.uri, ...media.segments.map((s) => s.uri)];
      for (const uri of uris) objects.push(await load(new URL(uri, playlist.url).toString()));
    }
    expect(objects.length).toBeGreaterThanOrEqual(4);
    for (const object of objects) {
      expect(object.status, object.url).toBe(200);
      expect(isSigned(object.url), object.url).toBe(true);
      expect(object.body.toString('latin1', 4, 8), object.url).toMatch(/^(ftyp|styp|moof)$/);
    }
  });

  it('answers playlists itself, uncached, and redirects segments to the bucket', async () => {
    const res = await t.app.inject({ url: mediaPath(masterUrl) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    // A master playlist gains a line per rendition as each is ready.
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.startsWith('#EXTM3U')).toBe(true);
    const segment = await t.app.inject({ url: mediaPath(await firstSegmentUrl()) });
    expect(segment.statusCode).toBe(302);
    expect(isSigned(String(segment.headers.location))).toBe(true);
    const unknown = await t.app.inject({ url: mediaPath(masterUrl, 'unknownAAAAAAA.m3u8') });
    expect(unknown.statusCode).toBe(404);
  });

  it('lets the site read a segment cross-origin under the documented bucket CORS rule', async () => {
    await s3.allowSite(SITE);
    const segmentUrl = await firstSegmentUrl();

    const allowed = await load(segmentUrl, SITE);
    expect(allowed.status).toBe(200);
    expect(allowed.header('access-control-allow-origin')).toBe(SITE);
    const other = await load(segmentUrl, 'https://elsewhere.example');
    expect(other.header('access-control-allow-origin')).toBeNull();
  });
});
