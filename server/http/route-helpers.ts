/** Small pieces every route module shares: documented error responses and media URLs. */
import { Type } from '@sinclair/typebox';

// Routes and pages (server/pages) build media URLs the same way; the one copy sits in http/.
export { mediaUrlsOf } from './origin.js';

/** Error responses of a route, all in the one error envelope (documented in OpenAPI). */
export function errorResponses<const C extends readonly number[]>(...codes: C) {
  const ref = Type.Unsafe<{ statusCode: number; data: null; message: string; success: false }>(
    Type.Ref('ErrorEnvelope'),
  );
  return Object.fromEntries(codes.map((code) => [code, ref])) as Record<C[number], typeof ref>;
}

/** OpenAPI: the route needs the accessToken cookie (securitySchemes.cookieAuth in app.ts). */
export const SIGNED_IN = [{ cookieAuth: [] }];

/** The bodies a form-like route reads: JSON, urlencoded and multipart text fields alike. */
export const JSON_OR_FORM = [
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
];
