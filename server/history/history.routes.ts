/**
 * Watch history: API.md's GET /users/history and the two removals it lists under Videos
 * (DELETE /videos/watch-history[/{videoId}]). Registered at the API root, so paths are full.
 */
import { EmptyObject, Envelope } from '../../contract/common.js';
import { HistoryPage, HistoryQuery } from '../../contract/history.js';
import { DeletedCount, VideoIdParams } from '../../contract/videos.js';
import { callerId } from '../auth/plugin.js';
import { ok } from '../http/envelope.js';
import { notFound } from '../errors.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { clearHistory, listHistory, removeFromHistory } from './history.js';
import { errorResponses, mediaUrlsOf } from '../http/route-helpers.js';

// OpenAPI groups each call where API.md lists it.
const tags = ['videos'];
const security = [{ cookieAuth: [] }];

export default async function historyRoutes(app: App, { ctx }: RouteOptions) {
  app.get(
    '/users/history',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['users'],
        security,
        summary: "The caller's watch history, newest first, one entry per video",
        querystring: HistoryQuery,
        response: { 200: Envelope(HistoryPage), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const data = await listHistory(
        ctx.db,
        callerId(request),
        page,
        limit,
        mediaUrlsOf(request, ctx),
      );
      return ok(data, 'Watch history fetched');
    },
  );

  app.delete(
    '/videos/watch-history',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: "Clear the caller's watch history",
        response: { 200: Envelope(DeletedCount), ...errorResponses(401) },
      },
    },
    async (request) => {
      const deletedCount = await clearHistory(ctx.db, callerId(request));
      return ok({ deletedCount }, 'Watch history cleared');
    },
  );

  app.delete(
    '/videos/watch-history/:videoId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: "Remove one video from the caller's watch history",
        params: VideoIdParams,
        response: { 200: Envelope(EmptyObject), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const removed = await removeFromHistory(ctx.db, callerId(request), request.params.videoId);
      if (!removed) throw notFound('Video not found in watch history');
      return ok({}, 'Video removed from watch history');
    },
  );
}
