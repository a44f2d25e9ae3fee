/**
 * GET /events: the caller's Server-Sent Events stream (contract/live-events.ts). The reply is
 * hijacked from Fastify: nothing may buffer it (compression would hold the bytes until a block
 * fills), so the headers set so far (security, CORS) are written with the stream's own, and the
 * live hub (services/live-hub.ts) owns the response from then on.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import { LiveEventsQuery } from '../../contract/notifications.js';
import { callerId } from '../auth/plugin.js';
import { HttpError } from '../http/errors.js';
import type { App, RouteOptions } from '../app-types.js';
import { LiveHub } from '../services/live-hub.js';
import { assertVisibleVideo } from '../services/video-watch.js';
import { errorResponses } from './route-helpers.js';

export const TOO_MANY_STREAMS = 'Too many live connections for this account';
/**
 * A stream asked of a replica that is closing (server/http/graceful-close.ts): it would keep the
 * close waiting. A balancer passes the GET on to another replica (nginx: `http_503`).
 */
export const CLOSING = 'This server is restarting; try again';

export default async function liveEventsRoutes(app: App, { ctx }: RouteOptions) {
  const hub = new LiveHub(ctx);
  // Before the server waits for open connections to end: streams never end by themselves.
  app.addHook('preClose', (done) => {
    hub.close();
    done();
  });

  app.get(
    '/',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['events'],
        security: [{ cookieAuth: [] }],
        summary:
          'Server-Sent Events (text/event-stream): notifications, and comments of the watched video',
        querystring: LiveEventsQuery,
        response: errorResponses(400, 401, 404, 429, 503),
      },
    },
    async (request, reply) => {
      const userId = callerId(request);
      const videoId = request.query.video ?? null;
      if (videoId) await assertVisibleVideo(ctx.db, videoId, userId);
      if (hub.closed) throw new HttpError(503, CLOSING);
      if (!hub.canOpen(userId)) throw new HttpError(429, TOO_MANY_STREAMS);
      reply.hijack();
      const res = reply.raw;
      const set = Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined);
      res.writeHead(200, {
        ...(Object.fromEntries(set) as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx buffers proxied responses unless told not to.
        'x-accel-buffering': 'no',
      });
      hub.add(userId, videoId, res);
    },
  );
}
