/**
 * Media URLs when objects live in a bucket (S3_BUCKET): `/media/{key}` answers 302 to a
 * short-lived signed URL on the bucket, and the browser fetches the bytes (and every Range of a
 * video) from there, so Node never relays media. The URL names stay the access rule, as on the
 * local disk: unpublishing moves an object to a fresh unguessable key and deletes the old one,
 * so an old URL is a 404 here. The redirect itself is `no-store`: each page load gets a fresh
 * signature, and no cache keeps one past its expiry.
 */
import type { FastifyInstance } from 'fastify';
import { MEDIA_PREFIX, SAFE_KEY, type DirectReads, type MediaStorage } from '../storage/storage.js';

export function installMediaRedirect(
  app: FastifyInstance,
  storage: MediaStorage,
  direct: DirectReads,
): void {
  app.get(`${MEDIA_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    // One HEAD on the bucket: a retired or unknown key is our 404, not the bucket's XML error.
    if (!SAFE_KEY.test(key) || (await storage.size(key)) === null) return reply.callNotFound();
    const target = await direct.signedUrl(key);
    return reply.header('cache-control', 'no-store').redirect(target, 302);
  });
}
