/** API.md, Users: GET /users/history (registered under the /users prefix). */
import { Envelope } from '../../contract/common.js';
import { HistoryPage, HistoryQuery } from '../../contract/history.js';
import { callerId } from '../auth/plugin.js';
import { ok } from '../http/envelope.js';
import type { App, RouteOptions } from '../http/types.js';
import { listHistory } from '../services/history.js';
import { errorResponses, mediaUrlsOf } from './route-helpers.js';

export default async function historyRoutes(app: App, { ctx }: RouteOptions) {
  app.get(
    '/history',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['users'],
        security: [{ cookieAuth: [] }],
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
}
