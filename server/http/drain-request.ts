/**
 * When an upload is refused part-way (a size limit, an unexpected file field), @fastify/multipart
 * unpipes the request and leaves the rest of its body unread on the socket, so the next request
 * on that keep-alive connection hangs and then fails with a reset. Reading and discarding the
 * remainder keeps the connection usable and lets a client that is still sending receive the
 * error response.
 */
import type { FastifyRequest } from 'fastify';

/** Discards the unread rest of the body; past `maxBytes` the connection is dropped instead. */
export function drainRequestBody(request: FastifyRequest, maxBytes = Infinity): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  if (Number.isFinite(maxBytes)) {
    let seen = 0;
    raw.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) raw.destroy();
    });
  }
  raw.resume();
}
