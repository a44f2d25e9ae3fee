import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** The origin clients reach us at: PUBLIC_URL when set, else the request's protocol and host. */
export function publicOrigin(request: FastifyRequest, config: Config): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * What media URLs are built from for this request (videos/video-dto.ts `MediaUrls`): the
 * storage, and the origin the client reached us at.
 */
export function mediaUrlsOf<S>(
  request: FastifyRequest,
  { config, storage }: { config: Config; storage: S },
): { storage: S; origin: string } {
  return { storage, origin: publicOrigin(request, config) };
}
