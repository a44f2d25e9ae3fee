/**
 * The types route and page modules are written against: the app as buildApp returns it (server/
 * app.ts) and the options every route plugin receives.
 */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ServerContext } from '../context.js';

/** The Fastify instance with TypeBox typing, as route modules receive it. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/**
 * A route plugin's options: the context (server/context.ts), or the wider one its domain declares
 * (videos/videos-context.ts…): the app hands every plugin the same object, which has them all.
 */
export interface RouteOptions<Context extends ServerContext = ServerContext> {
  ctx: Context;
}
