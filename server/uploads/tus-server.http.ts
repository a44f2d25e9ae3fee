/**
 * The tus protocol server (@tus/server) inside Fastify. Fastify routes do what every route does
 * (auth on onRequest, schemas, ownership) and then hand the request to tus, which speaks the
 * protocol (HEAD offsets, PATCH appends, 409 on a wrong offset, locks per upload). Fastify must
 * not read a PATCH body: tus streams it straight into the file store.
 *
 * tus acts on the upload that was authorised, never on another: routes accept only the canonical
 * URL of an upload (`uploadUrl`), and tus takes the id from the URL's path alone (not from the
 * last `/` of the whole URL, query string included, which is its default).
 *
 * tus' answers go out through Fastify like any other (security and CORS headers, the one error
 * envelope): its status codes and protocol headers stay, its text/plain error bodies become the
 * envelope with a message from tus-messages.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, Metadata, Server, type DataStore } from '@tus/server';
import { NodeRequest } from 'srvx/node';
import { API_PREFIX } from '../../contract/limits.js';
import type { Config } from '../config.js';
import { invalid, notFound } from '../errors.js';
import { HttpError } from '../http/http-error.js';
import { UPLOAD_NOT_FOUND, tusErrorMessage } from './tus-messages.js';

export const TUS_PATH = `${API_PREFIX}/videos/uploads`;
export const TUS_VERSION = '1.0.0';

/** tus' own upload ids: 32 lower-case hex digits (file and object names; never a path or `..`). */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** The one URL of an upload that its routes accept. */
export function uploadUrl(uploadId: string): string {
  return `${TUS_PATH}/${uploadId}`;
}

/** The upload id in a URL's path; a query string, a fragment or any other shape names none. */
function uploadIdOfUrl(url: string): string | undefined {
  const { pathname } = new URL(url, 'http://localhost');
  const id = pathname.slice(TUS_PATH.length + 1);
  return pathname === uploadUrl(id) && UPLOAD_ID.test(id) ? id : undefined;
}

/**
 * The extensions this server really offers, which discovery announces: not the file store's list.
 * No creation-with-upload (the creation's body is not read: the bytes come with PATCH), no
 * deferred length (Upload-Length is required at creation), no expiration (abandoned uploads go
 * by inactivity, maintenance/upload-expiry.ts, so there is no Upload-Expires to promise).
 */
export const TUS_EXTENSIONS = ['creation', 'termination'];

export function createTusServer(config: Config, store: DataStore): Server {
  return new Server({
    path: TUS_PATH,
    datastore: store,
    // Read per request, like the multipart route: the limit follows MAX_VIDEO_BYTES as it is now.
    maxSize: () => config.maxVideoBytes,
    // `/api/v1/videos/uploads/{id}`: right behind any proxy, whatever host the client used.
    relativeLocation: true,
    getFileIdFromRequest: (request) => uploadIdOfUrl(request.url),
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
 * onRequest hook of the tus routes: the protocol asks for `Tus-Resumable` on every response but
 * OPTIONS, our own refusals (401, 404, 400 for bad metadata) included.
 */
export async function tusResumableHeader(_request: FastifyRequest, reply: FastifyReply) {
  void reply.header('tus-resumable', TUS_VERSION);
}

/**
 * onRequest hook (after auth) of the routes of one upload: the URL must be exactly that upload's,
 * so no query string, trailing slash, fragment or encoded slash can make tus compute another id
 * than the one whose ownership the route checks. Anything else is an upload that does not exist.
 */
export async function canonicalUploadUrl(request: FastifyRequest) {
  const { uploadId } = request.params as { uploadId?: unknown };
  if (typeof uploadId !== 'string' || request.raw.url !== uploadUrl(uploadId)) {
    throw notFound(UPLOAD_NOT_FOUND);
  }
}

/**
 * Refuses (400, before tus) the headers of extensions this server does not offer: tus would answer
 * them with a 501, or never see them (the creation request it gets is rebuilt without them). A
 * concatenation, a deferred length, or a length sent again with PATCH (known since creation).
 */
export function refuseUnofferedExtensions(request: FastifyRequest): void {
  const has = (name: string) => request.headers[name] !== undefined;
  const refuse = (error: { body: string }) => invalid(tusErrorMessage(error.body));
  if (has('upload-concat')) throw refuse(ERRORS.UNSUPPORTED_CONCATENATION_EXTENSION);
  if (has('upload-defer-length')) throw refuse(ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION);
  if (request.method === 'PATCH' && has('upload-length')) throw refuse(ERRORS.INVALID_LENGTH);
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
  return new Request(new URL(TUS_PATH, 'http://localhost'), { method: 'POST', headers });
}

/** tus' discovery answer (OPTIONS): versions, extensions and the size limit. */
export function tusDiscoveryRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  if (request.headers.origin) headers.set('origin', request.headers.origin);
  return new Request(new URL(TUS_PATH, 'http://localhost'), { method: 'OPTIONS', headers });
}

/**
 * Lets tus answer HEAD, PATCH or DELETE of the upload the route authorised. The request must be
 * at that upload's canonical URL (the route checks it on onRequest); tus reads the body from the
 * raw request through srvx's NodeRequest, the adapter its own `handle()` uses.
 */
export async function answerWithTus(
  tus: Server,
  request: FastifyRequest,
  reply: FastifyReply,
  uploadId: string,
): Promise<void> {
  if (request.raw.url !== uploadUrl(uploadId)) throw notFound(UPLOAD_NOT_FOUND);
  const response = await tus.handleWeb(new NodeRequest({ req: request.raw, res: reply.raw }));
  await replyFromTus(reply, response);
}

/** Sends tus' answer through Fastify; an error leaves through the one error handler. */
export async function replyFromTus(reply: FastifyReply, response: Response): Promise<void> {
  response.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'content-type') void reply.header(name, value);
  });
  const text = await response.text();
  if (response.status >= 500 && response.status !== 501) {
    throw new Error(`tus answered ${response.status}: ${text.trim()}`);
  }
  if (response.status >= 400) throw new HttpError(response.status, tusErrorMessage(text));
  await reply.status(response.status).send();
}
