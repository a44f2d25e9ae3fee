/**
 * The route shape of every "list of a user's (or a channel's) things": a signed-in GET that
 * answers one page whose data is a bare array (API.md's shape) and carries the whole list's
 * number of rows in the X-Total-Count header, so a client can page without a second call. The
 * response schema names the header, which puts it in the OpenAPI document.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { Envelope } from '../../contract/common.js';
import { TOTAL_COUNT_HEADER } from '../../contract/list-total.js';
import type { App } from './app-types.js';
import { ok } from './envelope.js';
import { errorResponses } from './route-helpers.js';

function withTotalCount<T extends TSchema>(schema: T): T {
  return {
    ...schema,
    headers: {
      [TOTAL_COUNT_HEADER]: {
        type: 'integer',
        description: 'How many rows the whole list has (all pages)',
      },
    },
  };
}

export interface CountedListRoute<P extends TSchema, Q extends TSchema, I extends TSchema> {
  /** OpenAPI grouping and security of the module the route belongs to. */
  tags: string[];
  security: Record<string, string[]>[];
  /** What the list is, e.g. "A user's tweets, newest first"; the header's mention is added. */
  summary: string;
  params?: P;
  querystring: Q;
  /** One element of the list. */
  item: I;
  /** The envelope's message, e.g. 'Tweets fetched'. */
  message: string;
}

/** One page of the list and the whole list's count, read by the route's service call. */
export type ListPage<I extends TSchema> = { items: Static<I>[]; total: number };

export function countedListRoute<P extends TSchema, Q extends TSchema, I extends TSchema>(
  app: App,
  path: string,
  route: CountedListRoute<P, Q, I>,
  list: (input: {
    params: Static<P>;
    query: Static<Q>;
    request: FastifyRequest;
  }) => Promise<ListPage<I>>,
): void {
  app.get(
    path,
    {
      onRequest: app.requireAuth,
      schema: {
        tags: route.tags,
        security: route.security,
        summary: `${route.summary} (total in X-Total-Count)`,
        ...(route.params ? { params: route.params } : {}),
        querystring: route.querystring,
        response: {
          200: withTotalCount(Envelope(Type.Array(route.item))),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const { items, total } = await list({
        params: request.params,
        query: request.query,
        request,
      });
      reply.header(TOTAL_COUNT_HEADER, total);
      return ok(items, route.message);
    },
  );
}
