import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** The origin clients reach us at: PUBLIC_URL when set, else the request's protocol and host. */
export function publicOrigin(request: FastifyRequest, config: Config): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}
