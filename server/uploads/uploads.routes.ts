/**
 * Resumable uploads (tus 1.0.0, creation and termination extensions) for large videos:
 * `OPTIONS /videos/uploads` tells what the server supports (tus discovery, also the CORS
 * preflight), `POST /videos/uploads` creates an upload (size limit and fields checked here, before
 * any byte), `HEAD /videos/uploads/{id}` tells how many bytes arrived, `PATCH /videos/uploads/{id}`
 * appends from there, `DELETE /videos/uploads/{id}` abandons it, and
 * `POST /videos/uploads/{id}/finish` (multipart, optional thumbnail) makes the video. Every call on
 * an upload is the creator's alone, at that upload's own URL: anything else gets a 404.
 */
import { Metadata } from '@tus/server';
import type { FastifyRequest } from 'fastify';
import { Envelope } from '../../contract/common.js';
import { VideoItem } from '../../contract/shapes.js';
import { ResumableUploadFields, UploadFinishBody, UploadIdParams } from '../../contract/uploads.js';
import { callerId } from '../auth/plugin.js';
import { assertMayUpload } from '../accounts/index.js';
import { created } from '../http/envelope.js';
import { invalid, emptyFile, fileTooLarge } from '../errors.js';
import { IMAGE_RULE } from '../http/multipart.js';
import {
  cleanupMultipartBody,
  receiveMultipartBody,
  receivedFiles,
} from '../http/multipart-body.js';
import { normalizeFields } from '../http/normalize-fields.js';
import {
  answerWithTus,
  canonicalUploadUrl,
  createTusServer,
  passTusBodiesThrough,
  refuseUnofferedExtensions,
  replyFromTus,
  tusCreationRequest,
  tusDiscoveryRequest,
  tusResumableHeader,
} from './tus-server.http.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { finishResumableUpload, ownedUpload, uploadMetadata } from './resumable-upload.js';
import { announceFeedWrites } from '../http/feed-writes.js';
import { openResumableStore } from './resumable-store.http.js';
import { videoItemById } from '../videos/index.js';
import { errorResponses, mediaUrlsOf } from '../http/route-helpers.js';

const tags = ['uploads'];
const security = [{ cookieAuth: [] }];

/** The creation's fields arrive in `Upload-Metadata`; as the body, the schema checks them. */
async function metadataIntoBody(request: FastifyRequest): Promise<void> {
  const header = request.headers['upload-metadata'];
  try {
    request.body = typeof header === 'string' ? Metadata.parse(header) : {};
  } catch {
    throw invalid('Upload-Metadata: must be comma-separated "key base64value" pairs');
  }
}

/** The whole size is declared up front (no deferred length), so the limit applies at creation. */
function declaredLength(request: FastifyRequest, maxBytes: number): number {
  const header = request.headers['upload-length'];
  if (typeof header !== 'string' || !/^\d{1,16}$/.test(header)) {
    throw invalid('Upload-Length: must be the file size in bytes');
  }
  const length = Number(header);
  if (length === 0) throw emptyFile('videoFile');
  if (length > maxBytes) throw fileTooLarge('videoFile', maxBytes);
  return length;
}

export default async function uploadsRoutes(app: App, { ctx }: RouteOptions) {
  const store = await openResumableStore(ctx);
  const tus = createTusServer(ctx.config, store);
  passTusBodiesThrough(app);

  // Discovery needs no account, and answers with or without an Origin. A preflight from a listed
  // origin gets its CORS headers from the CORS plugin and tus' list of allowed headers from here.
  for (const url of ['/', '/:uploadId']) {
    app.options(url, {
      config: { cors: { preflightContinue: true, strictPreflight: false } },
      schema: {
        tags,
        summary: 'tus discovery: Tus-Version, Tus-Extension and Tus-Max-Size (204)',
        hide: url !== '/',
      },
      handler: async (request, reply) => {
        await replyFromTus(reply, await tus.handleWeb(tusDiscoveryRequest(request)));
      },
    });
  }

  app.post(
    '/',
    {
      onRequest: [
        tusResumableHeader,
        app.requireAuth,
        (request) => assertMayUpload(ctx, callerId(request)),
      ],
      preValidation: [
        metadataIntoBody,
        normalizeFields({ trimKeepBlank: ['title', 'description'] }),
      ],
      schema: {
        tags,
        security,
        summary: 'Create a resumable upload (tus): Upload-Length and Upload-Metadata headers',
        description:
          'Upload-Metadata holds title, description, tags (JSON text) and filename, base64.',
        body: ResumableUploadFields,
        response: errorResponses(400, 401, 403, 413),
      },
    },
    async (request, reply) => {
      refuseUnofferedExtensions(request);
      declaredLength(request, ctx.config.maxVideoBytes);
      const metadata = uploadMetadata(request.body, callerId(request));
      await replyFromTus(reply, await tus.handleWeb(tusCreationRequest(request, metadata)));
    },
  );

  app.route({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: '/:uploadId',
    onRequest: [tusResumableHeader, app.requireAuth, canonicalUploadUrl],
    schema: {
      tags,
      security,
      summary: 'tus: bytes received (HEAD), append at Upload-Offset (PATCH), abandon (DELETE)',
      params: UploadIdParams,
      response: errorResponses(400, 401, 403, 404, 409, 410, 412, 413),
    },
    handler: async (request, reply) => {
      const { uploadId } = request.params;
      await ownedUpload(store, uploadId, callerId(request));
      refuseUnofferedExtensions(request);
      await answerWithTus(tus, request, reply, uploadId);
    },
  });

  app.post(
    '/:uploadId/finish',
    {
      onRequest: app.requireAuth,
      preValidation: [
        receiveMultipartBody(ctx.tmpDir, { thumbnail: IMAGE_RULE }, { allowOtherBodies: true }),
        // Without a thumbnail the call may have no body at all; a frame of the video is used.
        async (request) => {
          request.body ??= {};
        },
        // A title sent blank is refused, not taken for "keep the creation's".
        normalizeFields({ trimKeepBlank: ['title', 'description'] }),
      ],
      // A finished upload is in the feed at once, as one sent with POST /videos.
      onSend: [cleanupMultipartBody, announceFeedWrites(ctx)],
      schema: {
        tags,
        security,
        summary: 'Make the video of a complete upload (optional multipart thumbnail)',
        consumes: ['multipart/form-data', 'application/json'],
        params: UploadIdParams,
        body: UploadFinishBody,
        response: { 201: Envelope(VideoItem), ...errorResponses(400, 401, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const { thumbnail } = receivedFiles(request);
      const { title, description, tags } = request.body;
      const id = await finishResumableUpload(
        ctx,
        store,
        request.params.uploadId,
        callerId(request),
        {
          thumbnail,
          fields: { title, description, tags },
        },
      );
      const video = await videoItemById(ctx.db, id, mediaUrlsOf(request, ctx));
      return reply.status(201).send(created(video, 'Video uploaded'));
    },
  );
}
