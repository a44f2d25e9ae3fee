/**
 * Captions (contract/captions.ts): the list for whoever may see the video (sign-in optional, so
 * the embed's visitors get them), and upload, replace and delete for the owner.
 */
import type { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import { Envelope } from '../../contract/common.js';
import {
  CAPTION_LIMITS,
  Caption,
  CaptionBody,
  CaptionFileParams,
  CaptionList,
  CaptionParams,
} from '../../contract/captions.js';
import { VideoIdParams } from '../../contract/videos.js';
import { callerId } from '../auth/plugin.js';
import { requiredField } from '../errors.js';
import { ok } from '../http/envelope.js';
import { fileRule } from '../http/multipart.js';
import {
  cleanupMultipartBody,
  receiveMultipartBody,
  receivedFiles,
} from '../http/multipart-body.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { errorResponses, mediaUrlsOf, SIGNED_IN } from '../http/route-helpers.js';
import { captionFileKey, deleteCaption, listCaptions, putCaption } from './captions.js';

const tags = ['captions'];

export default async function captionsRoutes(app: App, { ctx }: RouteOptions) {
  app.get(
    '/:videoId/captions',
    {
      schema: {
        tags,
        summary: "A video's captions, one WebVTT file per language (sign-in optional)",
        params: VideoIdParams,
        response: { 200: Envelope(CaptionList), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const viewer = request.auth?.userId ?? null;
      const list = await listCaptions(
        ctx.db,
        request.params.videoId,
        viewer,
        mediaUrlsOf(request, ctx),
      );
      return ok(list, 'Captions fetched successfully');
    },
  );

  app.get(
    '/:videoId/captions/:language/:file',
    {
      schema: {
        tags,
        summary: 'One WebVTT file of a video the caller may see (sign-in optional)',
        params: CaptionFileParams,
        produces: ['text/vtt'],
        // A stream is sent as it is (no serializer runs for it).
        response: {
          200: Type.Unsafe<Readable>({ type: 'string', description: 'WebVTT' }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const key = await captionFileKey(ctx.db, request.params, request.auth?.userId ?? null);
      // Private: who may read it depends on the caller; a new file gets a new URL.
      return reply
        .type('text/vtt; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(ctx.storage.stream(key));
    },
  );

  app.put(
    '/:videoId/captions/:language',
    {
      onRequest: app.requireAuth,
      preValidation: receiveMultipartBody(ctx.tmpDir, { file: fileRule(CAPTION_LIMITS.bytes) }),
      onSend: cleanupMultipartBody,
      schema: {
        tags,
        security: SIGNED_IN,
        summary:
          'Upload or replace the captions of one language (WebVTT or SubRip, stored as WebVTT)',
        consumes: ['multipart/form-data'],
        params: CaptionParams,
        body: CaptionBody,
        response: { 200: Envelope(Caption), ...errorResponses(400, 401, 404, 413, 415) },
      },
    },
    async (request) => {
      const file = receivedFiles(request).file;
      if (!file) throw requiredField('file');
      const caption = await putCaption(
        ctx,
        callerId(request),
        { ...request.params, label: request.body.label, file },
        mediaUrlsOf(request, ctx),
      );
      return ok(caption, 'Captions saved');
    },
  );

  app.delete(
    '/:videoId/captions/:language',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security: SIGNED_IN,
        summary: 'Remove the captions of one language',
        params: CaptionParams,
        response: { 200: Envelope(Type.Null()), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { videoId, language } = request.params;
      await deleteCaption(ctx, callerId(request), videoId, language);
      return ok(null, 'Captions removed');
    },
  );
}
