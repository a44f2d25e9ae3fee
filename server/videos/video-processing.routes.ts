/**
 * API.md, Videos: an own video's conversion to adaptive streaming, polled while it runs, and its
 * retry after a failure. Registered inside videos/videos.routes.ts (same prefix and tags).
 */
import { VideoProcessing } from '../../contract/processing.js';
import { Envelope } from '../../contract/common.js';
import { VideoIdParams } from '../../contract/videos.js';
import { callerId } from '../auth/plugin.js';
import { ok } from '../http/envelope.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { ownProcessing, retryProcessing } from './video-lifecycle.js';
import { errorResponses, mediaUrlsOf } from '../http/route-helpers.js';

const tags = ['videos'];
const security = [{ cookieAuth: [] }];

export default async function videoProcessingRoutes(app: App, { ctx }: RouteOptions) {
  app.get(
    '/:videoId/processing',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: "An own video's conversion to adaptive streaming (polled while it runs)",
        params: VideoIdParams,
        response: { 200: Envelope(VideoProcessing), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const processing = await ownProcessing(
        ctx.db,
        request.params.videoId,
        callerId(request),
        mediaUrlsOf(request, ctx),
      );
      return ok(processing, 'Processing fetched');
    },
  );

  app.post(
    '/:videoId/processing/retry',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: "Retry an own video's failed conversion to adaptive streaming",
        params: VideoIdParams,
        response: { 200: Envelope(VideoProcessing), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const processing = await retryProcessing(
        ctx,
        request.params.videoId,
        callerId(request),
        mediaUrlsOf(request, ctx),
      );
      return ok(processing, 'Conversion restarted');
    },
  );
}
