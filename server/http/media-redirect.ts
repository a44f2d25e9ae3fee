/**
 * Media URLs when objects live in a bucket (S3_BUCKET): `/media/{key}` answers 302 to a
 * short-lived signed URL on the bucket, and the browser fetches the bytes (and every Range of a
 * video) from there, so Node never relays media. The URL names stay the access rule, as on the
 * local disk: unpublishing moves an object to a fresh unguessable key and deletes the old one,
 * so an old URL is a 404 here. The redirect itself is `no-store`: each page load gets a fresh
 * signature, and no cache keeps one past its expiry.
 *
 * HLS playlists are the exception: they are sent from here. Their URIs are relative, and a player
 * resolves them against the URL the playlist came from; from a signed bucket URL they would name
 * the bucket's objects unsigned, which a private bucket refuses. Read from `/media/` they resolve
 * to media URLs, each redirected to its own signature. Playlists are a few kB; segments, the
 * bytes, still go straight from the bucket.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MEDIA_PREFIX, SAFE_KEY, type DirectReads, type MediaStorage } from '../storage/storage.js';
import { cacheControlOf, contentTypeOf } from './media-types.js';

const isPlaylist = (key: string) => key.endsWith('.m3u8');

/** The whole object, or null when it does not exist. */
async function readObject(storage: MediaStorage, key: string): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of storage.stream(key)) chunks.push(chunk as Buffer);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    throw error;
  }
  return Buffer.concat(chunks);
}

async function sendPlaylist(storage: MediaStorage, key: string, reply: FastifyReply) {
  const playlist = await readObject(storage, key);
  if (!playlist) return reply.callNotFound();
  return reply.type(contentTypeOf(key)).header('cache-control', cacheControlOf(key)).send(playlist);
}

export function installMediaRedirect(
  app: FastifyInstance,
  storage: MediaStorage,
  direct: DirectReads,
): void {
  app.get(`${MEDIA_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!SAFE_KEY.test(key)) return reply.callNotFound();
    if (isPlaylist(key)) return sendPlaylist(storage, key, reply);
    // One HEAD on the bucket: a retired or unknown key is our 404, not the bucket's XML error.
    if ((await storage.size(key)) === null) return reply.callNotFound();
    const target = await direct.signedUrl(key);
    return reply.header('cache-control', 'no-store').redirect(target, 302);
  });
}
