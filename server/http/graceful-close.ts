/**
 * How a replica leaves when its app closes (main.ts, on SIGTERM: a rolling restart). Fastify
 * stops accepting connections, so the balancer sends the next ones to the replicas still up, and
 * the close waits for the requests already here; the live streams end at once (live/live-events.routes.ts)
 * and their clients reconnect through the balancer, elsewhere.
 *
 * Two things are changed from Fastify's defaults, for the requests that reach a replica on a
 * connection the balancer kept alive:
 * - A request that arrives during the close is served, not answered 503 (Fastify's default, and
 *   outside the error envelope): the replica still works until the close ends, and a balancer may
 *   not pass a POST on to another replica, so a 503 would fail a write that could have been made.
 * - Every response sent from the start of the close says `Connection: close` (Fastify says it only
 *   on requests that start during the close): a connection whose request was in flight is closed
 *   after it, instead of going back to the balancer's pool, where its next request would race the
 *   replica closing it.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

export const GRACEFUL_CLOSE_OPTIONS = {
  return503OnClosing: false,
} as const satisfies FastifyServerOptions;

export function installGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // Not async: a promise per response would delay every answer by a turn of the event loop.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
