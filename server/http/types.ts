import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { MediaStorage } from '../storage/storage.js';

/** The Fastify instance with TypeBox typing, as route modules receive it. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** What every route module and service needs; passed as the route plugin's options. */
export interface AppContext {
  config: Config;
  db: Db;
  storage: MediaStorage;
}

export interface RouteOptions {
  ctx: AppContext;
}
