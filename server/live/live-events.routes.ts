/**
 * GET /events: the caller's Server-Sent Events stream (contract/live-events.ts). The reply is
 * hijacked from Fastify: nothing may buffer it (compression would hold the bytes until a block
 * fills), so the headers set so far (security, CORS) are written with the stream's own, and the
 * live hub (live/live-hub.ts) owns the response from then on. The stream's slot is taken
 * before anything is awaited and lives exactly as long as the connection (live/live-streams.ts).
 */
import type { OutgoingHttpHeaders } from 'node:http';
import { LiveEventsQuery } from '../../contract/notifications.js';
import { unauthorized, unavailable } from '../errors.js';
import type { App, RouteOptions } from '../http/app-types.js';
import type { LiveHub } from './live-hub.js';
import { assertVisibleVideo } from '../videos/index.js';
import { errorResponses } from '../http/route-helpers.js';

/**
 * A stream asked of a replica that is closing (server/http/graceful-close.ts): it would keep the
 * close waiting. A balancer passes the GET on to another replica (nginx: `http_503`).
 */
export const CLOSING = 'This server is restarting; try again';

export default async function liveEventsRoutes(
  app: App,
  { ctx, hub }: RouteOptions & { hub: LiveHub },
) {
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
      if (!request.auth) throw unauthorized('Unauthorized request');
      const { userId, sessionId } = request.auth;
      if (hub.closed) throw unavailable(CLOSING);
      const res = reply.raw;
      const stream = hub.take({ userId, sessionId, address: request.ip }, res);
      const videoId = request.query.video ?? null;
      try {
        if (videoId) await assertVisibleVideo(ctx.db, videoId, userId);
        if (hub.closed) throw unavailable(CLOSING);
      } catch (error) {
        if (stream) hub.free(stream);
        throw error;
      }
      reply.hijack();
      // The client went away before the answer: nothing to send, no slot held.
      if (!stream || stream.closed) return;
      const set = Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined);
      res.writeHead(200, {
        ...(Object.fromEntries(set) as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx buffers proxied responses unless told not to.
        'x-accel-buffering': 'no',
      });
      hub.start(stream, videoId);
    },
  );
}
