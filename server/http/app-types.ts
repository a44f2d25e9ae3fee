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
import type { AppContext } from '../context.js';

/** The Fastify instance with TypeBox typing, as route modules receive it. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** A route plugin's options: the shared context (server/context.ts). */
export interface RouteOptions {
  ctx: AppContext;
}
