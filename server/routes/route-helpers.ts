/** Small pieces every route module shares: documented error responses and media URLs. */
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { publicOrigin } from '../http/origin.js';
import type { AppContext } from '../context.js';
import type { MediaUrls } from '../services/video-dto.js';

/** Error responses of a route, all in the one error envelope (documented in OpenAPI). */
export function errorResponses<const C extends readonly number[]>(...codes: C) {
  const ref = Type.Unsafe<{ statusCode: number; data: null; message: string; success: false }>(
    Type.Ref('ErrorEnvelope'),
  );
  return Object.fromEntries(codes.map((code) => [code, ref])) as Record<C[number], typeof ref>;
}

export function mediaUrlsOf(request: FastifyRequest, ctx: AppContext): MediaUrls {
  return { storage: ctx.storage, origin: publicOrigin(request, ctx.config) };
}
