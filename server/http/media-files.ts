/**
 * GET/HEAD /media/{folder}/{file}: the media folder as plain static files, with byte ranges and
 * immutable caching (names are random and content-unique; an unpublished video's file moves to a
 * fresh name, so no ownership lookup is needed per request). Only names the storage itself
 * generates are served, which rules out dot files and any way out of the folder.
 *
 * Behind nginx (MEDIA_ACCEL_REDIRECT), every check and header stays here and only the bytes move.
 * nginx first asks `HEAD` of a file and, on this answer, sends it itself (its check is kept 10 s,
 * scripts/cluster/nginx.ts); what it passes on (a revalidation, a file it did not find) is
 * answered here, and a GET's bytes with an empty body and `X-Accel-Redirect: {prefix}{key}`, which
 * nginx sends from its `internal` location (Range, HEAD and sendfile included) at its own CPU cost
 * per GB (issue 35). The headers set here go with it either way.
 *
 * Files are held open between requests (open-media-files.ts): a player's ranges of one file cost
 * one stat each, not an open, a stat and a close.
 *
 * Why not @fastify/static here: its fs.ReadStream allocates a 64 kB buffer per chunk, and the
 * garbage collections that forces made serving cost 4–13× nginx's CPU per GB; file-pump.ts
 * sends through reused 1 MB buffers instead (issue 11, bench/media-stream.ts).
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MEDIA_PREFIX, SAFE_KEY } from '../storage/storage.js';
import { byteRange } from './byte-range.js';
import { failure } from './envelope.js';
import { pumpFile } from './file-pump.js';
import { cacheControlOf, contentTypeOf } from './media-types.js';
import { OpenMediaFiles } from './open-media-files.js';

/** The same weak validator @fastify/send gave, so caches keep their entries across the change. */
const etagOf = (size: number, mtimeMs: number) =>
  `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;

/** How the bytes of a checked request leave: from this process, or from nginx's location. */
export interface MediaDelivery {
  /** nginx's `internal` location prefix (ends in `/`); absent: this process sends the bytes. */
  accelRedirect?: string;
}

async function serveMedia(
  files: OpenMediaFiles,
  delivery: MediaDelivery,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const key = (request.params as { '*': string })['*'];
  if (!SAFE_KEY.test(key)) return reply.callNotFound();
  const lease = await files.lease(key);
  if (!lease) return reply.callNotFound();
  try {
    const { handle, size, mtimeMs, mtime } = lease.file;
    const etag = etagOf(size, mtimeMs);
    void reply.headers({
      'content-type': contentTypeOf(key),
      'accept-ranges': 'bytes',
      'cache-control': cacheControlOf(key),
      etag,
      'last-modified': mtime.toUTCString(),
    });
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    // If-Range with another validator: the file changed since the client's first part, send all.
    const ifRange = request.headers['if-range'];
    const range = byteRange(ifRange && ifRange !== etag ? undefined : request.headers.range, size);
    if (range.kind === 'unsatisfiable') {
      return reply
        .code(416)
        .type('application/json; charset=utf-8')
        .header('content-range', `bytes */${size}`)
        .send(failure(416, 'Range Not Satisfiable'));
    }
    if (delivery.accelRedirect && request.method === 'GET') {
      // nginx answers the Range (206, Content-Range) from the client's own headers, and says
      // Accept-Ranges itself (it would keep ours too: the header twice).
      return reply
        .removeHeader('accept-ranges')
        .header('x-accel-redirect', `${delivery.accelRedirect}${key}`)
        .header('content-length', '0')
        .send();
    }
    const [start, end] = range.kind === 'part' ? [range.start, range.end] : [0, size - 1];
    if (range.kind === 'part') {
      void reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
    }
    void reply.header('content-length', String(end - start + 1));
    if (request.method === 'HEAD' || size === 0) return reply.send();
    // The body bypasses Fastify's reply pipeline (onSend hooks, compression: media is already
    // compressed); the headers set so far, security headers included, go out as they are.
    reply.hijack();
    const headers = Object.entries(reply.getHeaders()).filter(([, v]) => v !== undefined);
    reply.raw.writeHead(reply.statusCode, Object.fromEntries(headers) as OutgoingHttpHeaders);
    await pumpFile(handle, reply.raw, start, end);
    return reply;
  } finally {
    await lease.release();
  }
}

export function installMediaFiles(
  app: FastifyInstance,
  root: string,
  delivery: MediaDelivery = {},
): void {
  const files = new OpenMediaFiles(root);
  app.addHook('onClose', () => files.closeAll());
  app.route({
    method: ['GET', 'HEAD'],
    url: `${MEDIA_PREFIX}*`,
    schema: { hide: true },
    handler: (request, reply) => serveMedia(files, delivery, request, reply),
  });
}
