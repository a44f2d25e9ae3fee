/**
 * The onSend hook of every route whose success changes what public feed and search pages show
 * (feed/feed-changes.ts): a video uploaded, edited, published or unpublished, deleted, or a
 * channel renamed or given a new avatar. It runs after the handler's transaction committed and
 * before the answer leaves, so the writer's next read, on any replica, misses the cache.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { announceFeedChange } from '../feed/feed-changes.js';

export function announceFeedWrites(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode < 400) {
      const { videoId } = (request.params ?? {}) as { videoId?: string };
      await announceFeedChange(ctx, videoId ? { videoId } : {}, request.log);
    }
    return payload;
  };
}
