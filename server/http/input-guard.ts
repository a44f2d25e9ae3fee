/**
 * Two kinds of value pass schema validation but can never be meant and would fail in the
 * database with a 500:
 * - U+0000 in text: PostgreSQL text cannot hold it. No field of this API has a use for one, so it
 *   is refused with a 400 naming the field (rather than stripped, which would silently store
 *   something other than what the client sent).
 * - ±Infinity in a number: ajv coerces "Infinity" or "1e309" in a query string to Infinity and
 *   compares `maximum` against the string before coercion, so `page=Infinity` passes the schema.
 * Runs as a preHandler, after validation, so that multipart text fields, which routes parse in
 * preValidation, are checked too.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';

const NUL = '\u0000';

/** What a refused NUL is told, wherever it arrives (here, or inside JSON text such as tags). */
export const NUL_PROBLEM = 'must not contain a NUL character (\\u0000)';

export function containsNul(text: string): boolean {
  return text.includes(NUL);
}

/** The problem with `value` itself, or undefined. */
function problemOf(value: unknown): string | undefined {
  if (typeof value === 'string' && containsNul(value)) return NUL_PROBLEM;
  if (typeof value === 'number' && !Number.isFinite(value)) return 'must be a finite number';
  return undefined;
}

/** The dotted path and problem of the first bad value under `value`, or undefined. */
export function findProblem(value: unknown, path: string): [string, string] | undefined {
  const problem = problemOf(value);
  if (problem) return [path, problem];
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = findProblem(child, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return undefined;
}

function checkRequest(request: FastifyRequest): void {
  const parts = { params: request.params, query: request.query, body: request.body };
  for (const [part, value] of Object.entries(parts)) {
    const found = findProblem(value, '');
    if (found) throw badRequest(`${found[0] || part}: ${found[1]}`);
  }
}

export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => checkRequest(request));
}
