/**
 * Every request's parameters, query and body are checked for values that pass schema validation
 * but can never be meant (input-problems.ts):
 * - U+0000 in text: PostgreSQL text cannot hold it. No field of this API has a use for one, so it
 *   is refused with a 400 naming the field (rather than stripped, which would silently store
 *   something other than what the client sent).
 * - ±Infinity in a number: ajv coerces "Infinity" or "1e309" in a query string to Infinity and
 *   compares `maximum` against the string before coercion, so `page=Infinity` passes the schema.
 * Runs as a preHandler, after validation, so that multipart text fields, which routes parse in
 * preValidation, are checked too.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findProblem, problemRefusal } from '../input-problems.js';

function checkRequest(request: FastifyRequest): void {
  const parts = { params: request.params, query: request.query, body: request.body };
  for (const [part, value] of Object.entries(parts)) {
    const found = findProblem(value, '');
    if (found) throw problemRefusal(found[0] || part, found[1]);
  }
}

export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => checkRequest(request));
}
