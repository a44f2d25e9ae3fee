/**
 * Resumable uploads (tus 1.0.0, creation and termination extensions) for large videos:
 * `POST /videos/uploads` creates an upload (size limit and fields checked here, before any byte),
 * `HEAD /videos/uploads/{id}` tells how many bytes arrived, `PATCH /videos/uploads/{id}` appends from there,
 * `DELETE /videos/uploads/{id}` abandons it, and `POST /videos/uploads/{id}/finish` (multipart, optional
 * thumbnail) makes the video. Every call is the creator's alone: anyone else gets a 404.
 */
import { FileStore } from '@tus/file-store';
import { Metadata } from '@tus/server';
import type { FastifyRequest } from 'fastify';
import { Envelope } from '../../contract/common.js';
import { VideoItem } from '../../contract/shapes.js';
import { ResumableUploadFields, UploadFinishBody, UploadIdParams } from '../../contract/uploads.js';
import { callerId } from '../auth/plugin.js';
import { created } from '../http/envelope.js';
import { badRequest, payloadTooLarge } from '../http/errors.js';
import { IMAGE_RULE, fileRule } from '../http/multipart.js';
import {
  cleanupMultipartBody,
  receiveMultipartBody,
  receivedFiles,
} from '../http/multipart-body.js';
import { normalizeFields } from '../http/normalize-fields.js';
import {
  createTusServer,
  handOverToTus,
  passTusBodiesThrough,
  replyFromTus,
  tusCreationRequest,
} from '../http/tus-server.js';
import type { App, RouteOptions } from '../app-types.js';
import {
  finishResumableUpload,
  ownedUpload,
  resumableUploadsDir,
  uploadMetadata,
} from '../services/resumable-upload.js';
import { videoItemById } from '../services/video-lifecycle.js';
import { errorResponses, mediaUrlsOf } from './route-helpers.js';

const tags = ['uploads'];
const security = [{ cookieAuth: [] }];

/** The creation's fields arrive in `Upload-Metadata`; as the body, the schema checks them. */
async function metadataIntoBody(request: FastifyRequest): Promise<void> {
  const header = request.headers['upload-metadata'];
  try {
    request.body = typeof header === 'string' ? Metadata.parse(header) : {};
  } catch {
    throw badRequest('Upload-Metadata: must be comma-separated "key base64value" pairs');
  }
}

/** The whole size is declared up front (no deferred length), so the limit applies at creation. */
function declaredLength(request: FastifyRequest, maxBytes: number): number {
  const header = request.headers['upload-length'];
  if (typeof header !== 'string' || !/^\d{1,16}$/.test(header)) {
    throw badRequest('Upload-Length: must be the file size in bytes');
  }
  const length = Number(header);
  if (length === 0) throw badRequest('videoFile: is empty');
  if (length > maxBytes) {
    throw payloadTooLarge(`videoFile: file is larger than ${fileRule(maxBytes).limitText}`);
  }
  return length;
}

export default async function uploadsRoutes(app: App, { ctx }: RouteOptions) {
  const store = new FileStore({ directory: resumableUploadsDir(ctx.config) });
  const tus = createTusServer(ctx.config, store);
  passTusBodiesThrough(app);

  app.post(
    '/',
    {
      onRequest: app.requireAuth,
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
        response: errorResponses(400, 401, 413),
      },
    },
    async (request, reply) => {
      declaredLength(request, ctx.config.maxVideoBytes);
      const metadata = uploadMetadata(request.body, callerId(request));
      await replyFromTus(reply, await tus.handleWeb(tusCreationRequest(request, metadata)));
    },
  );

  app.route({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: '/:uploadId',
    onRequest: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'tus: bytes received (HEAD), append at Upload-Offset (PATCH), abandon (DELETE)',
      params: UploadIdParams,
      response: errorResponses(400, 401, 404),
    },
    handler: async (request, reply) => {
      await ownedUpload(store, request.params.uploadId, callerId(request));
      await handOverToTus(tus, request, reply);
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
      ],
      onSend: cleanupMultipartBody,
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
      const caller = callerId(request);
      const id = await finishResumableUpload(
        ctx,
        store,
        request.params.uploadId,
        caller,
        thumbnail,
      );
      const video = await videoItemById(ctx.db, id, mediaUrlsOf(request, ctx));
      return reply.status(201).send(created(video, 'Video uploaded'));
    },
  );
}
