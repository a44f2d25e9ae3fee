/**
 * Lists whose data is a bare array (API.md's shape) carry the total number of rows in the
 * X-Total-Count header, so a client can page without a second call. The response schema names
 * the header, which puts it in the OpenAPI document.
 */
import type { TSchema } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { TOTAL_COUNT_HEADER } from '../../contract/list-total.js';

export function withTotalCount<T extends TSchema>(schema: T): T {
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

export function setTotalCount(reply: FastifyReply, total: number): void {
  reply.header(TOTAL_COUNT_HEADER, total);
}
