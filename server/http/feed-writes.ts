/**
 * The onSend hook of every route whose success changes what public feed and search pages show
 * (ServerContext.feedChanged, feed/feed-changes.ts): a video uploaded, edited, published or unpublished, deleted, or a
 * channel renamed or given a new avatar. It runs after the handler's transaction committed and
 * before the answer leaves, so the writer's next read, on any replica, misses the cache.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';

export function announceFeedWrites(ctx: Pick<ServerContext, 'feedChanged'>) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode < 400) {
      const { videoId } = (request.params ?? {}) as { videoId?: string };
      await ctx.feedChanged(videoId ? { videoId } : {}, request.log);
    }
    return payload;
  };
}
