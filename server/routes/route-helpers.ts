/** Small pieces shared by the video, engagement and history route modules. */
import { Type } from '@sinclair/typebox';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
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

/**
 * For multipart routes: the body schema documents the form fields in OpenAPI, but the body is
 * read by streaming inside the handler (and validated there), so Fastify must not validate it.
 * Params and query are still checked against their schemas.
 */
export const multipartValidator: FastifySchemaCompiler<unknown> = (route) => {
  if (route.httpPart === 'body') return (value: unknown) => ({ value });
  return TypeBoxValidatorCompiler(route as Parameters<typeof TypeBoxValidatorCompiler>[0]);
};

export function mediaUrlsOf(request: FastifyRequest, ctx: AppContext): MediaUrls {
  return { storage: ctx.storage, origin: publicOrigin(request, ctx.config) };
}
