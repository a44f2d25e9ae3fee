/**
 * Resume where you left off (contract/watch-progress.ts): the player's position reports and the
 * positions of the videos a page of cards shows. Registered at the API root, so paths are full.
 */
import { Envelope } from '../../contract/common.js';
import { VideoIdParams } from '../../contract/videos.js';
import {
  WatchProgress,
  WatchProgressBody,
  WatchProgressList,
  WatchProgressQuery,
} from '../../contract/watch-progress.js';
import { MAX_LIMIT } from '../../contract/limits.js';
import { callerId } from '../auth/plugin.js';
import { ok } from '../http/envelope.js';
import { multipartFieldsToBody } from '../http/multipart.js';
import { invalid } from '../errors.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { saveWatchProgress, watchProgressOf } from './watch-progress.js';
import { errorResponses } from '../http/route-helpers.js';

const tags = ['videos'];
const security = [{ cookieAuth: [] }];

export default async function watchProgressRoutes(app: App, { ctx }: RouteOptions) {
  app.put(
    '/videos/:videoId/progress',
    {
      onRequest: app.requireAuth,
      // API.md: a JSON call may also come as form fields (read from text, http/form-bodies.ts).
      preValidation: multipartFieldsToBody,
      schema: {
        tags,
        security,
        summary: 'Where the caller stopped in a video (the player reports it while playing)',
        consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
        params: VideoIdParams,
        body: WatchProgressBody,
        response: { 200: Envelope(WatchProgress), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const saved = await saveWatchProgress(
        ctx.db,
        callerId(request),
        request.params.videoId,
        request.body.seconds,
      );
      return ok(saved, 'Progress saved');
    },
  );

  app.get(
    '/videos/progress',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: "The caller's positions in up to 50 videos (for progress bars on cards)",
        querystring: WatchProgressQuery,
        response: { 200: Envelope(WatchProgressList), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const ids = [...new Set(request.query.ids.split(','))];
      if (ids.length > MAX_LIMIT) throw invalid(`ids: at most ${MAX_LIMIT} videos`);
      const progress = await watchProgressOf(ctx.db, callerId(request), ids);
      return ok({ progress }, 'Progress fetched');
    },
  );
}
