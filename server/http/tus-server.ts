/**
 * The tus protocol server (@tus/server) inside Fastify. Fastify routes do what every route does
 * (auth on onRequest, schemas, ownership) and then hand the raw request to tus, which speaks the
 * protocol (HEAD offsets, PATCH appends, 409 on a wrong offset, locks per upload). Fastify must
 * not read a PATCH body: tus streams it straight into the file store.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FileStore } from '@tus/file-store';
import { Metadata, Server } from '@tus/server';
import { API_PREFIX } from '../../contract/limits.js';
import type { Config } from '../config.js';

export const TUS_PATH = `${API_PREFIX}/videos/uploads`;

export function createTusServer(config: Config, store: FileStore): Server {
  return new Server({
    path: TUS_PATH,
    datastore: store,
    // Read per request, like the multipart route: the limit follows MAX_VIDEO_BYTES as it is now.
    maxSize: () => config.maxVideoBytes,
    // `/api/v1/videos/uploads/{id}`: right behind any proxy, whatever host the client used.
    relativeLocation: true,
    // tus answers '*' by default; only the origins the API trusts may read its answers.
    allowedOrigins: (origin) => config.corsOrigins.includes(origin),
    allowedCredentials: true,
  });
}

/** The tus PATCH body is the file's bytes: left unread for tus to stream. */
export function passTusBodiesThrough(app: Pick<FastifyInstance, 'addContentTypeParser'>): void {
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => {
    done(null);
  });
}

/**
 * The creation request as tus sees it: the client's size and protocol version, and the metadata
 * the server decided (tus reads the raw request's headers, so they cannot be rewritten there).
 * A creation has no body (tus-js-client sends the bytes with PATCH), so a Web Request carries it.
 */
export function tusCreationRequest(
  request: FastifyRequest,
  metadata: Record<string, string>,
): Request {
  const headers = new Headers({ 'upload-metadata': Metadata.stringify(metadata) });
  for (const name of ['tus-resumable', 'upload-length', 'origin']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  return new Request(new URL(request.url, 'http://localhost'), { method: 'POST', headers });
}

/** Sends tus' answer to a Web Request through Fastify, so it gets every usual header. */
export async function replyFromTus(reply: FastifyReply, response: Response): Promise<void> {
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') void reply.header(name, value);
  });
  await reply.status(response.status).send(await response.text());
}

/**
 * Lets tus answer a raw request (HEAD, PATCH, DELETE). The headers Fastify's hooks set so far (security headers, CORS) are copied to
 * the raw response first, since a hijacked reply no longer sends them.
 */
export async function handOverToTus(
  tus: Server,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
  reply.hijack();
  try {
    await tus.handle(request.raw, reply.raw);
  } catch (error) {
    request.log.error({ err: error }, 'tus request failed');
    if (reply.raw.headersSent) reply.raw.destroy();
    else reply.raw.writeHead(500).end();
  }
}
